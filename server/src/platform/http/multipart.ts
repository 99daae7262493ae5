import busboy from 'busboy';
import type { Request } from 'express';
import { fileTypeStream } from 'file-type';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStorage } from '../storage/object-storage.js';
import { AppError } from './app-error.js';

/** Files must be strictly below 75 MB (78,643,200 bytes), as the client measures them. */
export const MAX_FILE_BYTES = 75 * 1024 * 1024 - 1;
export const FILE_TOO_LARGE = 'File is too large. The file size must be less than 75 megabytes.';

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
  maxFileBytes?: number;
  maxTextBytes?: number;
}

/** Keeps a file name readable but harmless: no paths, no control characters, bounded length. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
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

/**
 * Streams a multipart request: each file goes straight into object storage (its type sniffed from its
 * bytes), text fields are collected. Anything wrong (a file at the size limit, an unknown field, a cut
 * connection) rejects the request and removes every object it had stored, so nothing half-done is kept.
 */
export function receiveMultipart(
  request: Request,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: {
          fileSize: maxFileBytes,
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
      request.unpipe(parser);
      request.resume(); // drain the rest of the body without keeping it
      void finish();
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
      fields[name] = value;
    });

    parser.on('file', (field, stream: Readable, info) => {
      if (failure) return void stream.resume();
      if (!options.acceptsFileField(field)) {
        stream.resume();
        return fail(
          AppError.badRequest('unknown_field', `The field ${field} does not take files here.`, field),
        );
      }
      const key = `${options.keyPrefix}/${randomUUID()}`;
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      stream.on('limit', () => {
        stream.destroy(AppError.invalidField(field, FILE_TOO_LARGE));
        fail(AppError.invalidField(field, FILE_TOO_LARGE));
      });
      const work = (async () => {
        const typed = await fileTypeStream(stream);
        const sniffed = typed.fileType;
        const mimeType =
          sniffed?.mime ?? (info.mimeType === 'text/plain' ? 'text/plain' : 'application/octet-stream');
        stored.add(key);
        await options.storage.put(key, typed as unknown as Readable, mimeType);
        if (failure) return;
        const fileName = sanitiseFileName(info.filename ?? 'file');
        files.push({
          field,
          key,
          fileName,
          mimeType,
          extension: sniffed?.ext ?? extname(fileName).slice(1).toLowerCase(),
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
    request.on('aborted', () => fail(new Error('The upload was interrupted.')));
    request.on('error', (error) => fail(error));
    request.pipe(parser);
  });
}
