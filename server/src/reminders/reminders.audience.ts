import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ClientBrokers } from '../customers/client-brokers.js';
import { staffRoomsFor } from '../customers/customer.audience.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { REMINDERS_STREAM } from './reminders.events.js';

/** Reminder events reach the client's staff only; the client hears of the messages themselves. */
@Injectable()
export class RemindersAudience implements OnModuleInit {
  constructor(
    private readonly audience: RealtimeAudience,
    private readonly brokers: ClientBrokers,
  ) {}

  onModuleInit(): void {
    this.audience.register(async (event: StoredEvent) => {
      if (event.streamType !== REMINDERS_STREAM) return null;
      const customerId = event.streamId;
      return { rooms: staffRoomsFor([await this.brokers.of(customerId)]), customerId };
    });
  }
}
