/**
 * What a user may be sent to right after signing in: the forced password change and the forced two-factor
 * enrolment, with the password strength meter, the authenticator set-up and the recovery codes.
 */
export { PasswordCreatePage } from '../../pages/auth/PasswordCreatePage';
export { SecondFactorSetupPage } from '../../pages/auth/SecondFactorSetupPage';
