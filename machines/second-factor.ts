/**
 * Two-factor sign-in for staff (TOTP, RFC 6238): the shapes the server answers and the client sends, and
 * the rules both apply to what a person types. Customers are never asked for a second factor.
 */

/** Where the signed-in user stands (`users/me/` answers it as `second_factor`). */
export interface SecondFactorStatus {
  /** They confirmed an authenticator app; every sign-in asks for its code. */
  enabled: boolean;
  /** The brokerage requires it of all staff: it cannot be turned off, and without it only enrolment is open. */
  required: boolean;
  /** Recovery codes not used yet (0 when not enabled). */
  recovery_codes_left: number;
}

export const NO_SECOND_FACTOR: Readonly<SecondFactorStatus> = Object.freeze({
  enabled: false,
  required: false,
  recovery_codes_left: 0,
});

/** Signed-in staff without a second factor while the brokerage requires one: only enrolment is open. */
export function mustEnrolSecondFactor(status: SecondFactorStatus | undefined): boolean {
  return !!status && status.required && !status.enabled;
}

/**
 * `POST auth/token/obtain/` answers either `{ access }` (signed in) or `{ challenge }`: the password was
 * right and the code from the authenticator app is asked next, with the challenge, at
 * `POST auth/token/second_factor/` `{ challenge, code }`, which answers `{ access }`.
 */
export interface SecondFactorChallenge {
  challenge: string;
}

/** `POST users/me/second_factor/enrolment/`: a new secret to show; nothing is kept until it is confirmed. */
export interface SecondFactorEnrolment {
  /** Sealed by the server; sent back with the first code to confirm (valid 15 minutes). */
  enrolment: string;
  /** The otpauth:// address in the QR code. */
  uri: string;
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** The QR code as an SVG document. */
  qr_svg: string;
}

/**
 * `POST users/me/second_factor/` `{ enrolment, code }`: enabled; the recovery codes are shown this once.
 * `POST users/me/second_factor/recovery_codes/` `{ code }` answers ten new ones the same way.
 */
export interface SecondFactorEnabled {
  recovery_codes: string[];
}

/** A code from the authenticator app: 6 digits (spaces typed between them are ignored). */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code: 8 letters and digits, with or without the dash in the middle. */
export const RECOVERY_CODE = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/;

/** What a person typed, as it is sent: spaces gone. */
export function normalCode(typed: string): string {
  return typed.replace(/\s+/g, '');
}

/** Where only the app will do (a first code, new recovery codes): a recovery code is refused with this. */
export const APP_CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';

/** The field's problem where only a code from the app will do, or null. */
export function appCodeProblem(typed: string): string | null {
  const code = normalCode(typed);
  if (code === '') return 'The code field is required';
  return TOTP_CODE.test(code) ? null : APP_CODE_NEEDED;
}

/** The field's problem, or null when the typed text can be a code. */
export function codeProblem(typed: string): string | null {
  const code = normalCode(typed);
  if (code === '') return 'The code field is required';
  return TOTP_CODE.test(code) || RECOVERY_CODE.test(code)
    ? null
    : 'Enter the 6-digit code from your authenticator app, or a recovery code';
}
