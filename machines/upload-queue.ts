import { compareFiles, fieldIsChecked, isBelowUploadLimit, type FormField } from './documents.js';

/**
 * The customer's documents upload (spec sections 2 'Document upload page', 4 'Documents' and 5): files
 * wait in a queue per form field until they are sent, and the fields are split into the documents in
 * progress and the checked ones.
 */

export const NO_DOCUMENTS_MESSAGE = 'Please upload at least one document!';
export const UPLOAD_SUCCESS_MESSAGE = 'All files are successfully uploaded!';
/** The server takes at most this many files in one upload; larger queues go in several requests. */
export const MAX_FILES_PER_REQUEST = 20;

/** What the queue needs to know of a file (a browser File has all of it). */
export interface QueueableFile {
  name: string;
  size: number;
  lastModified?: number;
}

export interface QueuedFile<F extends QueueableFile = QueueableFile> {
  id: string;
  file: F;
}

/** Field name → files waiting to be sent, in the order they were added. */
export type UploadQueues<F extends QueueableFile = QueueableFile> = Record<string, QueuedFile<F>[]>;

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `q${sequence}`;
}

function sameFile(a: QueueableFile, b: QueueableFile): boolean {
  return a.name === b.name && a.size === b.size && (a.lastModified ?? 0) === (b.lastModified ?? 0);
}

/**
 * Adds files to a field's queue. A file of 75 MB or more is not queued (it is returned in `tooLarge`), nor
 * is an empty one (in `empty`); a file already waiting in that queue is not added twice.
 */
export function enqueue<F extends QueueableFile>(
  queues: UploadQueues<F>,
  field: string,
  files: F[],
  makeId: () => string = nextId,
): { queues: UploadQueues<F>; added: number; tooLarge: F[]; empty: F[] } {
  const current = queues[field] ?? [];
  const tooLarge: F[] = [];
  const empty: F[] = [];
  const added: QueuedFile<F>[] = [];
  for (const file of files) {
    if (!isBelowUploadLimit(file.size)) {
      tooLarge.push(file);
      continue;
    }
    if (file.size === 0) {
      empty.push(file);
      continue;
    }
    if ([...current, ...added].some((queued) => sameFile(queued.file, file))) continue;
    added.push({ id: makeId(), file });
  }
  if (!added.length) return { queues, added: 0, tooLarge, empty };
  return { queues: { ...queues, [field]: [...current, ...added] }, added: added.length, tooLarge, empty };
}

export function dequeue<F extends QueueableFile>(
  queues: UploadQueues<F>,
  field: string,
  id: string,
): UploadQueues<F> {
  const rest = (queues[field] ?? []).filter((queued) => queued.id !== id);
  const next = { ...queues };
  if (rest.length) next[field] = rest;
  else delete next[field];
  return next;
}

export function queuedCount(queues: UploadQueues): number {
  return Object.values(queues).reduce((sum, files) => sum + files.length, 0);
}

export function queuedBytes(queues: UploadQueues): number {
  return Object.values(queues).reduce(
    (sum, files) => sum + files.reduce((bytes, queued) => bytes + queued.file.size, 0),
    0,
  );
}

/** The queued files as multipart parts (field name, file), in requests of at most 20 files each. */
export function uploadBatches<F extends QueueableFile>(
  queues: UploadQueues<F>,
  fieldOrder: string[] = Object.keys(queues),
  max: number = MAX_FILES_PER_REQUEST,
): { field: string; file: F }[][] {
  const order = [...fieldOrder, ...Object.keys(queues).filter((name) => !fieldOrder.includes(name))];
  const parts = order.flatMap((field) => (queues[field] ?? []).map(({ file }) => ({ field, file })));
  const batches: { field: string; file: F }[][] = [];
  for (let i = 0; i < parts.length; i += max) batches.push(parts.slice(i, i + max));
  return batches;
}

/** An uploaded document as the history lists it: `name` is the form field it was uploaded to. */
export interface UploadedFile {
  name: string;
  status: string;
  created: string;
}

/** The uploaded files of one field, issue first, then in review, then checked, newest first. */
export function filesOfField<T extends UploadedFile>(field: string, files: T[]): T[] {
  return files.filter((file) => file.name === field).sort(compareFiles);
}

/**
 * The enabled fields split into documents in progress and checked documents: a field is checked only
 * when it has files and all of them are checked. Disabled fields are left out.
 */
export function splitFields<T extends Pick<FormField, 'name' | 'disabled'>>(
  fields: T[],
  files: UploadedFile[],
): { inProgress: T[]; checked: T[] } {
  const byField = files.map((file) => ({ field: file.name, status: file.status }));
  const enabled = fields.filter((field) => !field.disabled);
  const checked = enabled.filter((field) => fieldIsChecked(field, byField));
  return { inProgress: enabled.filter((field) => !checked.includes(field)), checked };
}

/** Some uploaded document is not checked yet ('Check all' is offered). */
export function hasUncheckedFiles(files: { status: string }[]): boolean {
  return files.some((file) => file.status !== 'checked');
}
