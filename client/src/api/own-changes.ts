import type { QueryKey } from '@tanstack/react-query';
import type { DomainEventPush } from '@machines/domain-event-push';

/** A command this browser sent: the reads its answer puts in the cache itself. */
export interface OwnChange {
  answered: QueryKey[];
}

/** How long the pushes of a command may trail its answer and still be known as this browser's own. */
export const OWN_CHANGE_MEMORY_MS = 60_000;

/** A request id the server keeps as sent: letters and digits only, unguessable, made without a secure context. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The commands this browser sent, by the request id their events carry. Each tab keeps its own cache,
 * so a change is this tab's own only when this tab sent it; another tab of the same user refreshes.
 */
export class OwnChanges {
  private readonly pending = new Map<string, OwnChange & { settledAt: number | null }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a command about to be sent; its pushes may come before its answer. */
  begin(answered: QueryKey[] = []): string {
    const id = newRequestId();
    this.pending.set(id, { answered, settledAt: null });
    return id;
  }

  /** The answer came (or the request failed): the pushes are remembered a while longer, then forgotten. */
  settle(id: string): void {
    const change = this.pending.get(id);
    if (change) change.settledAt = this.now();
    const oldest = this.now() - OWN_CHANGE_MEMORY_MS;
    for (const [key, entry] of this.pending)
      if (entry.settledAt !== null && entry.settledAt < oldest) this.pending.delete(key);
  }

  /** The command of this browser that caused the event, if any. */
  of(event: Pick<DomainEventPush, 'request_id'>): OwnChange | undefined {
    return event.request_id ? this.pending.get(event.request_id) : undefined;
  }

  /** Sends a command under a new request id, known as this browser's own until well after its answer. */
  async send<T>(answered: QueryKey[], send: (requestId: string) => Promise<T>): Promise<T> {
    const id = this.begin(answered);
    try {
      return await send(id);
    } finally {
      this.settle(id);
    }
  }
}

export const ownChanges = new OwnChanges();
