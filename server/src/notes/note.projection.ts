import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { NOTE_EVENT_TYPES, type NoteAdded, type NotesMarkedRead } from './note.events.js';

@Injectable()
export class NoteProjection extends InlineProjection {
  readonly name = 'notes';
  readonly tables = ['notes', 'note_reads'];
  override readonly pageIndexes = ['notes_customer_idx', 'notes_unread_idx'];
  readonly eventTypes = NOTE_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    switch (stored.type) {
      case 'note.added': {
        const d = (stored as StoredEvent & NoteAdded).data;
        await tx.query(
          `INSERT INTO notes (id, customer_id, author_id, text, file_key, file_name, file_type, file_size, position, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            d.noteId,
            d.customerId,
            d.authorId,
            d.text,
            d.file?.key ?? null,
            d.file?.name ?? null,
            d.file?.mimeType ?? null,
            d.file?.size ?? null,
            stored.position,
            stored.createdAt,
          ],
        );
        return;
      }
      case 'note.deleted':
        await tx.query('DELETE FROM notes WHERE id = $1', [stored.streamId]);
        return;
      case 'notes.marked_read': {
        const d = (stored as StoredEvent & NotesMarkedRead).data;
        await tx.query(
          `INSERT INTO note_reads (customer_id, user_id, read_up_to) VALUES ($1, $2, $3)
           ON CONFLICT (customer_id, user_id) DO UPDATE SET read_up_to = GREATEST(note_reads.read_up_to, EXCLUDED.read_up_to)`,
          [d.customerId, d.userId, d.upToPosition],
        );
        return;
      }
    }
  }
}
