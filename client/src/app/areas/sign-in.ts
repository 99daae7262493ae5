/**
 * Sign-in (with its second-factor code), password reset, the forced password change and the forced
 * two-factor enrolment: their forms and checks load with the first of
 * them, so the public pages do not carry them.
 */
export { LoginPage } from '../../pages/auth/LoginPage';
export { PasswordCreatePage } from '../../pages/auth/PasswordCreatePage';
export { PasswordResetPage } from '../../pages/auth/PasswordResetPage';
export { SecondFactorSetupPage } from '../../pages/auth/SecondFactorSetupPage';
