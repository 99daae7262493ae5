import type { NewEvent } from '../platform/event-store/event.types.js';
import { readMarksDecider } from '../read-marks/read-marks.decider.js';

/** A reader's bell: one stream per user, holding how far in the log they have looked. */
export const UPDATE_READS_STREAM = 'update_reads';

export type UpdatesMarkedRead = NewEvent<'updates.marked_read', { userId: string; upToPosition: number }>;

export const UPDATE_READS_EVENT_TYPES = ['updates.marked_read'] as const;

export const updateReadsDecider = readMarksDecider<UpdatesMarkedRead>('updates.marked_read');
