/**
 * Shared validation rules. Each rule is a pure function of the value (and the other form values) that
 * returns an English message, or null when the value passes.
 *
 *   const validatePhone = field('phone number', required(), digits(10));
 *   validatePhone('416') // 'The phone number field must be numeric and exactly contain 10 digits'
 *
 * Rules other than `required` let empty values pass, so optional fields are only checked when filled.
 * The validators fit @mantine/form's `validate` functions: (value, values) => message | null.
 * E-mail addresses have their own module (`email-address.ts`), so a page that checks none skips its weight.
 */

/** Free text a person writes (notes, chat, comments, descriptions, broker notes) is at most this long. */
export const TEXT_MAX_LENGTH = 2000;

export type FormValues = Record<string, unknown>;

/** A rule bound to nothing: it receives the field's display name to build its message. */
export type Rule = (value: unknown, values: FormValues, field: string) => string | null;

/** A rule bound to a field name. */
export type Validator = (value: unknown, values?: FormValues) => string | null;

export interface FileLike {
  size: number;
}

export const defaultMessage = (field: string): string => `The ${field} is not valid`;

/** Empty for the purpose of `required`: undefined, null, '', whitespace only, [], or false. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Absent for the purpose of the optional rules: undefined, null, '' or []. */
function isAbsent(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A rule that lets absent values pass and otherwise asks `test`, saying `message` when it fails. */
export function optional(
  test: (value: unknown, values: FormValues) => boolean,
  message: (field: string) => string,
): Rule {
  return (value, values, field) => (isAbsent(value) || test(value, values) ? null : message(field));
}

function text(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
}

function lengthOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return text(value).length;
}

export const PERSON_NAME_MAX_LENGTH = 100;
/** Letters of any script (with their accents), spaces, and the punctuation of names: ' ’ - . , */
const PERSON_NAME = /^[\p{L}\p{M} '’.,-]+$/u;

/** A person's first or last name: Zoë, O’Brien, Jean-Luc, St. John, Smith, Jr. */
export function isPersonName(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= PERSON_NAME_MAX_LENGTH &&
    PERSON_NAME.test(value) &&
    /\p{L}/u.test(value)
  );
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is an id of the product's objects (a UUID). */
export function isId(value: string): boolean {
  return ID.test(value);
}

/** Angle brackets would let a value pass for markup where it is shown or sent. */
export function hasMarkup(value: unknown): boolean {
  return typeof value === 'string' && /[<>]/.test(value);
}

export function required(): Rule {
  return (value, _values, field) => (isEmpty(value) ? `The ${field} field is required` : null);
}

export function numeric(): Rule {
  return optional(
    (value) => /^[0-9]+$/.test(text(value)),
    (field) => `The ${field} field may only contain numeric characters`,
  );
}

/** A whole number from `least` to `most`, both included. */
export function between(least: number, most: number): Rule {
  return optional(
    (value) => /^[0-9]+$/.test(text(value)) && Number(value) >= least && Number(value) <= most,
    (field) =>
      `The ${field} field must be a whole number from ${least.toLocaleString('en-CA')} to ${most.toLocaleString('en-CA')}`,
  );
}

/**
 * The date that is still today everywhere in Canada, as YYYY-MM-DD: Pacific time's, the country's last
 * to change days. A date the user calls today is never before it, wherever they are.
 */
export function canadianToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(now);
}

/** Whether a text is a YYYY-MM-DD date on the calendar: 2028-02-29 is, 2027-02-29 is not. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A YYYY-MM-DD date that is today or later (`canadianToday`). */
export function notPast(now: () => Date = () => new Date()): Rule {
  return optional(
    (value) => text(value) >= canadianToday(now()),
    (field) => `The ${field} field may not be a date in the past`,
  );
}

/** Only digits, exactly `count` of them. */
export function digits(count: number): Rule {
  return optional(
    (value) => /^[0-9]+$/.test(text(value)) && text(value).length === count,
    (field) => `The ${field} field must be numeric and exactly contain ${count} digits`,
  );
}

/** Equal to the value of another field (`target` is that field's key in the form values). */
export function confirmed(target: string): Rule {
  return optional(
    (value, values) => value === values[target],
    (field) => `The ${field} field confirmation does not match`,
  );
}

/** Exactly `count` characters (or items). */
export function length(count: number): Rule {
  return optional(
    (value) => lengthOf(value) === count,
    (field) => `The ${field} field must be ${count} long`,
  );
}

/** At least `count` characters (or items). */
export function min(count: number): Rule {
  return optional(
    (value) => lengthOf(value) >= count,
    (field) => `The ${field} field must be at least ${count} characters`,
  );
}

/** At most `count` characters (or items). */
export function max(count: number): Rule {
  return optional(
    (value) => lengthOf(value) <= count,
    (field) => `The ${field} field may not be greater than ${count} characters`,
  );
}

/** Every file (one or a list) at most `kilobytes` KB. */
export function size(kilobytes: number): Rule {
  return optional(
    (value) => {
      const files = (Array.isArray(value) ? value : [value]) as unknown[];
      return files.every(
        (file) =>
          typeof file === 'object' &&
          file !== null &&
          typeof (file as FileLike).size === 'number' &&
          (file as FileLike).size <= kilobytes * 1024,
      );
    },
    (field) => `The ${field} size must be less than ${kilobytes}KB`,
  );
}

/** Letters, digits, dashes and underscores only. */
export function alphaDash(): Rule {
  return optional(
    (value) => /^[\p{L}\p{N}_-]+$/u.test(text(value)),
    (field) => `The ${field} field may contain alpha-numeric characters as well as dashes and underscores`,
  );
}
export { alphaDash as alpha_dash };

/** A person's name: letters, spaces, apostrophes, hyphens, periods and commas, at most 100 characters. */
export function personName(): Rule {
  return optional(
    (value) => isPersonName(text(value).trim()),
    (field) =>
      `The ${field} field may contain only letters, spaces, apostrophes, hyphens, periods and commas, at most ${PERSON_NAME_MAX_LENGTH} characters`,
  );
}

/** Text without angle brackets: organisation names, addresses and other single-line values. */
export function noMarkup(): Rule {
  return optional(
    (value) => !hasMarkup(value),
    (field) => `The ${field} field may not contain < or >`,
  );
}

/** A value shown on one line (an address, a lender, a firm): a line break in it is a paste gone wrong. */
export function oneLine(): Rule {
  return optional(
    (value) => !/[\r\n]/.test(text(value)),
    (field) => `The ${field} field must be on one line`,
  );
}

/** A custom predicate; its message defaults to 'The {field} is not valid'. */
export function rule(
  test: (value: unknown, values: FormValues) => boolean,
  message: (field: string) => string = defaultMessage,
): Rule {
  return optional(test, message);
}

/** Binds rules to a field's display name; the first failing rule gives the message. */
export function field(name: string, ...rules: Rule[]): Validator {
  return (value, values = {}) => {
    for (const check of rules) {
      const message = check(value, values, name);
      if (message) return message;
    }
    return null;
  };
}
