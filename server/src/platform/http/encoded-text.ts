import accepts from 'accepts';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { HttpRequest, HttpResponse } from './http-types.js';

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

/** Whether the browser's copy (named by If-None-Match) is this text: tags compare weakly, `*` is any. */
function isFresh(request: HttpRequest, tag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const weak = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((value) => value.trim() === '*' || weak(value) === weak(tag));
}

/**
 * Sends brotli whenever the request accepts it (it is the smaller), else gzip, else the text as it is; the
 * built files are chosen the same way. The answer depends on Accept-Encoding, which caches must know.
 */
export function sendEncoded(request: HttpRequest, response: HttpResponse, text: EncodedText): HttpResponse {
  response.header('Vary', 'Accept-Encoding');
  response.header('ETag', text.tag);
  if (isFresh(request, text.tag)) return response.code(304).send();
  const accepted = accepts(request.raw);
  const encoding = accepted.encoding('br') ? 'br' : accepted.encoding('gzip') ? 'gzip' : 'identity';
  if (encoding !== 'identity') response.header('Content-Encoding', encoding);
  return response.send(text[encoding]);
}
