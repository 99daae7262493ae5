import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '../domain/domain-error.js';
import { ConcurrencyError } from '../event-store/concurrency.error.js';
import { AppError, type ApiErrorItem } from './app-error.js';
import { AnsweredBefore } from './idempotency.guard.js';
import type { HttpResponse } from './http-types.js';

/**
 * PostgreSQL's refusals of text it cannot store: a NUL character in text (22021) or in JSON (22P05).
 * Input is checked for these before it reaches a handler; this catches any path that reads its own input.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

const UNIQUE_VIOLATION = '23505';
/** Unique indexes of read tables whose refusal the caller can act on. */
const UNIQUE_CONFLICTS: Record<string, ApiErrorItem> = {
  users_phone_active_idx: {
    code: 'phone_number_taken',
    description: 'A user with this phone number already exists.',
    field: 'phone_number',
  },
};

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
};

function fromHttpException(exception: HttpException): ApiErrorItem[] {
  const status = exception.getStatus();
  const body = exception.getResponse() as string | { message?: string | string[] };
  const raw = typeof body === 'string' ? body : body.message;
  const messages = Array.isArray(raw) ? raw : [raw ?? exception.message];
  return messages.map((description) => ({
    code: STATUS_CODES[status] ?? 'error',
    description: String(description),
  }));
}

const MALFORMED_BODY: ApiErrorItem = {
  code: 'malformed_body',
  description: 'The request body is not valid JSON.',
};

/** The HTTP server's refusals of a body before any handler reads it, by their codes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; error: ApiErrorItem }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: MALFORMED_BODY },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: MALFORMED_BODY },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: { code: 'bad_request', description: 'The request body does not match its length.' },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: { code: 'payload_too_large', description: 'The request body is too large.' },
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: {
      code: 'unsupported_media_type',
      description: 'The request body must be JSON, or multipart/form-data for files.',
    },
  },
};

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/** Maps every failure to `{ errors: [...] }`; only the unexpected ones become a 500, and they are logged. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const response = host.switchToHttp().getResponse<HttpResponse>();
    if (exception instanceof AnsweredBefore) {
      const { status, type, body } = exception.answer;
      response.status(status).header('Content-Type', type).send(body);
      return;
    }
    const { status, errors } = this.describe(exception);
    if (status >= 500)
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    if (response.sent || response.raw.headersSent) {
      // A stream cut off half-way: the client must see an incomplete answer, not a complete one.
      response.raw.destroy();
      return;
    }
    response.status(status).send({ errors });
  }

  private describe(exception: unknown): { status: number; errors: ApiErrorItem[] } {
    if (exception instanceof AppError) return { status: exception.status, errors: exception.items() };
    if (exception instanceof DomainError) {
      const item: ApiErrorItem = { code: exception.code, description: exception.message };
      if (exception.field) item.field = exception.field;
      return { status: STATUS_OF_KIND[exception.kind], errors: [item] };
    }
    if (exception instanceof ConcurrencyError) {
      return { status: 409, errors: [{ code: 'version_conflict', description: exception.description }] };
    }
    if (
      exception instanceof HttpException &&
      exception.getStatus() === 400 &&
      /JSON/.test(exception.message)
    ) {
      return { status: 400, errors: [MALFORMED_BODY] };
    }
    if (exception instanceof HttpException) {
      if (exception.getStatus() === 429) {
        return {
          status: 429,
          errors: [
            { code: 'throttled', description: 'Too many attempts. Please wait a minute and try again.' },
          ],
        };
      }
      return { status: exception.getStatus(), errors: fromHttpException(exception) };
    }
    const databaseError = exception as {
      driverError?: { code?: string; constraint?: string };
      code?: string;
      constraint?: string;
    };
    if ((databaseError?.driverError?.code ?? databaseError?.code) === UNIQUE_VIOLATION) {
      // A read table refused a row that another request wrote first: a conflict, never a server error.
      const constraint = databaseError.driverError?.constraint ?? databaseError.constraint;
      const known = UNIQUE_CONFLICTS[constraint ?? ''];
      return {
        status: 409,
        errors: [
          known ?? { code: 'conflict', description: 'This was changed at the same time. Please try again.' },
        ],
      };
    }
    if (UNSTORABLE_TEXT.has(databaseError?.driverError?.code ?? databaseError?.code ?? '')) {
      return {
        status: 400,
        errors: [
          {
            code: 'invalid_character',
            description: 'The request contains a NUL character, which is not allowed.',
          },
        ],
      };
    }
    const framework = exception as { code?: string; statusCode?: number };
    const frameworkAnswer = framework?.code ? FRAMEWORK_ERRORS[framework.code] : undefined;
    if (frameworkAnswer) return { status: frameworkAnswer.status, errors: [frameworkAnswer.error] };
    if (
      typeof framework?.statusCode === 'number' &&
      framework.statusCode >= 400 &&
      framework.statusCode < 500
    ) {
      return {
        status: framework.statusCode,
        errors: [
          {
            code: STATUS_CODES[framework.statusCode] ?? 'bad_request',
            description: 'The request is not valid.',
          },
        ],
      };
    }
    return {
      status: 500,
      errors: [{ code: 'server_error', description: 'Something went wrong on our side. Please try again.' }],
    };
  }
}
