import { PassThrough, type Readable } from 'node:stream';

export interface StreamHead {
  /** The first bytes (at least the number asked for, unless the stream is shorter). */
  head: Buffer;
  /** The stream ended within the head. */
  complete: boolean;
  /** The whole stream again, head included; an error of the source is an error of the body. */
  body: Readable;
}

/**
 * Reads the first bytes of a stream so they can be inspected before the rest is consumed; only the head
 * is held in memory, the rest keeps streaming through `body`.
 */
export function readHead(source: Readable, bytes: number): Promise<StreamHead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stopListening = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
    };
    const settle = (complete: boolean) => {
      stopListening();
      source.pause();
      const head = Buffer.concat(chunks, length);
      const body = new PassThrough();
      body.write(head);
      if (complete) body.end();
      else {
        source.once('error', (error) => body.destroy(error));
        source.pipe(body);
      }
      resolve({ head, complete, body });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) settle(false);
    };
    const onEnd = () => settle(true);
    const onError = (error: Error) => {
      stopListening();
      reject(error);
    };
    // Destroyed without an error: it will never end, so the head will never come.
    const onClose = () => onError(new Error('The stream closed before its first bytes were read.'));
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onError);
    source.once('close', onClose);
  });
}
