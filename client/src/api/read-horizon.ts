/**
 * What a page may have missed between reading and listening. Each answer says how far the server had
 * pushed the log when it read it; the live connection says how far when it joined its rooms. Events in
 * between were neither in that answer nor pushed to the page: the connection asks for them again, and
 * they arrive as any push does. Decisions only; the socket sends what they ask for.
 */
export class ReadHorizon {
  /** Where the current connection joined; null while there is none. */
  private joinedAt: number | null = null;
  /** The oldest read while not connected. */
  private oldestRead: number | null = null;
  /** The oldest position asked about since joining: a later read from after it needs nothing more. */
  private askedFrom: number | null = null;

  /** An answer read the log up to `position`: where to catch up from now, or null. */
  read(position: number): number | null {
    if (this.joinedAt === null) {
      this.oldestRead = this.oldestRead === null ? position : Math.min(this.oldestRead, position);
      return null;
    }
    return this.ask(position);
  }

  /** The connection joined at `position`: where to catch up from, or null. */
  joined(position: number): number | null {
    this.joinedAt = position;
    this.askedFrom = null;
    const oldest = this.oldestRead;
    this.oldestRead = null;
    return oldest === null ? null : this.ask(oldest);
  }

  /** The connection is down: reads are kept until it joins again. */
  left(): void {
    this.joinedAt = null;
  }

  private ask(from: number): number | null {
    if (this.joinedAt === null || from >= this.joinedAt) return null;
    if (this.askedFrom !== null && from >= this.askedFrom) return null;
    this.askedFrom = from;
    return from;
  }
}

/** This page's horizon: the HTTP client notes its reads, the live connection its joining. */
export const pageHorizon = new ReadHorizon();

type CatchUpSender = (since: number) => void;
let sendCatchUp: CatchUpSender | null = null;

/** The live connection sends what the page asks to hear again; the answer stops it. */
export function onCatchUp(send: CatchUpSender): () => void {
  sendCatchUp = send;
  return () => {
    if (sendCatchUp === send) sendCatchUp = null;
  };
}

/** An answer read the log up to `position` (its X-Log-Position). */
export function noteRead(position: number): void {
  const since = pageHorizon.read(position);
  if (since !== null) sendCatchUp?.(since);
}
