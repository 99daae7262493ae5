import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type AddressInfo, createServer } from 'node:net';

export interface Child {
  pid: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/**
 * Starts a baseline server, `dist/bench/<script>.js`, as its own process (so it gets a CPU of its own and
 * its memory is not the bench's), and resolves once it prints `ready`: a baseline is never timed while it
 * is still starting.
 */
export function startChild(script: string, args: string[]): Promise<Child> {
  // Beside this compiled file, so the bench works from any working directory.
  const path = fileURLToPath(new URL(`./${script}.js`, import.meta.url));
  const child = spawn(process.execPath, [path, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  // A bench that fails half-way must not leave a server holding a port behind it.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not print ready within ${READY_TIMEOUT_MS} ms: ${stderr}`));
    }, READY_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited before it was ready (${code ?? signal}): ${stderr}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!/^ready$/m.test(stdout)) return;
      clearTimeout(timer);
      // Keep reading, or a chatty child would block on a full pipe.
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({ pid: child.pid!, stop });
    });
  });
}

/** A loopback port free right now, for a baseline server to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
