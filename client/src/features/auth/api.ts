import type { SignInCredentials } from '@machines/session.machine';
import type { CurrentUserView } from '@machines/user.view';
import { api } from '../../api/http';
import type { Tokens } from '../../api/tokens';

/** Exchanges phone number ('1' + 10 digits) and password for an access token (and the refresh cookie). */
export function obtainTokens(credentials: SignInCredentials): Promise<Tokens> {
  return api.auth.post<Tokens>('/auth/token/obtain/', credentials, { auth: false });
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
