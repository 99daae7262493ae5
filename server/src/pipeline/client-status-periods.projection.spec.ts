import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { isRead } from '../platform/event-store/batched-writes.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { ProjectionRegistry } from '../platform/event-store/projection.registry.js';
import { ClientStatusPeriodsProjection } from './client-status-periods.projection.js';

describe('the stays of a client in a status', () => {
  it('moves a client to the next status with writes alone, which travel with the append’s other writes', async () => {
    const sent: string[] = [];
    const tx = {
      query: (sql: string) => {
        sent.push(sql);
        return Promise.resolve([]);
      },
    } as unknown as EntityManager;
    const event: StoredEvent = {
      position: 12,
      streamType: 'customer',
      streamId: '6f1d2c3b-0000-4000-8000-000000000001',
      version: 3,
      type: 'customer.status_changed',
      data: { from: 'active', to: 'approved' },
      metadata: { actorId: null, actorRole: 'broker', requestId: null },
      createdAt: new Date('2026-03-01T10:00:00Z'),
    };
    await new ClientStatusPeriodsProjection(new ProjectionRegistry()).apply(event, tx);
    expect(sent).toHaveLength(2);
    expect(sent.filter(isRead)).toEqual([]);
  });
});
