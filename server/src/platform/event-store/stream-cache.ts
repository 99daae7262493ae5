/** A stream's state as one decider folds it, and the stream version it was folded up to. */
export interface Folded {
  state: unknown;
  version: number;
}

interface Entry extends Folded {
  decider: object;
}

/**
 * Streams' states as this instance last decided or read them, so a command on a stream worked on a moment
 * ago is decided without reading the stream again. An entry is always the fold of its stream's first
 * `version` events, since events are never changed or deleted; it may lack events another instance
 * appended since. A command decided on it then appends at a version the database already holds and is
 * refused, and the event store decides it again from the database. States are frozen: a decider that
 * changed one in place would change what the next command is decided on.
 */
export class StreamCache {
  private readonly streams = new Map<string, Entry>();

  /** At most `capacity` streams; the ones used longest ago leave first. */
  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.streams.size;
  }

  /** The stream as `decider` folded it last, if kept. */
  get(key: string, decider: object): Folded | undefined {
    const entry = this.streams.get(key);
    if (!entry || entry.decider !== decider) return undefined;
    // Map keeps insertion order: moving the stream to the end keeps the least recently used first.
    this.streams.delete(key);
    this.streams.set(key, entry);
    return { state: entry.state, version: entry.version };
  }

  /** Keeps a stream's state at a version, unless a later version of it is kept already. */
  keep(key: string, decider: object, { state, version }: Folded): void {
    const kept = this.streams.get(key);
    if (kept && kept.version > version) return;
    this.streams.delete(key);
    this.streams.set(key, { decider, state: deepFreeze(state), version });
    for (const oldest of this.streams.keys()) {
      if (this.streams.size <= this.capacity) break;
      this.streams.delete(oldest);
    }
  }

  forget(key: string): void {
    this.streams.delete(key);
  }

  clear(): void {
    this.streams.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
