import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { BROKERAGE_EVENT_TYPES, type BrokerageSettingsChanged } from './brokerage.events.js';

/** `brokerage_settings`: one row of what principal brokers have set, merged change by change. */
@Injectable()
export class BrokerageProjection extends InlineProjection {
  readonly name = 'brokerage_settings';
  readonly tables = ['brokerage_settings'];
  readonly eventTypes = BROKERAGE_EVENT_TYPES;

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    const { changes } = (event as unknown as BrokerageSettingsChanged).data;
    await tx.query(
      `INSERT INTO brokerage_settings AS s (id, settings, updated_at, version) VALUES (1, $1::jsonb, $2, $3)
       ON CONFLICT (id) DO UPDATE SET settings = s.settings || EXCLUDED.settings,
         updated_at = EXCLUDED.updated_at, version = EXCLUDED.version`,
      [JSON.stringify(changes), event.createdAt, event.version],
    );
  }
}
