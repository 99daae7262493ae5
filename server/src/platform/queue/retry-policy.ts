/**
 * How long a failing job keeps being tried: exponential backoff from `baseDelayMs`, each wait capped at
 * `maxDelayMs`, for `windowMs` after the job was first queued. A carrier outage of minutes delays a
 * message; only one that still fails when the window has passed is given up (and recorded as failed).
 */
export class RetryPolicy {
  constructor(
    readonly baseDelayMs: number,
    readonly maxDelayMs: number,
    readonly windowMs: number,
  ) {}

  /** The wait before the next try, after `attemptsMade` failed tries. */
  delayAfter(attemptsMade: number): number {
    const exponent = Math.min(Math.max(attemptsMade - 1, 0), 30);
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** exponent);
  }

  /** Whether a job queued `ageMs` ago that has just failed for the `attemptsMade`th time is given up. */
  givesUp(ageMs: number, attemptsMade: number): boolean {
    return ageMs + this.delayAfter(attemptsMade) > this.windowMs;
  }
}
