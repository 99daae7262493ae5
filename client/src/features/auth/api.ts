import type { SecondFactorEnabled, SecondFactorEnrolment } from '@machines/second-factor';
import type { SecondFactorInput, SignInAnswer, SignInCredentials } from '@machines/session.machine';
import type { CurrentUserView } from '@machines/user.view';
import { api } from '../../api/http';
import type { Tokens } from '../../api/tokens';

/**
 * Exchanges phone number ('1' + 10 digits) and password for an access token (and the refresh cookie), or,
 * for a user with a second factor, for the challenge the code is sent with.
 */
export function obtainTokens(credentials: SignInCredentials): Promise<SignInAnswer> {
  return api.auth.post<SignInAnswer>('/auth/token/obtain/', credentials, { auth: false });
}

/** The code from the authenticator app (or a recovery code) with the challenge: signed in as by obtain. */
export function verifySecondFactor(input: SecondFactorInput): Promise<Tokens> {
  return api.auth.post<Tokens>('/auth/token/second_factor/', input, { auth: false });
}

/** Sign-out: the server ends the session its cookie names and clears the cookie. */
export function endServerSession(): Promise<unknown> {
  return api.auth.post('/auth/token/revoke/', undefined, { auth: false });
}

/** Sends a new password to the phone number by text message. */
export function resetPassword(phoneNumber: string): Promise<unknown> {
  return api.auth.post('/auth/reset_password/', { phone_number: phoneNumber }, { auth: false });
}

export function loadCurrentUser(signal?: AbortSignal): Promise<CurrentUserView> {
  return api.core.get<CurrentUserView>('/users/me/', undefined, signal);
}

/** Sets a new password (this also clears require_change_password) and returns the user as reloaded. */
export async function changePassword(password: string): Promise<CurrentUserView> {
  await api.auth.patch('/users/me/', { password });
  return loadCurrentUser();
}

/** A new secret for the authenticator app (staff only); nothing is kept until a code confirms it. */
export function startSecondFactorEnrolment(requestId: string): Promise<SecondFactorEnrolment> {
  return api.core.post<SecondFactorEnrolment>('/users/me/second_factor/enrolment/', undefined, { requestId });
}

/** The first code from the app confirms the enrolment; the recovery codes are answered this once. */
export function confirmSecondFactor(
  input: { enrolment: string; code: string },
  requestId: string,
): Promise<SecondFactorEnabled> {
  return api.core.post<SecondFactorEnabled>('/users/me/second_factor/', input, { requestId });
}

/** Turns the second factor off with a current code (refused while the brokerage requires it). */
export function turnOffSecondFactor(code: string, requestId: string): Promise<unknown> {
  return api.core.post('/users/me/second_factor/turn_off/', { code }, { requestId });
}

/** Ten new recovery codes for the old ones, with a current code from the app; shown this once. */
export function replaceRecoveryCodes(code: string, requestId: string): Promise<SecondFactorEnabled> {
  return api.core.post<SecondFactorEnabled>(
    '/users/me/second_factor/recovery_codes/',
    { code },
    { requestId },
  );
}

/** A broker's own lender submission codes, in order (the first goes to their clients' links). */
export function saveOwnBrokerCodes(codes: string[], requestId: string): Promise<unknown> {
  return api.core.put('/users/me/broker_codes/', { broker_codes: codes }, { requestId });
}
