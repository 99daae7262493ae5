import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { preparedOn } from './prepared.js';

/** Connections kept for these reads at most: a page's read is short, a few serve every request. */
const CONNECTIONS = 10;

/**
 * Reads run as prepared statements on connections of their own that keep one plan per statement, whatever
 * its parameters. PostgreSQL plans a prepared statement again on every call when the plan it could keep
 * looks costlier than one made for the given values; for the clients list that is always so (a plan for any
 * status and page is costed above the plan for one), and planning it took longer than running it (about
 * 2.5 ms against 0.5 ms). Only reads whose kept plan serves every value well come here; that setting on the
 * main pool would reach every other query too.
 */
@Injectable()
export class GenericPlanReads implements OnApplicationShutdown {
  private pool: pg.Pool | null = null;

  constructor(private readonly dataSource: DataSource) {}

  query<T>(text: string, values: unknown[]): Promise<T[]> {
    return preparedOn<T>(this.connections(), text, values);
  }

  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end();
  }

  private connections(): pg.Pool {
    if (!this.pool) {
      const main = (this.dataSource.driver as PostgresDriver).master as pg.Pool & { options: pg.PoolConfig };
      this.pool = new pg.Pool({
        ...main.options,
        max: CONNECTIONS,
        options: [main.options.options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' '),
      });
      // An idle connection the server drops is replaced on the next read; the error is not the process's end.
      this.pool.on('error', () => undefined);
    }
    return this.pool;
  }
}
