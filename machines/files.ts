/** Attached files (notes, chat comments, uploads): one limit and one message for all of them. */

export const MAX_FILE_MB = 75;
export const FILE_TOO_LARGE_MESSAGE = 'File is too large. The file size must be less than 75 megabytes.';

/** A file's size in megabytes, to two decimals. */
export function fileSizeMb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 100) / 100;
}

/** A file must be strictly below 75 MB (its size in MB to two decimals). */
export function isFileTooLarge(bytes: number): boolean {
  return fileSizeMb(bytes) >= MAX_FILE_MB;
}

/** '1.4 MB', '820 KB', '12 B'. */
export function formatFileSize(bytes: number | null | undefined): string {
  const size = bytes ?? 0;
  if (size >= 1024 * 1024) return `${fileSizeMb(size).toFixed(1)} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} B`;
}
