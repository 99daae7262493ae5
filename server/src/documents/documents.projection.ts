import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import {
  type CommentAdded,
  type CommentsMarkedRead,
  type CommentThumbnailCreated,
  DOCUMENT_EVENT_TYPES,
  type FileStatusChanged,
  type FileThumbnailCreated,
  type FileUploaded,
  type FormCreated,
  type FormFieldsSaved,
} from './form.events.js';
import { FILL_FORM_SUMMARIES, REFRESH_FORM_SUMMARY, SUMMARISED_EVENT_TYPES } from './form-summaries.js';

/** Forms, their uploaded files, the chat about each file, and what the clients list shows of each client's forms. */
@Injectable()
export class DocumentsProjection extends InlineProjection {
  readonly name = 'documents';
  readonly tables = ['forms', 'form_files', 'file_comments', 'comment_reads', 'customer_form_summaries'];
  override readonly summaries = [{ table: 'customer_form_summaries', fill: FILL_FORM_SUMMARIES }];
  override readonly pageIndexes = [
    'forms_customer_idx',
    'form_files_code_idx',
    'form_files_customer_idx',
    'file_comments_file_idx',
    'file_comments_customer_idx',
  ];
  readonly eventTypes = DOCUMENT_EVENT_TYPES;

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    const at = event.createdAt;
    switch (event.type) {
      case 'form.created': {
        const d = (event as StoredEvent & FormCreated).data;
        await tx.query(
          'INSERT INTO forms (code, customer_id, fields, created_at, updated_at, version) VALUES ($1, $2, $3::jsonb, $4, $4, $5)',
          [d.code, d.customerId, JSON.stringify(d.fields), at, event.version],
        );
        return;
      }
      case 'form.fields_saved': {
        const d = (event as StoredEvent & FormFieldsSaved).data;
        await tx.query('UPDATE forms SET fields = $2::jsonb, updated_at = $3, version = $4 WHERE code = $1', [
          event.streamId,
          JSON.stringify(d.fields),
          at,
          event.version,
        ]);
        return;
      }
      case 'form.archived':
        await tx.query('UPDATE forms SET is_archived = true, updated_at = $2, version = $3 WHERE code = $1', [
          event.streamId,
          at,
          event.version,
        ]);
        return;
      case 'form.lender_package_downloaded':
        // Nothing shown changes; the form's version moves, and a reset holds the form at it.
        await tx.query('UPDATE forms SET version = $2 WHERE code = $1', [event.streamId, event.version]);
        return;
      case 'form_file.uploaded': {
        const d = (event as StoredEvent & FileUploaded).data;
        await tx.query(
          `INSERT INTO form_files (id, code, customer_id, field_name, caption, file_name, file_type, extension, size, storage_key, status,
             uploaded_by, created_at, updated_at, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'in_review', $11, $12, $12, $13)`,
          [
            d.fileId,
            d.code,
            d.customerId,
            d.field,
            d.caption,
            d.file.name,
            d.file.mimeType,
            d.extension,
            d.file.size,
            d.file.key,
            d.uploadedBy,
            at,
            event.version,
          ],
        );
        return;
      }
      case 'form_file.status_changed': {
        const d = (event as StoredEvent & FileStatusChanged).data;
        await tx.query('UPDATE form_files SET status = $2, updated_at = $3, version = $4 WHERE id = $1', [
          event.streamId,
          d.to,
          at,
          event.version,
        ]);
        return;
      }
      case 'form_file.thumbnail_created': {
        const d = (event as StoredEvent & FileThumbnailCreated).data;
        await tx.query('UPDATE form_files SET thumbnail_key = $2, version = $3 WHERE id = $1', [
          event.streamId,
          d.key,
          event.version,
        ]);
        return;
      }
      case 'comment.added': {
        const d = (event as StoredEvent & CommentAdded).data;
        await tx.query(
          `INSERT INTO file_comments (id, file_id, code, customer_id, author_id, text, file_key, file_name, file_type, file_size, position,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
          [
            d.commentId,
            d.fileId,
            d.code,
            d.customerId,
            d.authorId,
            d.text,
            d.file?.key ?? null,
            d.file?.name ?? null,
            d.file?.mimeType ?? null,
            d.file?.size ?? null,
            event.position,
            at,
          ],
        );
        return;
      }
      case 'comment.deleted':
        await tx.query('DELETE FROM file_comments WHERE id = $1', [event.streamId]);
        return;
      case 'comment.thumbnail_created': {
        const d = (event as StoredEvent & CommentThumbnailCreated).data;
        await tx.query('UPDATE file_comments SET thumbnail_key = $2 WHERE id = $1', [event.streamId, d.key]);
        return;
      }
      case 'comments.marked_read': {
        const d = (event as StoredEvent & CommentsMarkedRead).data;
        await tx.query(
          `INSERT INTO comment_reads (file_id, user_id, read_up_to) VALUES ($1, $2, $3)
           ON CONFLICT (file_id, user_id) DO UPDATE SET read_up_to = GREATEST(comment_reads.read_up_to, EXCLUDED.read_up_to)`,
          [d.fileId, d.userId, d.upToPosition],
        );
        return;
      }
    }
  }

  /** Works out again, once per client, the form summary of each client whose forms or files changed. */
  async afterEvents(events: readonly StoredEvent[], tx: EntityManager): Promise<void> {
    const customers = new Set<string>();
    for (const event of events)
      if (SUMMARISED_EVENT_TYPES.has(event.type))
        customers.add((event.data as { customerId: string }).customerId);
    for (const customerId of customers) await tx.query(REFRESH_FORM_SUMMARY, [customerId]);
  }
}
