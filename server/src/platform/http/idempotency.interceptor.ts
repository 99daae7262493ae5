import {
  type CallHandler,
  type ExecutionContext,
  type INestApplication,
  Injectable,
  Logger,
  type NestInterceptor,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { finalize, from, mergeMap, type Observable, of } from 'rxjs';
import type { Caller } from '../auth/auth.decorators.js';
import { AppError } from './app-error.js';
import type { HttpRequest, HttpResponse } from './http-types.js';
import { type Claim, IdempotencyKeys } from './idempotency-keys.js';

/** The header a client names a command's request with, once for all its sends (IETF httpapi draft). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const KEY = /^[A-Za-z0-9._-]{1,64}$/;
const READS = new Set([RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS]);
/** How long a repeat waits for the first of its requests to answer before saying it is still under way. */
export const REPEAT_WAIT_MS = 30_000;
const REPEAT_POLL_MS = 100;

const ANSWER_NOT_KEPT = 'http:answer-not-kept';

/**
 * A command whose answer carries a secret (a second-factor secret, recovery codes, a signed link): the
 * answer is never kept, and a repeat runs again.
 */
export const AnswerNotKept = (): MethodDecorator => SetMetadata(ANSWER_NOT_KEPT, true);

/**
 * A command sent again under the key it was first sent with is answered once. A browser re-sends a request
 * whose connection broke before the answer came, though the command may have been applied: the repeat gets
 * the first answer instead of uploading, posting or noting it twice; one that comes while the first still
 * runs waits for it. A failed command keeps nothing, so its repeat runs afresh. Keys are the caller's own.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(private readonly keys: IdempotencyKeys) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<HttpRequest & { caller?: Caller }>();
    const header = request.headers['idempotency-key'];
    if (header === undefined) return next.handle();
    if (typeof header !== 'string' || !KEY.test(header))
      throw AppError.invalidField(
        IDEMPOTENCY_KEY_HEADER,
        `${IDEMPOTENCY_KEY_HEADER} must be 1 to 64 letters, digits, dots, dashes or underscores.`,
      );
    if (!request.caller) return next.handle();

    const key = createHash('sha256')
      .update(`${request.caller.id}\n${request.method}\n${request.url}\n${header}`)
      .digest('base64url');
    const claim = await this.awaitTurn(key);
    const response = context.switchToHttp().getResponse<HttpResponse>();
    if (claim?.kind === 'answered') {
      response.status(claim.answer.status);
      return of(claim.answer.body);
    }
    if (!claim) return next.handle();

    let kept = false;
    return next.handle().pipe(
      mergeMap((body: unknown) => {
        kept = true;
        const answer = { status: response.statusCode, body: body ?? null };
        // An answer that could not be kept frees the key, so that a repeat runs rather than waits.
        return from(
          this.keys.keep(key, answer).then(
            () => body,
            (error: unknown) => {
              void this.keys.release(key).catch(() => undefined);
              return this.warn(error, body);
            },
          ),
        );
      }),
      // A refusal or a failure wrote nothing (a refused command appends no event): its repeat runs afresh.
      // The client going away is no failure; the command runs on, and its answer is kept for the repeat.
      finalize(() => {
        if (!kept) void this.keys.release(key).catch((error: unknown) => this.warn(error, undefined));
      }),
    );
  }

  /**
   * This request's turn under its key: it runs (first), or it answers what the first answered. Null when the
   * keys cannot be read (Redis away): the command runs, as it would without a key.
   */
  private async awaitTurn(key: string): Promise<Exclude<Claim, { kind: 'running' }> | null> {
    const deadline = Date.now() + REPEAT_WAIT_MS;
    for (;;) {
      let claim: Claim;
      try {
        claim = await this.keys.claim(key);
      } catch (error) {
        return this.warn(error, null);
      }
      if (claim.kind !== 'running') return claim;
      if (Date.now() >= deadline)
        throw new AppError(
          409,
          'request_in_progress',
          'This request is still being processed. Please wait a moment and reload the page.',
        );
      await sleep(REPEAT_POLL_MS);
    }
  }

  /** The keys' store failing never fails the command: it is logged, and the command goes on without. */
  private warn<T>(error: unknown, value: T): T {
    this.logger.warn(
      `Idempotency keys unavailable: ${error instanceof Error ? error.message : String(error)}`,
    );
    return value;
  }
}

/**
 * Puts the interceptor on every command route (any method but reads) whose answer may be kept, and on no
 * read: an interceptor costs a route about 30 µs of the server's CPU per request whether it acts or not
 * (measured on the clients page and `users/me/`), which reads, most of the traffic, need not pay. Runs
 * before the routes are registered (`app.init()`), which is when they read their interceptors.
 */
export function interceptRepeatedCommands(app: INestApplication): void {
  const interceptor = app.get(IdempotencyInterceptor);
  for (const { instance } of app.get(DiscoveryService).getControllers()) {
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined || READS.has(method) || Reflect.getMetadata(ANSWER_NOT_KEPT, handler))
        continue;
      const others = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      Reflect.defineMetadata(INTERCEPTORS_METADATA, [...others, interceptor], handler);
    }
  }
}
