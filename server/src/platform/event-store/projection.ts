import type { EntityManager } from 'typeorm';
import type { StoredEvent } from './event.types.js';

/**
 * A read model kept in step with the event log inside the append transaction. It must depend on
 * the events alone (no clock, no randomness), so that a rebuild reproduces its tables exactly.
 */
export interface Projection {
  readonly name: string;
  /** The read tables this projection owns; a rebuild empties them before replaying the log. */
  readonly tables: readonly string[];
  readonly eventTypes: readonly string[];
  apply(event: StoredEvent, tx: EntityManager): Promise<void>;
}
