import { isFileTooLarge } from './accepted-files.js';

/** Review status of an uploaded document. */
export const FILE_STATUSES = ['issue', 'in_review', 'checked'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export interface FormField {
  type: 'file';
  name: string;
  caption: string;
  disabled: boolean;
  tutorial: { description: string; example: string };
}

/** Issue first, then in review, then checked; newest first within each group (spec: Documents). */
export function compareFiles(
  a: { status: string; created: string },
  b: { status: string; created: string },
): number {
  const rank = (status: string) => FILE_STATUSES.indexOf(status as FileStatus);
  return rank(a.status) - rank(b.status) || b.created.localeCompare(a.created);
}

/** A field counts as checked only when it has files and all of them are checked; disabled fields are ignored. */
export function fieldIsChecked(
  field: Pick<FormField, 'name' | 'disabled'>,
  files: { field: string; status: string }[],
): boolean {
  const own = files.filter((f) => f.field === field.name);
  return own.length > 0 && own.every((f) => f.status === 'checked');
}

/** The client's own check before queueing a file: strictly below 75 MB, as accepted-files.ts measures it. */
export function isBelowUploadLimit(sizeBytes: number): boolean {
  return !isFileTooLarge(sizeBytes);
}
