/**
 * Phone numbers are stored and sent as 11 digits: the country prefix 1 followed by 10 digits.
 * Forms keep only the 10 local digits; the "+1" prefix is shown beside the input.
 */

export const PHONE_COUNTRY_CODE = '1';
export const PHONE_LOCAL_DIGITS = 10;

/** Keeps the digits of any value. */
export function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * Formats a stored number as '+1 416 555 0100': '+', the country digit, then groups of 3, 3 and the rest.
 * Returns '' when there are no digits.
 */
export function formatPhone(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  if (!digits) return '';
  return ['+' + digits.slice(0, 1), digits.slice(1, 4), digits.slice(4, 7), digits.slice(7)]
    .filter((group) => group && group !== '+')
    .join(' ');
}

/**
 * The client delete confirmation format: '+' then groups of 1, 3, 3 and the rest
 * ('+1 416 555 0100'), or 'unknown phone' when the number is missing or too short to group.
 */
export function formatPhoneOrUnknown(value: string | null | undefined): string {
  const match = /^(\d)(\d{3})(\d{3})(\d+)$/.exec(phoneDigits(value));
  if (!match) return 'unknown phone';
  return `+${match[1]} ${match[2]} ${match[3]} ${match[4]}`;
}

/**
 * The 10 local digits of a number typed or pasted in a form field. A leading country 1 is dropped when
 * 11 digits were given ('+1 416 555 0100' -> '4165550100'); anything longer is cut to 10 digits.
 */
export function toLocalPhone(value: string | null | undefined): string {
  let digits = phoneDigits(value);
  if (digits.length > PHONE_LOCAL_DIGITS && digits.startsWith(PHONE_COUNTRY_CODE)) digits = digits.slice(1);
  return digits.slice(0, PHONE_LOCAL_DIGITS);
}

/** The wire format: '1' followed by the 10 local digits ('4165550100' -> '14165550100'). */
export function toWirePhone(value: string | null | undefined): string {
  return PHONE_COUNTRY_CODE + toLocalPhone(value);
}
