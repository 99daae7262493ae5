import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import type { MarkRead, ReadMarkEvent, ReadMarksState } from './read-marks.decider.js';

/** Two tabs of one reader may mark at once; a mark decided again on the newer state is as good. */
const ATTEMPTS = 3;

/** Records a reader's mark through the stream's decider, deciding again if another mark landed first. */
export async function markRead<Event extends ReadMarkEvent>(
  events: EventStore,
  decider: Decider<ReadMarksState, MarkRead<Event['data']>, Event>,
  stream: { type: string; id: string },
  mark: Event['data'],
  meta: EventMetadata,
): Promise<void> {
  await decideAgainOnConflict(
    () => events.handle(decider, stream, { type: 'MarkRead', mark }, meta),
    ATTEMPTS,
  );
}
