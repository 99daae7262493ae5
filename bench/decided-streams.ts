import type { StreamCommand } from '../server/src/platform/event-store/event-store.js';
import type {
  EventMetadata,
  ImportedEvent,
  NewEvent,
} from '../server/src/platform/event-store/event.types.js';

/**
 * Streams decided in memory: each command is decided by its stream's own decider on the state folded from
 * the events decided so far, exactly as `EventStore.handleAll` does against the database, and the events
 * wait here with their versions until they are imported in bulk.
 */
export class DecidedStreams {
  private readonly streams = new Map<string, NewEvent[]>();
  private pending: ImportedEvent[] = [];

  run(commands: StreamCommand[], metadata: EventMetadata, createdAt: Date): void {
    for (const c of commands) {
      const key = `${c.stream.type}:${c.stream.id}`;
      const history = this.streams.get(key) ?? [];
      const state = history.reduce((s, e) => c.decider.evolve(s, e), c.decider.initialState());
      const events = c.decider.decide(c.command, state);
      for (const event of events) {
        history.push(event);
        this.pending.push({
          streamType: c.stream.type,
          streamId: c.stream.id,
          version: history.length,
          type: event.type,
          data: event.data,
          metadata,
          createdAt,
        });
      }
      this.streams.set(key, history);
    }
  }

  /** The events decided since the last take, in order. */
  take(): ImportedEvent[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** Forgets the streams of finished clients, so memory stays flat; streams kept are named by `keep`. */
  forget(keep: (streamKey: string) => boolean): void {
    for (const key of this.streams.keys()) if (!keep(key)) this.streams.delete(key);
  }
}
