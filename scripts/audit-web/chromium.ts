import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium as Lighthouse's own launcher would start it, minus what would reach the internet. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface DebuggableChromium {
  /** The DevTools endpoint, for playwright's connectOverCDP. */
  endpoint: string;
  port: number;
  close: () => Promise<void>;
}

/** Chromium with a remote debugging port and a profile of its own, kept across the pages it opens. */
export async function launchDebuggableChromium(port: number): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'homeward-audit-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // A process group of its own, so that closing it stops its helper processes too.
    { stdio: 'ignore', detached: true },
  );
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const killOnExit = (): void => stop('SIGKILL');
  process.once('exit', killOnExit);
  const close = async (): Promise<void> => {
    stop('SIGTERM');
    await exit;
    process.off('exit', killOnExit);
    try {
      // A helper may still write to the profile for a moment after the browser exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Left Chromium's profile ${profile} behind: ${String(error)}`);
    }
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    try {
      const answer = await fetch(`${endpoint}/json/version`);
      await answer.body?.cancel();
      if (answer.ok) return { endpoint, port, close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`Chromium did not open its debugging port ${port} within 30 s.`);
}
