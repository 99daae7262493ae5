import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { type AssignmentKind, type MachineCommand, statusOf } from './assignment.kind.js';

/**
 * The projection of one kind of assignment onto the client's row: the status column, and the columns the
 * kind's table sets for the status reached, with `updated_at` and `version`.
 */
export function AssignmentProjection<Status extends string, Data>(
  kind: Pick<AssignmentKind<Status, MachineCommand, Data>, 'events' | 'partyOf' | 'projection'>,
) {
  @Injectable()
  class Assignment extends InlineProjection {
    readonly name = kind.projection.name;
    readonly tables = [];
    override readonly uses = ['customers'];
    readonly eventTypes = Object.values<string>(kind.events);

    async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
      const status = statusOf(kind, event.type);
      if (status === undefined) return;
      const data = event.data as Data;
      const moved = { party: kind.partyOf(data), data, at: event.createdAt };
      const params: unknown[] = [event.streamId, status];
      const sets = [`${kind.projection.statusColumn} = $2`];
      for (const [column, value] of Object.entries(kind.projection.columns[status])) {
        params.push(value === null ? null : value(moved));
        sets.push(`${column} = $${params.length}`);
      }
      params.push(event.createdAt, event.version);
      sets.push(`updated_at = $${params.length - 1}`, `version = $${params.length}`);
      await tx.query(`UPDATE customers SET ${sets.join(', ')} WHERE id = $1`, params);
    }
  }
  return Assignment;
}
