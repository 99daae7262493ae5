import { HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import {
  emptyFileMessage,
  FILE_SIZE_LIMIT_BYTES,
  FILE_TOO_LARGE_MESSAGE,
  unacceptedFileMessage,
} from '../../../../machines/accepted-files.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { AppError } from './app-error.js';
import type { RequestBody } from './http-types.js';
import { readHead } from './stream-head.js';
import { SNIFF_HEAD_BYTES, sniffUploadType } from './upload-type.js';

export interface ReceivedFile {
  field: string;
  key: string;
  fileName: string;
  mimeType: string;
  extension: string;
  size: number;
}

export interface MultipartOptions {
  storage: ObjectStorage;
  /** Where a file is stored: always a key the product makes, never the user's file name. */
  keyPrefix: string;
  /** Decides whether a part may carry files; a refused part fails the whole request. */
  acceptsFileField: (field: string) => boolean;
  textFields: readonly string[];
  maxFiles: number;
  maxTextBytes?: number;
}

/**
 * A browser escapes three characters of a file name in a form's part header (HTML's form-data encoding):
 * the double quote and both line breaks. Read back, they are what the person named the file.
 */
function unescapedFormFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D|%0A/gi, ' ');
}

/** Keeps a file name readable but harmless: no paths, no control characters, bounded length. */
export function sanitiseFileName(name: string): string {
  const base = unescapedFormFileName(name).split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const extension = extname(cleaned).slice(0, 16);
  const stem = cleaned.slice(0, cleaned.length - extension.length).slice(0, 150);
  return (stem || 'file') + extension;
}

const unacceptedType = (field: string, fileName: string) =>
  new AppError(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'unsupported_file_type',
    unacceptedFileMessage(fileName),
    field,
  );

/** Form fields' line breaks travel as CRLF (HTML's form-data encoding); they are kept as typed, one character each. */
const typedLineBreaks = (value: string): string => value.replace(/\r\n?/g, '\n');

/**
 * Streams a multipart request: each file goes straight into object storage, text fields are collected.
 * A file's type is read from its first bytes and must be one the product accepts; it is stored under that
 * type, never the one the client claims. Anything wrong (a refused type, a file at the size limit, an
 * unknown field, a cut connection) rejects the request, destroys the streams under way (their partial
 * objects go with them) and removes every object already stored, so nothing half-done is kept.
 */
export function receiveMultipart(
  request: RequestBody,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // Browsers send file names in UTF-8; busboy would otherwise read them as Latin-1.
        defParamCharset: 'utf8',
        limits: {
          // busboy signals the limit once a file reaches this many bytes: one byte less is accepted.
          fileSize: FILE_SIZE_LIMIT_BYTES,
          files: options.maxFiles,
          fields: 20,
          fieldSize: options.maxTextBytes ?? 64 * 1024,
        },
      });
    } catch {
      reject(AppError.badRequest('malformed_body', 'The request must be multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: ReceivedFile[] = [];
    const stored = new Set<string>();
    const pending: Promise<void>[] = [];
    let failure: AppError | Error | null = null;
    let settled = false;

    const fail = (error: AppError | Error): void => {
      if (failure) return;
      failure = error;
      // Torn down once busboy has finished the step that reported the problem: it still uses its streams.
      process.nextTick(() => {
        request.unpipe(parser);
        parser.destroy(error); // and with it the file stream it is feeding, which removes its partial object
        request.resume(); // drain the rest of the body without keeping it
        void finish();
      });
    };

    const finish = async (): Promise<void> => {
      await Promise.allSettled(pending);
      if (settled) return;
      settled = true;
      if (failure) {
        await Promise.allSettled([...stored].map((key) => options.storage.delete(key)));
        reject(failure);
      } else resolve({ fields, files });
    };

    parser.on('field', (name, value, info) => {
      if (!options.textFields.includes(name))
        return fail(AppError.badRequest('unknown_field', `The field ${name} is not allowed here.`, name));
      if (info.valueTruncated) return fail(AppError.invalidField(name, `The ${name} field is too long.`));
      fields[name] = typedLineBreaks(value);
    });

    parser.on('file', (field, stream: Readable, info) => {
      // Tearing the parser down destroys the file stream it is feeding, and the body read from it, with the
      // request's error; unheard, that error would end the process. Before a failure it fails the request.
      const streamFailed = (error: Error): void =>
        fail(AppError.badRequest('malformed_body', `The upload of ${field} failed: ${error.message}`, field));
      stream.on('error', streamFailed);
      if (failure) return void stream.resume();
      if (!options.acceptsFileField(field)) {
        stream.resume();
        return fail(
          AppError.badRequest('unknown_field', `The field ${field} does not take files here.`, field),
        );
      }
      stream.on('limit', () => fail(AppError.invalidField(field, FILE_TOO_LARGE_MESSAGE)));
      const key = `${options.keyPrefix}/${randomUUID()}`;
      const fileName = sanitiseFileName(info.filename ?? 'file');
      const work = (async () => {
        const { head, complete, body } = await readHead(stream, SNIFF_HEAD_BYTES);
        body.on('error', streamFailed);
        const type = await sniffUploadType(head, complete, fileName);
        if (complete && head.length === 0) throw AppError.invalidField(field, emptyFileMessage(fileName));
        if (!type) throw unacceptedType(field, fileName);
        stored.add(key);
        const { size } = await options.storage.put(key, body, type.mime);
        if (failure) return;
        files.push({
          field,
          key,
          fileName,
          mimeType: type.mime,
          extension: type.extensions[0].slice(1),
          size,
        });
      })().catch((error: Error) =>
        fail(
          error instanceof AppError
            ? error
            : AppError.badRequest('upload_failed', `The upload of ${field} failed: ${error.message}`, field),
        ),
      );
      pending.push(work);
    });

    parser.on('filesLimit', () =>
      fail(AppError.badRequest('too_many_files', `At most ${options.maxFiles} files may be sent at once.`)),
    );
    parser.on('error', (error: Error) =>
      fail(AppError.badRequest('malformed_body', `The multipart body is not valid: ${error.message}`)),
    );
    parser.on('close', () => void finish());
    // A client that drops the connection mid-body: its file streams would otherwise wait for ever.
    request.on('close', () => {
      if (!request.complete) fail(new Error('The upload was interrupted.'));
    });
    request.on('error', (error) => fail(error));
    request.pipe(parser);
  });
}
