/** Sizes of attached files (notes, chat comments, uploads) as people read them; the limit is in accepted-files.ts. */

/** A file's size in megabytes, to two decimals. */
export function fileSizeMb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 100) / 100;
}

/** '1.4 MB', '820 KB', '12 B'. */
export function formatFileSize(bytes: number | null | undefined): string {
  const size = bytes ?? 0;
  if (size >= 1024 * 1024) return `${fileSizeMb(size).toFixed(1)} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} B`;
}
