import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** A request as handlers, guards and filters see it. */
export type HttpRequest = FastifyRequest;
/** An answer under way, as handlers, guards and filters write it. */
export type HttpResponse = FastifyReply;
/** The request's body as it arrives: what an upload is read from, a part at a time. */
export type RequestBody = IncomingMessage;

/** The path a request asked for, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
