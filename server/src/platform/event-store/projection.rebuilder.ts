import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventStore } from './event-store.js';
import { ProjectionRegistry } from './projection.registry.js';

const BATCH = 1000;

/** Empties every read table and replays the whole log through the projections, in one transaction. */
@Injectable()
export class ProjectionRebuilder {
  private readonly logger = new Logger('Projections');

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly registry: ProjectionRegistry,
  ) {}

  async rebuild(): Promise<{ events: number; tables: string[] }> {
    const tables = this.registry.tables();
    let replayed = 0;
    await this.dataSource.transaction(async (tx) => {
      // Appends wait while the read tables are rebuilt, so none is missed or applied twice.
      await tx.query('LOCK TABLE events IN SHARE MODE');
      if (tables.length > 0) await tx.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
      let position = 0;
      for (;;) {
        const batch = await this.events.readAll(position, BATCH, tx);
        if (batch.length === 0) break;
        await this.registry.apply(batch, tx);
        replayed += batch.length;
        position = batch[batch.length - 1].position;
      }
    });
    this.logger.log(`Rebuilt ${tables.length} read tables from ${replayed} events`);
    return { events: replayed, tables };
  }
}
