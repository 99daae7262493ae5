/**
 * What may be uploaded (documents, chat and note attachments): the types the upload page offers and the
 * size limit. The server decides on the file's bytes; the client uses the same list for its pickers.
 */

/** A file must be strictly below 75 MB: 78,643,199 bytes is accepted, 78,643,200 is not. */
export const FILE_SIZE_LIMIT_BYTES = 75 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File is too large. The file size must be less than 75 megabytes.';
export const UNACCEPTED_FILE_TYPE_MESSAGE =
  'This type of file is not accepted. Upload a PDF, a photo (JPEG, PNG, WebP, GIF, HEIC) or a Word or Excel document.';

/** A refused file named, so that among several the person knows which one to take out. */
export function unacceptedFileMessage(name: string): string {
  return `${name} cannot be uploaded. ${UNACCEPTED_FILE_TYPE_MESSAGE}`;
}

/** A file of no bytes: a copy that failed, or a cloud file not downloaded to the phone yet. */
export function emptyFileMessage(name: string): string {
  return `${name} is empty. Choose the file again, or another one.`;
}

export function isFileTooLarge(bytes: number): boolean {
  return bytes >= FILE_SIZE_LIMIT_BYTES;
}

export interface AcceptedFileType {
  mime: string;
  extensions: readonly string[];
  /** Browsers show it in the page without running anything: served inline, everything else is downloaded. */
  inline: boolean;
  /** Accepted from a phone camera. */
  photo?: boolean;
}

export const ACCEPTED_FILE_TYPES: readonly AcceptedFileType[] = [
  { mime: 'application/pdf', extensions: ['.pdf'], inline: true },
  { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'], inline: true, photo: true },
  { mime: 'image/png', extensions: ['.png'], inline: true, photo: true },
  { mime: 'image/webp', extensions: ['.webp'], inline: true, photo: true },
  { mime: 'image/gif', extensions: ['.gif'], inline: true, photo: true },
  // iPhone photos; browsers do not display them, so they are downloaded.
  { mime: 'image/heic', extensions: ['.heic'], inline: false, photo: true },
  { mime: 'image/heif', extensions: ['.heif'], inline: false, photo: true },
  { mime: 'application/msword', extensions: ['.doc'], inline: false },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
    inline: false,
  },
  { mime: 'application/vnd.ms-excel', extensions: ['.xls'], inline: false },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
    inline: false,
  },
];

/** The type read from a file's first bytes (as `file-type` names it). */
export interface SniffedType {
  mime: string;
}

/** Word 97-2003 and Excel 97-2003 share one container; only the name tells them apart. */
const COMPOUND_FILE = 'application/x-cfb';
const COMPOUND_FILE_TYPES = ['application/msword', 'application/vnd.ms-excel'];

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/**
 * The accepted type of an upload, from its sniffed bytes, or null when it is refused. A file name is
 * consulted only to tell a .doc from an .xls, whose bytes look alike; a claimed type never counts.
 */
export function acceptedFileType(
  sniffed: SniffedType | undefined,
  fileName: string,
): AcceptedFileType | null {
  if (!sniffed) return null;
  if (sniffed.mime === COMPOUND_FILE) {
    const extension = extensionOf(fileName);
    return (
      ACCEPTED_FILE_TYPES.find(
        (type) => COMPOUND_FILE_TYPES.includes(type.mime) && type.extensions.includes(extension),
      ) ?? null
    );
  }
  return ACCEPTED_FILE_TYPES.find((type) => type.mime === sniffed.mime) ?? null;
}

/**
 * How a stored file is served. Files stored before types were checked carry whatever type they were given:
 * anything outside the list is served as bytes to save, never as something a browser would render.
 */
export function servedFileType(mime: string): { contentType: string; inline: boolean } {
  const accepted = ACCEPTED_FILE_TYPES.find((type) => type.mime === mime);
  return accepted
    ? { contentType: accepted.mime, inline: accepted.inline }
    : { contentType: 'application/octet-stream', inline: false };
}

/** The client's first check before a file is queued or attached; the server decides on the bytes. */
export function looksAccepted(file: { name: string; type: string }): boolean {
  const extension = extensionOf(file.name);
  return ACCEPTED_FILE_TYPES.some((type) => type.mime === file.type || type.extensions.includes(extension));
}

/** For a dropzone: each type with its extensions (browsers report no type for some, e.g. HEIC). */
export function acceptByType(types = ACCEPTED_FILE_TYPES): Record<string, string[]> {
  return Object.fromEntries(types.map((type) => [type.mime, [...type.extensions]]));
}

/** For an `<input type="file" accept>`: types and extensions. */
export function acceptAttribute(types = ACCEPTED_FILE_TYPES): string {
  return types.flatMap((type) => [type.mime, ...type.extensions]).join(',');
}

export const PHOTO_TYPES = ACCEPTED_FILE_TYPES.filter((type) => type.photo);
