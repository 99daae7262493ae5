import type { FileStatus, FormField } from '../../../machines/documents.js';
import { toCsv } from '../platform/http/csv.js';

/** A file of the client's active form, as the package reads it. */
export interface PackageSource {
  id: string;
  fieldName: string;
  caption: string;
  fileName: string;
  extension: string;
  status: FileStatus;
  size: number;
  storageKey: string;
  uploadedAt: Date;
  /** The version of the file's stream its status was read at. */
  version: number;
}

/** A file placed in the package, under the name it has in the ZIP. */
export interface PackageEntry extends PackageSource {
  entryName: string;
}

/** A packaged file once its bytes went out: the SHA-256 of exactly those bytes, and how many there were. */
export interface IndexRow {
  caption: string;
  entryName: string;
  status: FileStatus;
  uploadedAt: Date;
  size: number;
  sha256: string;
}

export const STATUS_LABELS: Record<FileStatus, string> = {
  checked: 'checked',
  in_review: 'in review',
  issue: 'issue',
};

/** The longest caption and original name kept in an entry name, so paths stay well under 255 bytes. */
const MAX_PART = 80;

/**
 * A caption or file name made safe as a ZIP entry name on any system: no path separators, no characters
 * Windows refuses, no control characters, no leading or trailing dots and spaces, one space at a time.
 */
export function sanitiseName(name: string, fallback = 'file'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const cut = [...cleaned].slice(0, MAX_PART).join('').trim();
  return cut || fallback;
}

/** The original name with the stored (sniffed) extension: kept when it already ends so, added otherwise. */
function nameWithExtension(fileName: string, extension: string): string {
  const ext = sanitiseName(extension, 'bin').toLowerCase();
  const match = /^(.*)\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  const own = match?.[2].toLowerCase();
  const same = own === ext || (own === 'jpeg' && ext === 'jpg') || (own === 'jpg' && ext === 'jpeg');
  const base = sanitiseName(same && match ? match[1] : fileName);
  return `${base}.${same && own ? own : ext}`;
}

/** `NN Caption - original name.ext`: NN is the file's place in the package, two digits at least. */
export function entryName(
  position: number,
  width: number,
  caption: string,
  fileName: string,
  extension: string,
) {
  const number = String(position).padStart(width, '0');
  return `${number} ${sanitiseName(caption, 'Document')} - ${nameWithExtension(fileName, extension)}`;
}

/**
 * The files a package holds, in the active form's field order and, within a field, in upload order (files of
 * a field since removed from the form come last): every checked file, the files in review when asked,
 * never a file with an issue. Each gets its `NN Caption - name.ext` name, with the field's current caption.
 */
export function packageEntries(
  fields: FormField[],
  files: PackageSource[],
  includeInReview: boolean,
): PackageEntry[] {
  const order = new Map(fields.map((field, index) => [field.name, index]));
  const captions = new Map(fields.map((field) => [field.name, field.caption]));
  const wanted = files.filter(
    (file) => file.status === 'checked' || (includeInReview && file.status === 'in_review'),
  );
  const rank = (file: PackageSource) => order.get(file.fieldName) ?? fields.length;
  const sorted = [...wanted].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.fieldName.localeCompare(b.fieldName) ||
      a.uploadedAt.getTime() - b.uploadedAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  const width = Math.max(2, String(sorted.length).length);
  return sorted.map((file, index) => {
    const caption = captions.get(file.fieldName) ?? file.caption;
    return {
      ...file,
      caption,
      entryName: entryName(index + 1, width, caption, file.fileName, file.extension),
    };
  });
}

export const INDEX_COLUMNS = ['caption', 'file', 'status', 'uploaded', 'size_bytes', 'sha256'];

/** One index row per packaged file, in package order. */
export function indexRows(rows: IndexRow[]): string[][] {
  return rows.map((row) => [
    row.caption,
    row.entryName,
    STATUS_LABELS[row.status],
    row.uploadedAt.toISOString(),
    String(row.size),
    row.sha256,
  ]);
}

export function indexCsv(rows: IndexRow[]): string {
  return toCsv(INDEX_COLUMNS, indexRows(rows));
}

/** `Lender package - First Last - 2026-11-23.zip`, safe as a file name. */
export function packageFileName(firstName: string, lastName: string, day: Date): string {
  const who = sanitiseName(`${firstName} ${lastName}`, 'Client');
  return `Lender package - ${who} - ${day.toISOString().slice(0, 10)}.zip`;
}

/**
 * Already-compressed types (PDF, JPEG, PNG, WebP, GIF, HEIC, and the zipped Office formats) are stored as
 * they are: deflating them again costs CPU for a percent or two. Only the old binary Office formats and
 * the index are deflated.
 */
const COMPRESSIBLE = new Set(['doc', 'xls', 'csv', 'txt']);
export function shouldCompress(extension: string): boolean {
  return COMPRESSIBLE.has(extension.toLowerCase());
}
