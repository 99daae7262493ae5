import type { FileStatus } from './types';

export { formatDateTime } from '../../ui/date-time';

export const FILE_STATUS_LABELS: Record<FileStatus, string> = {
  checked: 'Checked',
  in_review: 'In review',
  issue: 'Issue',
};

export const FILE_STATUS_COLORS: Record<FileStatus, string> = {
  checked: 'teal',
  in_review: 'orange',
  issue: 'red',
};

export function fileStatusLabel(status: string): string {
  return FILE_STATUS_LABELS[status as FileStatus] ?? status;
}

export function fileStatusColor(status: string): string {
  return FILE_STATUS_COLORS[status as FileStatus] ?? 'gray';
}

/** A signed link that downloads rather than opens. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

export type FileKind = 'pdf' | 'image' | 'document' | 'spreadsheet' | 'other';

export function fileKind(type: string | null | undefined, name?: string | null): FileKind {
  const mime = (type ?? '').toLowerCase();
  const extension = (name ?? '').split('.').pop()?.toLowerCase() ?? '';
  if (mime === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (/sheet|excel|csv/.test(mime) || ['xls', 'xlsx', 'csv', 'ods'].includes(extension)) return 'spreadsheet';
  if (
    /word|opendocument\.text|rtf|text\/plain/.test(mime) ||
    ['doc', 'docx', 'odt', 'rtf', 'txt'].includes(extension)
  )
    return 'document';
  return 'other';
}
