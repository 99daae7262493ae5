import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A text built once (the page with its settings, until they change), held in every encoding browsers ask for. */
export interface EncodedText {
  br: Buffer;
  gzip: Buffer;
  identity: Buffer;
  /** Weak, as the encodings are one text: a browser revalidating any of them is answered 304 while it stands. */
  tag: string;
}

export function encodeText(text: string): EncodedText {
  const identity = Buffer.from(text, 'utf8');
  return {
    tag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    identity,
  };
}

/**
 * Sends brotli whenever the request accepts it (it is the smaller), else gzip, else the text as it is; the
 * built files are chosen the same way. The answer depends on Accept-Encoding, which caches must know.
 */
export function sendEncoded(request: Request, response: Response, text: EncodedText): void {
  response.vary('Accept-Encoding');
  const encoding = request.acceptsEncodings('br')
    ? 'br'
    : request.acceptsEncodings('gzip')
      ? 'gzip'
      : 'identity';
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('ETag', text.tag);
  response.send(text[encoding]);
}
