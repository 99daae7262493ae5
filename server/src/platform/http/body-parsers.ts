import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A JSON body: a command's fields, never a file (uploads are multipart and streamed). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How request bodies are read before a handler runs.
 * - JSON, within the limit. A request that declares JSON but sends nothing (a sign-out, a button's
 *   command) has no body, as with no content type at all: a handler that reads none runs, and one that
 *   needs fields is refused by the validation pipe as a missing body is.
 * - multipart/form-data is left unread: an upload's handler streams it, a part at a time, into storage.
 */
export function registerBodyParsers(app: NestFastifyApplication): void {
  const server = app.getHttpAdapter().getInstance();
  const json = server.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: JSON_BODY_LIMIT_BYTES }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    json(request as never, body.toString('utf8'), done);
  });
  server.addContentTypeParser('multipart/form-data', (_request, _body, done) => done(null, undefined));
}
