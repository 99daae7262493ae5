import type { FileStatus, FormField } from '../../../machines/documents.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

export const FORM_STREAM = 'form';
export const FORM_FILE_STREAM = 'form_file';
export const COMMENT_STREAM = 'file_comment';
export const COMMENT_READS_STREAM = 'comment_reads';

export interface StoredFileRef {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

export type FormCreated = NewEvent<
  'form.created',
  { code: string; customerId: string; fields: FormField[]; replaces: string | null }
>;
export type FormFieldsSaved = NewEvent<'form.fields_saved', { customerId: string; fields: FormField[] }>;
export type FormArchived = NewEvent<'form.archived', { customerId: string; replacedBy: string }>;
/** Staff downloaded the lender package of the form's files: who, which files (by id), with files in review or not. */
export type FormLenderPackageDownloaded = NewEvent<
  'form.lender_package_downloaded',
  { customerId: string; downloadedBy: string; fileIds: string[]; includeInReview: boolean }
>;
export type FormEvent = FormCreated | FormFieldsSaved | FormArchived | FormLenderPackageDownloaded;

export type FileUploaded = NewEvent<
  'form_file.uploaded',
  {
    fileId: string;
    code: string;
    customerId: string;
    field: string;
    caption: string;
    extension: string;
    uploadedBy: string;
  } & {
    file: StoredFileRef;
  }
>;
export type FileStatusChanged = NewEvent<
  'form_file.status_changed',
  { code: string; customerId: string; from: FileStatus; to: FileStatus }
>;
export type FileThumbnailCreated = NewEvent<
  'form_file.thumbnail_created',
  { code: string; customerId: string; key: string }
>;
export type FormFileEvent = FileUploaded | FileStatusChanged | FileThumbnailCreated;

export type CommentAdded = NewEvent<
  'comment.added',
  {
    commentId: string;
    fileId: string;
    code: string;
    customerId: string;
    authorId: string;
    text: string;
    file: StoredFileRef | null;
  }
>;
export type CommentDeleted = NewEvent<
  'comment.deleted',
  { fileId: string; code: string; customerId: string }
>;
export type CommentThumbnailCreated = NewEvent<
  'comment.thumbnail_created',
  { fileId: string; code: string; customerId: string; key: string }
>;
export type CommentsMarkedRead = NewEvent<
  'comments.marked_read',
  { fileId: string; customerId: string; userId: string; upToPosition: number }
>;
export type CommentEvent = CommentAdded | CommentDeleted | CommentThumbnailCreated;

export const DOCUMENT_EVENT_TYPES = [
  'form.created',
  'form.fields_saved',
  'form.archived',
  'form.lender_package_downloaded',
  'form_file.uploaded',
  'form_file.status_changed',
  'form_file.thumbnail_created',
  'comment.added',
  'comment.deleted',
  'comment.thumbnail_created',
  'comments.marked_read',
] as const;
