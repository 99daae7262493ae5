import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from './event.types.js';
import type { Projection } from './projection.js';
import { ProjectionRegistry } from './projection.registry.js';

const tx = {} as EntityManager;

const event = (position: number, type: string): StoredEvent => ({
  position,
  type,
  data: {},
  streamType: 'test',
  streamId: 'stream',
  version: position,
  metadata: { actorId: null, actorRole: 'system' } as unknown as StoredEvent['metadata'],
  createdAt: new Date(0),
});

/** A projection that writes down what it is given, in order, into `calls`. */
function recording(name: string, eventTypes: string[], calls: string[], withAfter = true): Projection {
  return {
    name,
    tables: [],
    eventTypes,
    apply: async (e) => {
      calls.push(`${name} applies ${e.position}`);
    },
    ...(withAfter && {
      afterEvents: async (events: readonly StoredEvent[]) => {
        calls.push(`${name} after ${events.map((e) => e.position).join(',')}`);
      },
    }),
  };
}

describe('projections applying the events of one transaction', () => {
  it("calls each projection's afterEvents once, after every event, with the events it applied", async () => {
    const calls: string[] = [];
    const registry = new ProjectionRegistry();
    registry.register(recording('forms', ['form.created', 'file.checked'], calls));
    registry.register(recording('notes', ['note.added'], calls));
    registry.register(recording('plain', ['form.created'], calls, false));
    await registry.apply([event(1, 'form.created'), event(2, 'file.checked'), event(3, 'file.checked')], tx);
    expect(calls).toEqual([
      'forms applies 1',
      'plain applies 1',
      'forms applies 2',
      'forms applies 3',
      'forms after 1,2,3',
    ]);
  });

  it('leaves out the projections a rebuild lane does not hold, their afterEvents too', async () => {
    const calls: string[] = [];
    const registry = new ProjectionRegistry();
    const forms = recording('forms', ['form.created'], calls);
    registry.register(forms);
    registry.register(recording('other', ['form.created'], calls));
    await registry.apply([event(1, 'form.created')], tx, new Set([forms]));
    expect(calls).toEqual(['forms applies 1', 'forms after 1']);
  });
});
