import { ConcurrencyError } from './concurrency.error.js';

/**
 * Runs a command that loads its streams afresh each time, again when another command appended to one of
 * them in between. For commands whose outcome does not depend on the race (a user signing in on two
 * devices at once), so the caller never sees the conflict; the last refusal is passed on.
 */
export async function decideAgainOnConflict<T>(run: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
    }
  }
}
