/**
 * What a password a person chooses must be, checked the same way by the change-password form and by the
 * server. Passwords the product makes itself are strong by construction and are not checked here.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** The first broken rule, as a sentence naming the field; null when the password is acceptable. */
export function passwordProblem(
  password: string,
  phoneNumber?: string | null,
  field = 'password',
): string | null {
  if (password.trim() === '') return `The ${field} field may not be blank or only spaces`;
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The ${field} field must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The ${field} field may not be longer than ${MAX_PASSWORD_LENGTH} characters`;
  if (phoneNumber && isPhoneNumber(password, phoneNumber))
    return `The ${field} field may not be your phone number`;
  return null;
}

/** The password spells the phone number, with or without the country 1 and any separators. */
function isPhoneNumber(password: string, phoneNumber: string): boolean {
  const digits = phoneNumber.replace(/\D/g, '');
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (/[^\d\s()+.-]/.test(password)) return false;
  const typed = password.replace(/\D/g, '');
  return typed === local || typed === `1${local}`;
}
