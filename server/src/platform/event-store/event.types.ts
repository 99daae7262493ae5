/** Who caused an event and through which request; kept beside every event, never inside its data. */
export interface EventMetadata {
  actorId: string | null;
  actorRole: string | null;
  requestId: string | null;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface StoredEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  position: number;
  streamType: string;
  streamId: string;
  version: number;
  metadata: EventMetadata;
  createdAt: Date;
}

/** An event of a bulk load, with the stream version its decider gave it and when it happened. */
export type ImportedEvent = Omit<StoredEvent, 'position'>;

/** The version a command was decided on: a number, 'no_stream' for a new stream, or 'any' for facts that never conflict. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendRequest {
  streamType: string;
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export const SYSTEM_METADATA: EventMetadata = { actorId: null, actorRole: 'system', requestId: null };

/**
 * A read whose rows answer a command: sent in its commit's last round trip, after the read tables are
 * written and before COMMIT, so it sees what the command changed without a round trip of its own.
 */
export interface CommitRead {
  sql: string;
  parameters: readonly unknown[];
}
