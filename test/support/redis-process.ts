import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export const REDIS_SERVER_BINARY = spawnSync('which', ['redis-server']).stdout?.toString().trim() || null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A throw-away redis-server on loopback that a test may stop and start again, to play an outage. */
export class RedisProcess {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    if (!REDIS_SERVER_BINARY) throw new Error('redis-server is not installed');
    const redis = new RedisProcess(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.child = spawn(
      REDIS_SERVER_BINARY!,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('redis-server did not start')), 5000);
      this.child!.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  async down(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
