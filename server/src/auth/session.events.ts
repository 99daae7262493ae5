import type { NewEvent } from '../platform/event-store/event.types.js';

export const SESSION_STREAM = 'session';

/** A refresh-token family: one sign-in and every rotation after it. Only token hashes are kept. */
export type SessionStarted = NewEvent<'session.started', { userId: string; tokenHash: string }>;
/** `rotatedAt` (ISO time) is in rotations recorded from December 2026 on; older ones lack it. */
export type SessionRotated = NewEvent<'session.rotated', { tokenHash: string; rotatedAt?: string }>;
/**
 * Why a session ended. 'password_reset': its user signed in with a reset password (or, in older events,
 * a reset replaced the password at once); 'password_changed': its user chose a new password elsewhere.
 */
export type SessionEndReason =
  'reuse_detected' | 'password_reset' | 'password_changed' | 'user_deactivated' | 'signed_out';
export type SessionRevoked = NewEvent<'session.revoked', { reason: SessionEndReason }>;
export type SessionEvent = SessionStarted | SessionRotated | SessionRevoked;

export const SESSION_EVENT_TYPES = ['session.started', 'session.rotated', 'session.revoked'] as const;
