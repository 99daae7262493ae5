import { type CanActivate, type ExecutionContext, Injectable, Logger, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Caller } from '../auth/auth.decorators.js';
import { AppError } from './app-error.js';
import type { HttpRequest } from './http-types.js';
import { type Claim, IdempotencyKeys, type KeptAnswer } from './idempotency-keys.js';
import { isSafeToken } from './request-id.js';

/** The header a client names a command's request with, once for all its sends (IETF httpapi draft). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long a repeat waits for the first of its requests to answer before saying it is still under way. */
export const REPEAT_WAIT_MS = 30_000;
const REPEAT_POLL_MS = 100;

export const ANSWER_NOT_KEPT = 'http:answer-not-kept';

/**
 * A command whose answer carries a secret (a second-factor secret, recovery codes, a signed link): the
 * answer is never kept, and a repeat runs again.
 */
export const AnswerNotKept = (): MethodDecorator => SetMetadata(ANSWER_NOT_KEPT, true);

/** A repeat of a command already answered: the error filter sends it that answer again. */
export class AnsweredBefore extends Error {
  constructor(readonly answer: KeptAnswer) {
    super('This request was answered before.');
  }
}

/** The key a request claimed, on the request itself, for the answer to be kept under. */
const CLAIMED = Symbol('idempotency key');
type Claiming = { [CLAIMED]?: string };

/**
 * A command sent again under the key it was first sent with is answered once. A browser re-sends a request
 * whose connection broke before the answer came, though the command may have been applied: the repeat gets
 * the first answer instead of uploading, posting or noting it twice; one that comes while the first still
 * runs waits for it. A failed command keeps nothing, so its repeat runs afresh. Keys are the caller's own.
 *
 * A guard, after the caller is known, and a hook that keeps the answer as it is sent (`keepAnswers`): an
 * interceptor would do both in one place, but cost every command it sat on 60–130 µs of the server's CPU
 * (status changes alternated with and without it on the bench's data), key or no key.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  private readonly logger = new Logger(IdempotencyGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyKeys,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<HttpRequest & { caller?: Caller }>();
    const header = request.headers['idempotency-key'];
    if (header === undefined || READS.has(request.method)) return true;
    if (!isSafeToken(header))
      throw AppError.invalidField(
        IDEMPOTENCY_KEY_HEADER,
        `${IDEMPOTENCY_KEY_HEADER} must be 1 to 64 letters, digits, dots, dashes or underscores.`,
      );
    if (!request.caller || this.reflector.get<boolean>(ANSWER_NOT_KEPT, context.getHandler())) return true;
    const key = createHash('sha256')
      .update(`${request.caller.id}\n${request.method}\n${request.url}\n${header}`)
      .digest('base64url');
    return this.takeTurn(request, key);
  }

  private async takeTurn(request: HttpRequest, key: string): Promise<boolean> {
    const claim = await this.awaitTurn(key);
    if (claim?.kind === 'answered') throw new AnsweredBefore(claim.answer);
    if (claim) (request.raw as Claiming)[CLAIMED] = key;
    return true;
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
        warn(this.logger, error);
        return null;
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
}

/**
 * The HTTP server's `onSend` hook: the answer of a request that claimed a key is kept as it is sent (before
 * it is, so a repeat that comes after it finds it), or the key is freed when the command was refused or
 * failed, having written nothing. The client going away is no failure: the command runs on and answers,
 * and that answer is kept for its repeat.
 */
export function keepAnswers(keys: IdempotencyKeys) {
  const logger = new Logger(IdempotencyGuard.name);
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const raw = request.raw as Claiming;
    const key = raw[CLAIMED];
    if (key === undefined) return payload;
    delete raw[CLAIMED];
    const status = reply.statusCode;
    try {
      if (status >= 200 && status < 300 && typeof payload === 'string') {
        const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        await keys.keep(key, { status, type, body: payload });
      } else {
        await keys.release(key);
      }
    } catch (error) {
      warn(logger, error);
      // An answer that could not be kept frees its key, so that a repeat runs rather than waits.
      await keys.release(key).catch(() => undefined);
    }
    return payload;
  };
}

/** The keys' store failing never fails the command: it is logged, and the command goes on without. */
function warn(logger: Logger, error: unknown): void {
  logger.warn(`Idempotency keys unavailable: ${error instanceof Error ? error.message : String(error)}`);
}
