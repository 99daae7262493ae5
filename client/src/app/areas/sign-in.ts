/**
 * Sign-in (with its second-factor code) and password reset: their forms and checks load with the first of
 * them, so the public pages do not carry them, and the sign-in page carries nothing of the pages a user
 * sees only once signed in.
 */
export { LoginPage } from '../../pages/auth/LoginPage';
export { PasswordResetPage } from '../../pages/auth/PasswordResetPage';
