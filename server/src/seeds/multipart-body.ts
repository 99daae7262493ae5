import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { RequestBody } from '../platform/http/http-types.js';

export interface FilePart {
  field: string;
  fileName: string;
  body: Buffer;
}

/**
 * A multipart/form-data body as a browser sends it, for the services that receive uploads, notes and chat
 * messages: the demo's files go through the same reading, type check and storage as any upload.
 */
export function multipartBody(files: FilePart[], text: Record<string, string> = {}): RequestBody {
  const boundary = `----HomewardDemo${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(text))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return Object.assign(Readable.from([body], { objectMode: false }), {
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
    // Read to the end: the upload was not cut short.
    complete: true,
  }) as unknown as RequestBody;
}
