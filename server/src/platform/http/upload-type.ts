import { fileTypeFromBuffer } from 'file-type';
import {
  acceptedFileType,
  type AcceptedFileType,
  type SniffedType,
} from '../../../../machines/accepted-files.js';

/**
 * How much of an upload is read before deciding its type: file-type needs about 4 KB; office documents
 * need the first entries of their zip, which can sit further in.
 */
export const SNIFF_HEAD_BYTES = 64 * 1024;

const ZIP_LOCAL_FILE = 0x04034b50;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Word and Excel documents written by LibreOffice list `[Content_Types].xml` last, so a head of the zip
 * shows only their `word/` or `xl/` parts, and file-type (before version 22) calls them plain zips. This
 * walks the zip's local file headers within the head and names the document by those parts, as file-type
 * 22 does for truncated streams.
 */
export function officeDocumentInZipHead(head: Buffer): SniffedType | undefined {
  let offset = 0;
  while (offset + 30 <= head.length && head.readUInt32LE(offset) === ZIP_LOCAL_FILE) {
    const flags = head.readUInt16LE(offset + 6);
    const compressedSize = head.readUInt32LE(offset + 18);
    const nameLength = head.readUInt16LE(offset + 26);
    const extraLength = head.readUInt16LE(offset + 28);
    if (offset + 30 + nameLength > head.length) return undefined;
    const name = head.toString('latin1', offset + 30, offset + 30 + nameLength);
    if (name.startsWith('word/')) return { mime: DOCX };
    if (name.startsWith('xl/')) return { mime: XLSX };
    // With a trailing data descriptor the size is not known here, so the next header cannot be found.
    if (flags & 0x08 && compressedSize === 0) return undefined;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return undefined;
}

/** The accepted type of an upload from its first bytes, or null when it must be refused. */
export async function sniffUploadType(
  head: Buffer,
  complete: boolean,
  fileName: string,
): Promise<AcceptedFileType | null> {
  let sniffed: SniffedType | undefined = await fileTypeFromBuffer(head);
  if (sniffed?.mime === 'application/zip' && !complete) sniffed = officeDocumentInZipHead(head) ?? sniffed;
  return acceptedFileType(sniffed, fileName);
}
