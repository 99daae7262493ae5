import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PostgreSQL's own speed on this machine for a write like a command's: one jsonb INSERT and one UPDATE per
 * transaction, at the same concurrency. Answers transactions per second.
 */
export function pgbenchWrites(
  databaseUrl: string,
  clients: number,
  seconds: number,
  scratchDir: string,
): number {
  const psql = (sql: string): void => {
    execFileSync('psql', [databaseUrl, '-q', '-c', sql], { stdio: 'ignore' });
  };
  psql('DROP TABLE IF EXISTS bench_log, bench_row');
  psql(
    'CREATE TABLE bench_log (id bigserial PRIMARY KEY, data jsonb NOT NULL, at timestamptz DEFAULT now())',
  );
  psql('CREATE TABLE bench_row (id int PRIMARY KEY, status text NOT NULL)');
  psql('INSERT INTO bench_row SELECT g, $$active$$ FROM generate_series(1, 50000) g');
  const script = join(scratchDir, 'pgbench-writes.sql');
  writeFileSync(
    script,
    [
      '\\set id random(1, 50000)',
      'BEGIN;',
      `INSERT INTO bench_log (data) VALUES ('{"type":"customer.status_changed","data":{"from":"active","to":"approved"}}');`,
      'UPDATE bench_row SET status = md5(random()::text) WHERE id = :id;',
      'COMMIT;',
    ].join('\n'),
  );
  const output = execFileSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, databaseUrl],
    { encoding: 'utf8' },
  );
  psql('DROP TABLE bench_log, bench_row');
  const match = /tps = ([\d.]+)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}
