import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = 'dist/server/src/main.js';
const KEPT_OUTPUT = 200_000;

/** Compiles the server into dist/, as `npm start` would run it. */
export function buildServer(): void {
  execFileSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'pipe' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The built server as its own process (`node dist/server/src/main.js`) on a port of its own, configured
 * only by the environment given here, nothing inherited but PATH and HOME. Its output is kept for the
 * failure message.
 */
export class ServerProcess {
  private output = '';
  private exitCode: number | null | undefined = undefined;
  private readonly exit: Promise<void>;
  private readonly killOnExit = (): void => void this.child.kill('SIGKILL');

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString()).slice(-KEPT_OUTPUT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? -1 : null);
        process.off('exit', this.killOnExit);
        resolve();
      }),
    );
    // Never outlives the test process, whatever happens to it.
    process.once('exit', this.killOnExit);
  }

  /** Starts the process; it is ready once `healthy()` resolves. */
  static async start(name: string, env: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(name, port, child);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** What the process has written so far (the end of it when long). */
  log(): string {
    return this.output;
  }

  /** Resolves once GET /health answers 200; fails when the process exits first or the time is up. */
  async healthy(timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (this.exitCode !== undefined) throw this.failure(`exited with code ${this.exitCode}`);
      try {
        const answer = await fetch(`${this.url}/health`);
        await answer.body?.cancel();
        if (answer.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw this.failure(`did not answer GET /health within ${timeoutMs} ms`);
  }

  /** Stops it as a process manager would (SIGTERM), and kills it when it takes too long. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.exitCode !== undefined) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(timer);
  }

  private failure(what: string): Error {
    return new Error(`${this.name} (port ${this.port}) ${what}. Its output:\n${this.output.slice(-5000)}`);
  }
}
