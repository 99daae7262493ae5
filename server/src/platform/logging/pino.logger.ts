import { Inject, Injectable, type LoggerService } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../http/request-id.js';
import { isUnder, SERVER_PREFIXES } from '../http/server-paths.js';

/** Signed file links carry a token in their path; logs keep only that a link was followed. */
export function withoutSecrets(url: string): string {
  return url.replace(/(\/files\/)[^/?]+/, '$1[signed-link]');
}

/** Structured JSON logs through pino. Authorization headers and cookies never reach them. */
@Injectable()
export class PinoLogger implements LoggerService {
  readonly pino: Logger;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pino = pino({
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
    });
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

  /** One line per HTTP request: id, method, path, status and time; never headers or bodies. */
  httpMiddleware(): RequestHandler {
    return pinoHttp({
      logger: this.pino,
      // One id per request for its log line, the metadata of the events it writes, and the API's answer
      // (the client's scripts and pages, dozens per page load, are not sent it).
      genReqId: (request, response) => {
        const id = requestIdFrom(request.headers['x-request-id']);
        if (isUnder(SERVER_PREFIXES, request.url ?? '')) response.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (request) => request.url === '/health' },
      serializers: {
        req: (request: { id: unknown; method: string; url: string }) => ({
          id: request.id,
          method: request.method,
          url: withoutSecrets(request.url),
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
    }) as unknown as RequestHandler;
  }
}
