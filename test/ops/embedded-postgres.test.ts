import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/platform/database/embedded-postgres.js';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded PostgreSQL of a setup without DATABASE_URL', () => {
  // Where `npm start` keeps its own: the server runs as a user of its own, which must reach the files.
  const dataDir = join(process.cwd(), '.data', `embedded-test-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is shared with a tool run beside the running product, which leaves it running when done', async () => {
    const port = await freePort();
    const product = await startEmbeddedPostgres(dataDir, port);
    stops.push(product.stop);
    const tool = await startEmbeddedPostgres(dataDir, port);
    expect(tool.url).toBe(product.url);
    expect(await answers(tool.url)).toBe(true);
    await tool.stop();
    expect(await answers(product.url)).toBe(true);
  }, 120_000);
});
