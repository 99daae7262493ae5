import type { NewEvent } from '../platform/event-store/event.types.js';

export const SESSION_STREAM = 'session';

/** A refresh-token family: one sign-in and every rotation after it. Only token hashes are kept. */
export type SessionStarted = NewEvent<'session.started', { userId: string; tokenHash: string }>;
export type SessionRotated = NewEvent<'session.rotated', { tokenHash: string }>;
export type SessionRevoked = NewEvent<
  'session.revoked',
  { reason: 'reuse_detected' | 'password_reset' | 'user_deactivated' }
>;
export type SessionEvent = SessionStarted | SessionRotated | SessionRevoked;

export const SESSION_EVENT_TYPES = ['session.started', 'session.rotated', 'session.revoked'] as const;
