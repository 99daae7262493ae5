import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ClientBrokers } from '../customers/client-brokers.js';
import { staffRoomsFor } from '../customers/customer.audience.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { type Audience, RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';

const SHARED_STREAMS = new Set(['form', 'form_file', 'file_comment']);

/** Forms, files and chat concern the customer and the staff who may see them; read marks only their reader. */
@Injectable()
export class DocumentsAudience implements OnModuleInit {
  constructor(
    private readonly audience: RealtimeAudience,
    private readonly brokers: ClientBrokers,
  ) {}

  onModuleInit(): void {
    this.audience.register((event) => this.of(event));
  }

  async of(event: StoredEvent): Promise<Audience | null> {
    const data = event.data as { customerId?: string; userId?: string };
    if (event.streamType === 'comment_reads' && data.userId) {
      return { rooms: [rooms.user(data.userId)], customerId: data.customerId ?? null };
    }
    if (!SHARED_STREAMS.has(event.streamType) || !data.customerId) return null;
    const broker = await this.brokers.of(data.customerId);
    // A lender package is staff's business: the customer is not told of its downloads.
    const staffOnly = event.type === 'form.lender_package_downloaded';
    return {
      rooms: [...(staffOnly ? [] : [rooms.customer(data.customerId)]), ...staffRoomsFor([broker])],
      customerId: data.customerId,
    };
  }
}
