import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from './event.types.js';
import type { Projection } from './projection.js';

/** A projection that lists this type sees every event (audit trails). */
export const ALL_EVENTS = '*';

@Injectable()
export class ProjectionRegistry {
  private readonly projections: Projection[] = [];
  private readonly byType = new Map<string, Projection[]>();

  register(projection: Projection): void {
    if (this.projections.some((p) => p.name === projection.name)) {
      throw new Error(`Projection "${projection.name}" is registered twice`);
    }
    this.projections.push(projection);
    for (const type of projection.eventTypes) {
      this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
    }
  }

  list(): readonly Projection[] {
    return this.projections;
  }

  tables(): string[] {
    return [...new Set(this.projections.flatMap((p) => p.tables))];
  }

  /**
   * Applies the events in order to every projection, or to those of `only`; then, once, each projection's
   * `afterEvents` with the events it applied.
   */
  async apply(
    events: readonly StoredEvent[],
    tx: EntityManager,
    only?: ReadonlySet<Projection>,
  ): Promise<void> {
    const applied = new Map<Projection, StoredEvent[]>();
    const applyTo = async (projection: Projection, event: StoredEvent): Promise<void> => {
      if (only && !only.has(projection)) return;
      await projection.apply(event, tx);
      if (!projection.afterEvents) return;
      const seen = applied.get(projection);
      if (seen) seen.push(event);
      else applied.set(projection, [event]);
    };
    for (const event of events) {
      for (const projection of this.byType.get(event.type) ?? []) await applyTo(projection, event);
      for (const projection of this.byType.get(ALL_EVENTS) ?? []) await applyTo(projection, event);
    }
    for (const [projection, seen] of applied) await projection.afterEvents!(seen, tx);
  }
}
