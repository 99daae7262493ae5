import type { FileLinks } from '../platform/storage/file-links.js';
import type { CommentRow, FormFileRow, FormRow } from './documents.repository.js';

export function toFormView(form: FormRow, commentsUnread = 0) {
  return {
    code: form.code,
    customer: { id: form.customer_id },
    customer_id: form.customer_id,
    fields: form.fields,
    is_archived: form.is_archived,
    created: new Date(form.created_at).toISOString(),
    comments_stat: { comments_unread: commentsUnread },
    version: form.version,
  };
}

/** A file as the history lists it: where it belongs, its review status, its chat counts and signed links. */
export function toFileView(file: FormFileRow, links: FileLinks) {
  const link = { key: file.storage_key, name: file.file_name, mimeType: file.file_type };
  return {
    id: file.id,
    name: file.field_name,
    caption: file.caption,
    file_name: file.file_name,
    file_type: file.file_type,
    extension: file.extension,
    size: Number(file.size),
    created: new Date(file.created_at).toISOString(),
    status: file.status,
    comments_stat: { total: file.comments_total, comments_unread: file.comments_unread },
    url: links.url(link),
    thumbnail_url: file.thumbnail_key
      ? links.url({ key: file.thumbnail_key, name: `${file.file_name}.webp`, mimeType: 'image/webp' })
      : null,
  };
}

export function toCommentView(comment: CommentRow, links: FileLinks) {
  return {
    id: comment.id,
    text: comment.text,
    created: new Date(comment.created_at).toISOString(),
    modified: new Date(comment.updated_at).toISOString(),
    author: {
      id: comment.author_id,
      first_name: comment.author_first_name ?? '',
      last_name: comment.author_last_name ?? '',
      role: comment.author_role ?? '',
      phone_number: comment.author_phone_number ?? '',
      email: comment.author_email ?? '',
      avatar: null,
    },
    file: comment.file_key
      ? links.url({ key: comment.file_key, name: comment.file_name!, mimeType: comment.file_type! })
      : null,
    file_name: comment.file_name,
    file_type: comment.file_type,
    file_thumbnail: comment.thumbnail_key
      ? links.url({ key: comment.thumbnail_key, name: `${comment.file_name}.webp`, mimeType: 'image/webp' })
      : null,
  };
}
