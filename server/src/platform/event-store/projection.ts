import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from './event.types.js';
import { ProjectionRegistry } from './projection.registry.js';

/**
 * A read model kept in step with the event log inside the append transaction. It must depend on
 * the events alone (no clock, no randomness), so that a rebuild reproduces its tables exactly.
 */
export interface Projection {
  readonly name: string;
  /**
   * The read tables this projection owns. A rebuild replays the log into fresh copies of them, reached
   * through the search path: projections name tables unqualified, never with a schema.
   */
  readonly tables: readonly string[];
  /**
   * Tables of other projections this one reads or writes. A rebuild replays projections that share a table
   * on one connection, in log order, and refuses a statement that reaches a table not named here.
   */
  readonly uses?: readonly string[];
  /**
   * Tables among its own that summarise its other tables (counts per key, rows narrowed for search). A
   * rebuild fills each once, with its `fill` statement, after replaying the log, instead of keeping it
   * event by event. A statement that writes such a table writes nothing else, so the replay can leave it out.
   */
  readonly summaries?: readonly Summary[];
  /**
   * Indexes on its tables that only pages read: none of its statements finds a row through them. A rebuild
   * builds them once after the replay, as it does every search index, instead of keeping them row by row.
   * Naming one that a statement does need leaves the tables right but makes the rebuild slow.
   */
  readonly pageIndexes?: readonly string[];
  readonly eventTypes: readonly string[];
  apply(event: StoredEvent, tx: EntityManager): Promise<void>;
  /**
   * Runs once after the projection has applied the events of one transaction (an append's, a commit
   * group's, a rebuild's batch), with those events: for work several of them call for and once does, such
   * as working out again a summary that each of them changes.
   */
  afterEvents?(events: readonly StoredEvent[], tx: EntityManager): Promise<void>;
}

/** A summary table and the statement that fills it, empty, from the tables it summarises. */
export interface Summary {
  readonly table: string;
  readonly fill: string;
}

/** A projection that registers itself with the registry when its module starts. */
@Injectable()
export abstract class InlineProjection implements Projection, OnModuleInit {
  abstract readonly name: string;
  abstract readonly tables: readonly string[];
  readonly uses: readonly string[] = [];
  readonly summaries: readonly Summary[] = [];
  readonly pageIndexes: readonly string[] = [];
  abstract readonly eventTypes: readonly string[];

  constructor(private readonly registry: ProjectionRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  abstract apply(event: StoredEvent, tx: EntityManager): Promise<void>;
}
