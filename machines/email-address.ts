import isEmailExport from 'validator/lib/isEmail.js';
import { optional, type Rule } from './validation.js';

/**
 * E-mail addresses: validator's check is most of a form's validation code, so it is in a module of its
 * own that only the forms asking for an address load.
 */

type EmailCheck = (value: string) => boolean;
// validator ships CommonJS: Node's ESM loader and the client bundler see its default export differently.
const isEmailInterop = isEmailExport as unknown as EmailCheck | { default: EmailCheck };
const isEmail: EmailCheck = typeof isEmailInterop === 'function' ? isEmailInterop : isEmailInterop.default;

/** The longest e-mail address SMTP delivers (RFC 5321 path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * Valid in a quoted local part, but never in an address a person types, and unsafe next to HTML. The
 * apostrophe stays allowed: o'brien@example.com is an everyday address, and every page and e-mail escapes it.
 */
const EMAIL_FORBIDDEN = /[<>"`\\\s]/;

/** A deliverable e-mail address with nothing that could be read as markup or a second address. */
export function isEmailAddress(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= EMAIL_MAX_LENGTH &&
    !EMAIL_FORBIDDEN.test(value) &&
    isEmail(value)
  );
}

export function email(): Rule {
  return optional(
    (value) => typeof value === 'string' && isEmailAddress(value.trim()),
    (field) => `The ${field} field must be a valid email`,
  );
}
