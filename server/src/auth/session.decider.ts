import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { SessionEndReason, SessionEvent } from './session.events.js';

export interface SessionState {
  userId: string | null;
  currentTokenHash: string | null;
  revoked: boolean;
}

export type SessionCommand =
  | { type: 'StartSession'; userId: string; tokenHash: string }
  | { type: 'Rotate'; presentedHash: string; nextHash: string }
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
 * Refresh tokens are single-use: each refresh rotates the family's current hash. Presenting any other
 * token of the family means it leaked, so the whole family is revoked.
 */
export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: () => ({ userId: null, currentTokenHash: null, revoked: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'session.started':
        return { userId: event.data.userId, currentTokenHash: event.data.tokenHash, revoked: false };
      case 'session.rotated':
        return { ...state, currentTokenHash: event.data.tokenHash };
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
          return [{ type: 'session.revoked', data: { reason: 'reuse_detected' } }];
        }
        return [{ type: 'session.rotated', data: { tokenHash: command.nextHash } }];
      case 'Revoke':
        return state.revoked || !state.userId
          ? []
          : [{ type: 'session.revoked', data: { reason: command.reason } }];
    }
  },
};
