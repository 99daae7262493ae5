import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { SessionEndReason, SessionEvent } from './session.events.js';

export interface SessionState {
  userId: string | null;
  currentTokenHash: string | null;
  /** The token the last rotation spent, and when: a request that raced that rotation still presents it. */
  previousTokenHash: string | null;
  rotatedAt: string | null;
  revoked: boolean;
}

export type SessionCommand =
  | { type: 'StartSession'; userId: string; tokenHash: string }
  /** `at`: when the token was presented (ISO time). */
  | { type: 'Rotate'; presentedHash: string; nextHash: string; at: string }
  | { type: 'Revoke'; reason: Exclude<SessionEndReason, 'reuse_detected'> };

/** A refresh token presented again after it was rotated: the family is signed out (answered 401). */
export class RefreshTokenReused extends DomainError {
  constructor() {
    super(
      'unauthorized',
      'token_not_valid',
      'This refresh token was already used; every session it started has been signed out.',
    );
  }
}

/**
 * A refresh that lost a race to another with the same token (two requests sent at once, a retry): refused
 * without ending the session the winner renewed.
 */
export class RefreshRaced extends DomainError {
  constructor() {
    super('unauthorized', 'token_not_valid', 'This refresh token was just renewed by another request.');
  }
}

/**
 * How long after a rotation the token it spent is taken for a request that raced it rather than a leak.
 * Longer, and a stolen token presented soon after the owner's refresh would go unnoticed for longer.
 */
export const REFRESH_RACE_SECONDS = 30;

/**
 * Refresh tokens are single-use: each refresh rotates the family's current hash. Presenting the token the
 * last rotation spent, within `REFRESH_RACE_SECONDS` of it, is a request that raced that rotation: refused,
 * the family kept. Presenting any other token of the family means it leaked, so the whole family is revoked.
 */
export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: () => ({
    userId: null,
    currentTokenHash: null,
    previousTokenHash: null,
    rotatedAt: null,
    revoked: false,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'session.started':
        return {
          ...state,
          userId: event.data.userId,
          currentTokenHash: event.data.tokenHash,
          revoked: false,
        };
      case 'session.rotated':
        return {
          ...state,
          currentTokenHash: event.data.tokenHash,
          previousTokenHash: state.currentTokenHash,
          rotatedAt: event.data.rotatedAt ?? null,
        };
      case 'session.revoked':
        return { ...state, revoked: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartSession':
        if (state.userId) throw DomainError.conflict('session_exists', 'This session has already started.');
        return [{ type: 'session.started', data: { userId: command.userId, tokenHash: command.tokenHash } }];
      case 'Rotate':
        if (!state.userId || state.revoked) {
          throw DomainError.unauthorized('token_not_valid', 'This session has ended. Please sign in again.');
        }
        if (state.currentTokenHash !== command.presentedHash) {
          if (racedLastRotation(state, command.presentedHash, command.at)) throw new RefreshRaced();
          return [{ type: 'session.revoked', data: { reason: 'reuse_detected' } }];
        }
        return [{ type: 'session.rotated', data: { tokenHash: command.nextHash, rotatedAt: command.at } }];
      case 'Revoke':
        return state.revoked || !state.userId
          ? []
          : [{ type: 'session.revoked', data: { reason: command.reason } }];
    }
  },
};

function racedLastRotation(state: SessionState, presentedHash: string, at: string): boolean {
  if (state.previousTokenHash !== presentedHash || !state.rotatedAt) return false;
  const since = Date.parse(at) - Date.parse(state.rotatedAt);
  return since >= 0 && since <= REFRESH_RACE_SECONDS * 1000;
}
