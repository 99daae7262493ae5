import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../platform/database/prepared.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { CustomerUpdated } from './customer.events.js';

/** Enough for every client a brokerage works on at once; beyond it the cache starts again. */
const KEPT = 20_000;

/**
 * Each client's broker as the read table has it, for deciding who hears of an event: asked once per client
 * instead of once per event. Every instance follows the whole log in order, so a change of broker or a
 * deletion clears the client's entry here before any later event of that client is pushed.
 */
@Injectable()
export class ClientBrokers {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly dataSource: DataSource) {}

  async of(customerId: string): Promise<string | null> {
    if (this.known.has(customerId)) return this.known.get(customerId)!;
    const rows = await preparedQuery<{ broker_id: string | null }>(
      this.dataSource,
      'SELECT broker_id FROM customers WHERE id = $1',
      [customerId],
    );
    const broker = rows[0]?.broker_id ?? null;
    // A client not found (not yet projected, or deleted) is asked again next time.
    if (rows[0]) {
      if (this.known.size >= KEPT) this.known.clear();
      this.known.set(customerId, broker);
    }
    return broker;
  }

  /** Called for every event in log order, before its audience is resolved. */
  follow(event: StoredEvent): void {
    if (event.streamType !== 'customer') return;
    const changesBroker =
      event.type === 'customer.updated' && 'brokerId' in (event.data as CustomerUpdated['data']).changes;
    if (changesBroker || event.type === 'customer.deleted') this.known.delete(event.streamId);
  }
}
