import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs the work and answers no sooner than `floorMs` after it started, so the time an answer takes says
 * nothing about which path the work took (a known phone number or an unknown one).
 */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
