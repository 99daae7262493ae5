import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';
import { BROKERAGE_STREAM } from './brokerage.events.js';

/** A change to the brokerage's details reaches every staff member (the settings page follows it live). */
@Injectable()
export class BrokerageAudience implements OnModuleInit {
  constructor(private readonly audience: RealtimeAudience) {}

  onModuleInit(): void {
    this.audience.register((event) =>
      event.streamType === BROKERAGE_STREAM.type ? { rooms: [rooms.staff], customerId: null } : null,
    );
  }
}
