import { Inject, Injectable, type LoggerService, Optional } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DestinationStream, pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../http/request-id.js';
import { isUnder, SERVER_PREFIXES } from '../http/server-paths.js';

/**
 * Signed links carry their token in the path (a stored file; a lender package, which opens without signing
 * in while it lasts); logs keep only that a link was followed.
 */
export function withoutSecrets(url: string): string {
  return url.replace(/(\/(?:files|lender_packages)\/)[^/?]+/, '$1[signed-link]');
}

/** A step run on every request's Node.js request and response before it is routed. */
export type NodeMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** Where the logs go when not to standard output (a test reading the lines). */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');

/**
 * The request's id: the caller's own when safe, else a new one. The API's answers name it; the client's
 * scripts and pages, dozens per page load, are not sent it.
 */
function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const id = requestIdFrom(request.headers['x-request-id']);
  if (isUnder(SERVER_PREFIXES, request.url ?? '')) response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Structured JSON logs through pino. Authorization headers and cookies never reach them. */
@Injectable()
export class PinoLogger implements LoggerService {
  readonly pino: Logger;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(LOG_DESTINATION) destination?: DestinationStream,
  ) {
    const options = {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.refresh',
          '*.access',
          '*.challenge',
          '*.enrolment',
          '*.secret',
          '*.recovery_codes',
        ],
        censor: '[redacted]',
      },
    };
    this.pino = destination ? pino(options, destination) : pino(options);
  }

  log(message: unknown, context?: string): void {
    this.pino.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.pino.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.pino.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.pino.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.pino.trace({ context }, String(message));
  }

  fatal(message: unknown, context?: string): void {
    this.pino.fatal({ context }, String(message));
  }

  /**
   * One line per HTTP request: id, method, path, status and time; never headers or bodies. Each request gets
   * an id for its log line, the metadata of the events it writes, and the API's answer.
   */
  httpMiddleware(): NodeMiddleware {
    // Request lines are written at 'info'. Below it, a request gets only its id: pino-http would still make
    // each request a logger of its own, a tenth of the server's work on a light answer, for lines never written.
    if (!this.pino.isLevelEnabled('info'))
      return (request, response, next) => {
        (request as IncomingMessage & { id?: string }).id = assignRequestId(request, response);
        next();
      };
    return pinoHttp({
      logger: this.pino,
      genReqId: assignRequestId,
      autoLogging: { ignore: (request) => request.url === '/health' },
      serializers: {
        req: (request: { id: unknown; method: string; url: string }) => ({
          id: request.id,
          method: request.method,
          url: withoutSecrets(request.url),
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
    }) as unknown as NodeMiddleware;
  }
}
