import { ValidateBy } from 'class-validator';
import { email } from '../../../../machines/email-address.js';
import { EXAMPLE_NOT_A_LINK, isLink } from '../../../../machines/form-builder.js';
import {
  between,
  defaultMessage,
  noMarkup,
  notPast,
  oneLine,
  personName,
  type Rule,
} from '../../../../machines/validation.js';

/**
 * A typed text as it is kept: without the spaces around it, and with each accented letter as one character
 * (NFC), so 'Zoë' pasted with its accent as a separate mark reads, checks and is found as 'Zoë' typed.
 */
export const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().normalize('NFC') : value;

/** A shared rule as a DTO decorator, so the API refuses exactly what the client forms refuse, in the same words. */
function fromRule(name: string, rule: Rule): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args) => rule(value, {}, args?.property ?? '') === null,
      defaultMessage: (args) =>
        rule(args?.value, {}, args?.property ?? '') ?? defaultMessage(args?.property ?? ''),
    },
  });
}

export const IsEmailAddress = (): PropertyDecorator => fromRule('isEmailAddress', email());
export const IsPersonName = (): PropertyDecorator => fromRule('isPersonName', personName());
export const HasNoMarkup = (): PropertyDecorator => fromRule('hasNoMarkup', noMarkup());
export const IsOneLine = (): PropertyDecorator => fromRule('isOneLine', oneLine());
export const IsWholeNumberBetween = (bounds: { least: number; most: number }): PropertyDecorator =>
  fromRule('isWholeNumberBetween', between(bounds.least, bounds.most));
export const IsNotPastDate = (): PropertyDecorator => fromRule('isNotPastDate', notPast());

/** A form field's example link: empty, or a web address (never `javascript:` or another scheme). */
export const IsExampleLink = (): PropertyDecorator =>
  ValidateBy({
    name: 'isExampleLink',
    validator: {
      validate: (value: unknown) => value === '' || (typeof value === 'string' && isLink(value)),
      defaultMessage: () => EXAMPLE_NOT_A_LINK,
    },
  });
