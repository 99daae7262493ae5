import { describe, expect, it } from '@jest/globals';
import { InProcessQueue } from './in-process.queue.js';
import type { JobOutbox, OutboxJob } from './job-outbox.js';
import { RetryPolicy } from './retry-policy.js';

const JOB: OutboxJob = {
  id: 'job-1',
  name: 'greet',
  queue: 'default',
  data: {},
  attempts: 1,
  ageMs: 0,
  delayMs: 0,
};

/** An outbox whose first claim (the wake-up's) answers only when `release` is called. */
function slowFirstClaim() {
  let release: () => void = () => {};
  const held = new Promise<OutboxJob[]>((resolve) => (release = () => resolve([JOB])));
  let claims = 0;
  const outbox = {
    leaseMs: 15_000,
    claim: async () => (++claims === 1 ? held : []),
    remove: async () => undefined,
    renew: async () => undefined,
  } as unknown as JobOutbox;
  return { outbox, release: () => release() };
}

function queueOn(outbox: JobOutbox, handler: () => Promise<void>): InProcessQueue {
  const queue = new InProcessQueue(outbox, new RetryPolicy(100, 1000, 60_000), true, {
    concurrency: 4,
    pollMs: 60_000,
  });
  queue.register('greet', handler);
  return queue;
}

/** A started queue whose wake-up is claiming a job that takes 20 ms; `finished` says whether it ran. */
async function startedWithSlowJob() {
  const { outbox, release } = slowFirstClaim();
  let done = false;
  const queue = queueOn(outbox, async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    done = true;
  });
  await queue.start();
  return { queue, release, finished: () => done };
}

describe('the in-process job queue', () => {
  it('counts a job a wake-up is claiming as unfinished until it has run', async () => {
    const { outbox, release } = slowFirstClaim();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const queue = queueOn(outbox, () => gate);
    await queue.start();
    const unfinished = queue.unfinished();
    release();
    expect(await unfinished).toBe(1);
    open();
    await queue.stop();
    expect(await queue.unfinished()).toBe(0);
  });

  it('waits in a flush for the jobs a wake-up claimed meanwhile, and counts them', async () => {
    const { queue, release, finished } = await startedWithSlowJob();
    const flushed = queue.flush();
    setTimeout(release, 20);
    expect(await flushed).toBe(1);
    expect(finished()).toBe(true);
    await queue.stop();
  });

  it('waits on stopping for the jobs a claim under way takes', async () => {
    const { queue, release, finished } = await startedWithSlowJob();
    const stopped = queue.stop();
    release();
    await stopped;
    expect(finished()).toBe(true);
  });
});
