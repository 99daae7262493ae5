import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { type Audience, RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';
import { ClientBrokers } from './client-brokers.js';
import type { CustomerDeleted, CustomerUpdated } from './customer.events.js';
import { clientOfLawyerEvent } from '../lawyers/lawyer.events.js';

/** Staff who may see a client: every principal broker and assistant, and the client's own broker. */
export function staffRoomsFor(brokerIds: (string | null | undefined)[]): string[] {
  const brokers = [...new Set(brokerIds.filter((id): id is string => !!id))];
  return [rooms.role('principal_broker'), rooms.role('assistant'), ...brokers.map(rooms.user)];
}

/**
 * Who hears of client events and of the client's own lawyer (the client and their staff), and of notes
 * (staff only). A lawyer of the directory concerns no client: every screen reads the directory when it opens.
 */
@Injectable()
export class CustomerAudience implements OnModuleInit {
  constructor(
    private readonly audience: RealtimeAudience,
    private readonly brokers: ClientBrokers,
  ) {}

  onModuleInit(): void {
    this.audience.register((event) => this.of(event));
  }

  private brokerOf(customerId: string): Promise<string | null> {
    return this.brokers.of(customerId);
  }

  async of(event: StoredEvent): Promise<Audience | null> {
    this.brokers.follow(event);
    if (event.streamType === 'customer') {
      const customerId = event.streamId;
      const brokers: (string | null | undefined)[] = [await this.brokerOf(customerId)];
      if (event.type === 'customer.deleted') brokers.push((event.data as CustomerDeleted['data']).brokerId);
      if (event.type === 'customer.updated')
        brokers.push((event.data as CustomerUpdated['data']).before.brokerId);
      return { rooms: [rooms.customer(customerId), ...staffRoomsFor(brokers)], customerId };
    }
    const lawyersClient = clientOfLawyerEvent(event);
    if (lawyersClient) {
      const broker = await this.brokerOf(lawyersClient);
      return {
        rooms: [rooms.customer(lawyersClient), ...staffRoomsFor([broker])],
        customerId: lawyersClient,
      };
    }
    if (event.streamType === 'note') {
      const customerId = (event.data as { customerId: string }).customerId;
      return { rooms: staffRoomsFor([await this.brokerOf(customerId)]), customerId };
    }
    if (event.streamType === 'note_reads') {
      const data = event.data as { customerId: string; userId: string };
      return { rooms: [rooms.user(data.userId)], customerId: data.customerId };
    }
    return null;
  }
}
