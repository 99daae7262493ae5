import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BrokerageSettings } from '../../../machines/brokerage.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { preparedQuery } from '../platform/database/prepared.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { brokerageDecider } from './brokerage.decider.js';
import { BROKERAGE_STREAM } from './brokerage.events.js';

/** The brokerage's details in force: what principal brokers set, over the environment's first values. */
@Injectable()
export class BrokerageSettingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
  ) {}

  async current(): Promise<BrokerageSettings> {
    const rows = await preparedQuery<{ settings: Partial<BrokerageSettings> }>(
      this.dataSource,
      'SELECT settings FROM brokerage_settings WHERE id = 1',
      [],
    );
    return { ...this.config.brokerage, ...(rows[0]?.settings ?? {}) };
  }

  async change(changes: Partial<BrokerageSettings>, meta: EventMetadata): Promise<BrokerageSettings> {
    await this.events.handle(brokerageDecider, BROKERAGE_STREAM, { type: 'ChangeSettings', changes }, meta);
    return this.current();
  }
}
