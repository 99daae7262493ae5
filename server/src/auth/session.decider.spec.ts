import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { REFRESH_RACE_SECONDS, sessionDecider } from './session.decider.js';
import type { SessionEvent } from './session.events.js';

const given = specFor(sessionDecider);
const started: SessionEvent = { type: 'session.started', data: { userId: 'u1', tokenHash: 'h1' } };
const AT = '2026-11-29T10:00:00.000Z';
const rotated: SessionEvent = { type: 'session.rotated', data: { tokenHash: 'h2', rotatedAt: AT } };
const secondsAfter = (seconds: number) => new Date(Date.parse(AT) + seconds * 1000).toISOString();

describe('refresh-token family', () => {
  it('starts a session with the first token hash', () => {
    given([]).when({ type: 'StartSession', userId: 'u1', tokenHash: 'h1' }).then([started]);
  });

  it('refuses to start a session twice', () => {
    given([started])
      .when({ type: 'StartSession', userId: 'u1', tokenHash: 'h2' })
      .thenRefuses('session_exists');
  });

  it('rotates when the current token is presented, noting when', () => {
    given([started])
      .when({ type: 'Rotate', presentedHash: 'h1', nextHash: 'h2', at: AT })
      .then([{ type: 'session.rotated', data: { tokenHash: 'h2', rotatedAt: AT } }]);
  });

  it('refuses, keeping the family, a refresh that raced the last rotation with the token it spent', () => {
    given([started, rotated])
      .when({ type: 'Rotate', presentedHash: 'h1', nextHash: 'h3', at: secondsAfter(REFRESH_RACE_SECONDS) })
      .thenRefuses('token_not_valid');
  });

  it('revokes the family when the spent token comes back after the race window', () => {
    given([started, rotated])
      .when({
        type: 'Rotate',
        presentedHash: 'h1',
        nextHash: 'h3',
        at: secondsAfter(REFRESH_RACE_SECONDS + 1),
      })
      .then([{ type: 'session.revoked', data: { reason: 'reuse_detected' } }]);
  });

  it('revokes the family when a token older than the last one spent is presented, however soon', () => {
    given([started, rotated, { type: 'session.rotated', data: { tokenHash: 'h3', rotatedAt: AT } }])
      .when({ type: 'Rotate', presentedHash: 'h1', nextHash: 'h4', at: secondsAfter(1) })
      .then([{ type: 'session.revoked', data: { reason: 'reuse_detected' } }]);
  });

  it('revokes the family when a spent token is presented after a rotation recorded without its time', () => {
    given([started, { type: 'session.rotated', data: { tokenHash: 'h2' } }])
      .when({ type: 'Rotate', presentedHash: 'h1', nextHash: 'h3', at: AT })
      .then([{ type: 'session.revoked', data: { reason: 'reuse_detected' } }]);
  });

  it('refuses to rotate a revoked family', () => {
    given([started, { type: 'session.revoked', data: { reason: 'password_reset' } }])
      .when({ type: 'Rotate', presentedHash: 'h1', nextHash: 'h2', at: AT })
      .thenRefuses('token_not_valid');
  });

  it('refuses a family that never started', () => {
    given([])
      .when({ type: 'Rotate', presentedHash: 'h1', nextHash: 'h2', at: AT })
      .thenRefuses('token_not_valid');
  });

  it('revokes once: a second revoke writes nothing', () => {
    given([started, { type: 'session.revoked', data: { reason: 'password_reset' } }])
      .when({ type: 'Revoke', reason: 'password_reset' })
      .then([]);
  });
});

describe('ending a session', () => {
  it.each(['signed_out', 'password_changed', 'password_reset', 'user_deactivated'] as const)(
    'revokes a live session with the reason %s',
    (reason) => {
      given([started])
        .when({ type: 'Revoke', reason })
        .then([{ type: 'session.revoked', data: { reason } }]);
    },
  );

  it('writes nothing for a session that never started', () => {
    given([]).when({ type: 'Revoke', reason: 'signed_out' }).then([]);
  });
});
