import { toLocalPhone, toWirePhone } from '@machines/phone';
import { email } from '@machines/email-address';
import { EXPECTED_VALUE_DOLLARS, LTV_PERCENT } from '@machines/appraisal-limits';
import {
  between,
  digits,
  field,
  max,
  noMarkup,
  notPast,
  personName,
  required,
  type Validator,
  TEXT_MAX_LENGTH,
} from '@machines/validation';
import type { CustomerView } from '../customers/types';
import type {
  AccessDetails,
  Appraiser,
  AssignAppraiserPayload,
  MortgagePosition,
  QuoteRequestPayload,
} from './types';

export const COMMENT_MAX = TEXT_MAX_LENGTH;

export const ACCESS_DETAILS_OPTIONS: { value: AccessDetails; label: string }[] = [
  { value: 'owner', label: 'Owner' },
  { value: 'tenant', label: 'Tenant' },
  { value: 'realtor', label: 'Realtor' },
  { value: 'lockbox', label: 'Lockbox' },
  { value: 'vacant', label: 'Vacant' },
];

export const MORTGAGE_POSITION_OPTIONS: { value: MortgagePosition; label: string }[] = [
  { value: 'first', label: 'First' },
  { value: 'second', label: 'Second' },
];

/** A number field holds a number, or '' while empty. */
type NumberValue = number | string;

export type QuoteRequestValues = {
  property_address: string;
  lender: string;
  mortgage_position: string;
  ltv: NumberValue;
  expected_value: NumberValue;
  /** YYYY-MM-DD */
  due_date: string;
  comment: string;
};

export function quoteRequestDefaults(client: CustomerView | undefined): QuoteRequestValues {
  return {
    property_address: client?.address_line ?? '',
    lender: client?.lender ?? '',
    mortgage_position: 'first',
    ltv: '',
    expected_value: '',
    due_date: '',
    comment: '',
  };
}

/** The property's expected value, in both forms that state it. */
const expectedValue = field(
  'expected value',
  required(),
  between(EXPECTED_VALUE_DOLLARS.least, EXPECTED_VALUE_DOLLARS.most),
);

/** Spec section 5, quote request. */
export const quoteRequestRules: Record<keyof QuoteRequestValues, Validator> = {
  property_address: field('property address', required(), noMarkup()),
  lender: field('lender', required(), noMarkup()),
  mortgage_position: field('mortgage position', required()),
  ltv: field('LTV', required(), between(LTV_PERCENT.least, LTV_PERCENT.most)),
  expected_value: expectedValue,
  due_date: field('due date', required(), notPast()),
  comment: field('comment', max(COMMENT_MAX)),
};

export function quoteRequestPayload(
  client: Pick<CustomerView, 'id' | 'typed_id'>,
  appraiserIds: string[],
  values: QuoteRequestValues,
): QuoteRequestPayload {
  return {
    appraiser_ids: appraiserIds,
    customer_id: client.id,
    typed_id: client.typed_id,
    property_address: values.property_address.trim(),
    lender: values.lender.trim(),
    mortgage_position: values.mortgage_position as MortgagePosition,
    ltv: Number(values.ltv),
    expected_value: Number(values.expected_value),
    due_date: values.due_date.slice(0, 10),
    comment: values.comment.trim(),
  };
}

export type AssignAppraiserValues = {
  first_name: string;
  last_name: string;
  email: string;
  /** 10 local digits. */
  phone_number: string;
  address: string;
  expected_value: NumberValue;
  /** YYYY-MM-DD */
  expected_date: string;
  access_details: string;
  mortgage_position: string;
  lender: string;
  underwriter_email: string;
  mortgage_number: string;
  underwriter_name: string;
  notes: string;
};

/**
 * The assignment form starts from the client and, when a quote request went to the appraiser, from what it
 * said: the property's address, lender, mortgage position, expected value, due date and comment.
 */
export function assignAppraiserDefaults(
  client: CustomerView | undefined,
  quote?: Appraiser['quote_request'],
): AssignAppraiserValues {
  return {
    first_name: client?.first_name ?? '',
    last_name: client?.last_name ?? '',
    email: client?.email ?? '',
    phone_number: toLocalPhone(client?.phone_number),
    address: quote?.property_address || client?.address_line || '',
    expected_value: quote?.expected_value ?? '',
    expected_date: quote?.due_date ?? '',
    access_details: '',
    mortgage_position: quote?.mortgage_position || 'first',
    lender: quote?.lender || client?.lender || '',
    underwriter_email: '',
    mortgage_number: '',
    underwriter_name: '',
    notes: quote?.comment ?? '',
  };
}

/** Spec section 5, appraiser add form: everything required except the notes. */
export const assignAppraiserRules: Record<keyof AssignAppraiserValues, Validator> = {
  first_name: field('first name', required(), personName()),
  last_name: field('last name', required(), personName()),
  email: field('email', required(), email()),
  phone_number: field('phone', required(), digits(10)),
  address: field('address', required(), noMarkup()),
  expected_value: expectedValue,
  expected_date: field('expected completion date', required()),
  access_details: field('access details', required()),
  mortgage_position: field('mortgage position', required()),
  lender: field('lender', required(), noMarkup()),
  underwriter_email: field("underwriter's e-mail", required(), email()),
  mortgage_number: field('mortgage number', required(), noMarkup()),
  underwriter_name: field('underwriter', required(), personName()),
  notes: field('notes', max(COMMENT_MAX)),
};

export function assignAppraiserPayload(
  customerId: string,
  appraiserId: string,
  values: AssignAppraiserValues,
): AssignAppraiserPayload {
  return {
    customer_id: customerId,
    appraiser_id: appraiserId,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone_number: toWirePhone(values.phone_number),
    expected_value: Number(values.expected_value),
    address: values.address.trim(),
    expected_date: values.expected_date.slice(0, 10),
    access_details: values.access_details as AccessDetails,
    mortgage_position: values.mortgage_position as MortgagePosition,
    lender: values.lender.trim(),
    underwriter_email: values.underwriter_email.trim(),
    underwriter_name: values.underwriter_name.trim(),
    mortgage_number: values.mortgage_number.trim(),
    notes: values.notes.trim(),
  };
}

/** 'Result: Toronto, Royal Bank of Canada' or 'Result: Any location, All banks'. */
export function resultLine(filters: { location: string; bank: string }): string {
  return `${filters.location.trim() || 'Any location'}, ${filters.bank || 'All banks'}`;
}
