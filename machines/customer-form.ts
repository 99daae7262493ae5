import type { CustomerStatus, CustomerType, DealType } from './customer.enums.js';
import { toLocalPhone, toWirePhone } from './phone.js';
import { email } from './email-address.js';
import {
  alphaDash,
  digits,
  field,
  max,
  noMarkup,
  personName,
  required,
  type Validator,
  TEXT_MAX_LENGTH,
} from './validation.js';

/**
 * The staff client form (spec section 5): its values, rules, and what is sent on create and on edit.
 * Phone numbers are kept as the 10 local digits in the form and sent as '1' + 10 digits.
 */

export const FILOGIX_MAX_LENGTH = 16;
export const BROKER_NOTES_MAX_LENGTH = TEXT_MAX_LENGTH;
/** The clients list's search text, at most. */
export const CLIENT_SEARCH_MAX_LENGTH = 200;

export interface CustomerFormValues {
  [key: string]: string;
  first_name: string;
  last_name: string;
  email: string;
  /** 10 local digits. */
  phone_number: string;
  status: CustomerStatus | '';
  deal_type: DealType | '';
  role: CustomerType | '';
  /** 'YYYY-MM-DD' or ''. */
  closing_date: string;
  filogix_number: string;
  lender: string;
  address_line: string;
  /** A user id or ''. */
  broker: string;
  /** A user id or ''. */
  assistant: string;
  second_applicant_first_name: string;
  second_applicant_last_name: string;
  second_applicant_email: string;
  /** 10 local digits or ''. */
  second_applicant_phone_number: string;
  /** Broker notes: create only. */
  initial_note: string;
}

/** The client as the API answers it, as far as the form is concerned. */
export interface CustomerFormSource {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  status?: string | null;
  deal_type?: string | null;
  role?: string | null;
  closing_date?: string | null;
  filogix_number?: string | null;
  lender?: string | null;
  address_line?: string | null;
  broker?: { id: string | number } | null;
  assistant?: { id: string | number } | null;
  second_applicant_first_name?: string | null;
  second_applicant_last_name?: string | null;
  second_applicant_email?: string | null;
  second_applicant_phone_number?: string | null;
}

export function emptyCustomerForm(defaults: Partial<CustomerFormValues> = {}): CustomerFormValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone_number: '',
    status: 'active',
    deal_type: 'purchase',
    role: 'applicant',
    closing_date: '',
    filogix_number: '',
    lender: '',
    address_line: '',
    broker: '',
    assistant: '',
    second_applicant_first_name: '',
    second_applicant_last_name: '',
    second_applicant_email: '',
    second_applicant_phone_number: '',
    initial_note: '',
    ...defaults,
  };
}

const str = (value: string | null | undefined) => value ?? '';

export function customerToForm(customer: CustomerFormSource): CustomerFormValues {
  return {
    first_name: str(customer.first_name),
    last_name: str(customer.last_name),
    email: str(customer.email),
    phone_number: toLocalPhone(customer.phone_number),
    status: (customer.status === 'canceled'
      ? 'cancelled'
      : str(customer.status)) as CustomerFormValues['status'],
    deal_type: str(customer.deal_type) as CustomerFormValues['deal_type'],
    role: str(customer.role) as CustomerFormValues['role'],
    closing_date: str(customer.closing_date).slice(0, 10),
    filogix_number: str(customer.filogix_number),
    lender: str(customer.lender),
    address_line: str(customer.address_line),
    broker: customer.broker ? String(customer.broker.id) : '',
    assistant: customer.assistant ? String(customer.assistant.id) : '',
    second_applicant_first_name: str(customer.second_applicant_first_name),
    second_applicant_last_name: str(customer.second_applicant_last_name),
    second_applicant_email: str(customer.second_applicant_email),
    second_applicant_phone_number: toLocalPhone(customer.second_applicant_phone_number),
    initial_note: '',
  };
}

export interface CustomerFormOptions {
  /** Create ('New applicant details') or edit ('Applicant details'). */
  mode: 'create' | 'edit';
  /** The broker can be chosen (principal brokers and assistants); a broker is always the broker themselves. */
  brokerEditable: boolean;
  /** The assistant field is shown. */
  assistantShown: boolean;
}

/** The rules of each field, as @mantine/form `validate` functions; messages name the field in English. */
export function customerFormRules(
  options: CustomerFormOptions,
): Partial<Record<keyof CustomerFormValues, Validator>> {
  const none: Validator = () => null;
  return {
    first_name: field('first name', required(), personName()),
    last_name: field('last name', required(), personName()),
    email: field('email', required(), email()),
    phone_number: field('phone number', required(), digits(10)),
    status: options.mode === 'create' ? field('status', required()) : none,
    deal_type: field('deal type', required()),
    filogix_number: field('Filogix number', alphaDash(), max(FILOGIX_MAX_LENGTH)),
    broker: options.brokerEditable ? field('broker', required()) : none,
    assistant: options.assistantShown ? field('assistant', required()) : none,
    lender: field('lender', noMarkup()),
    address_line: field('address', noMarkup()),
    second_applicant_first_name: field('second applicant first name', personName()),
    second_applicant_last_name: field('second applicant last name', personName()),
    second_applicant_email: field('second applicant email', email()),
    second_applicant_phone_number: field('second applicant phone number', digits(10)),
    initial_note: options.mode === 'create' ? field('broker notes', max(BROKER_NOTES_MAX_LENGTH)) : none,
  };
}

/** Checks every field at once; an empty object when the form is valid. */
export function validateCustomerForm(
  values: CustomerFormValues,
  options: CustomerFormOptions,
): Partial<Record<keyof CustomerFormValues, string>> {
  const errors: Partial<Record<keyof CustomerFormValues, string>> = {};
  for (const [key, validate] of Object.entries(customerFormRules(options))) {
    const message = validate?.(values[key], values);
    if (message) errors[key] = message;
  }
  return errors;
}

/** What the API takes for one field of the form. */
function wireValue(key: keyof CustomerFormValues, values: CustomerFormValues): unknown {
  const value = (values[key] ?? '').trim();
  switch (key) {
    case 'phone_number':
      return toWirePhone(value);
    case 'second_applicant_phone_number':
      return value ? toWirePhone(value) : '';
    case 'closing_date':
      return value || null;
    case 'assistant':
      return value || null;
    case 'broker':
      return value || null;
    default:
      return value;
  }
}

/** The fields sent on create and edit (initial_note only on create, broker only when it may be chosen). */
const EDITABLE_FIELDS: (keyof CustomerFormValues)[] = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'status',
  'deal_type',
  'role',
  'closing_date',
  'filogix_number',
  'lender',
  'address_line',
  'broker',
  'assistant',
  'second_applicant_first_name',
  'second_applicant_last_name',
  'second_applicant_email',
  'second_applicant_phone_number',
];

export type CustomerPayload = Record<string, unknown>;

/** POST /customers/ body. A broker's client gets the broker themselves: no broker is sent then. */
export function createPayload(
  values: CustomerFormValues,
  options: { brokerEditable: boolean },
): CustomerPayload {
  const payload: CustomerPayload = {};
  for (const key of EDITABLE_FIELDS) {
    if (key === 'broker' && !options.brokerEditable) continue;
    payload[key] = wireValue(key, values);
  }
  if (!payload.role) delete payload.role;
  const note = values.initial_note.trim();
  if (note) payload.initial_note = note;
  return payload;
}

/** The fields whose wire value differs between the loaded client and the form: the PATCH body. */
export function changedPayload(
  initial: CustomerFormValues,
  values: CustomerFormValues,
  options: { brokerEditable: boolean; includeStatus?: boolean },
): CustomerPayload {
  const payload: CustomerPayload = {};
  for (const key of EDITABLE_FIELDS) {
    if (key === 'broker' && !options.brokerEditable) continue;
    if (key === 'status' && options.includeStatus === false) continue;
    const before = wireValue(key, initial);
    const after = wireValue(key, values);
    if (before !== after) payload[key] = after;
  }
  return payload;
}

/** True when the form differs from its starting point in anything that would be sent (or the notes). */
export function isCustomerFormChanged(initial: CustomerFormValues, values: CustomerFormValues): boolean {
  return (
    Object.keys(changedPayload(initial, values, { brokerEditable: true })).length > 0 ||
    initial.initial_note.trim() !== values.initial_note.trim()
  );
}

/** The Filogix number was changed on edit: the user chooses between a new folder and renaming the old one. */
export function isFilogixChanged(initial: CustomerFormValues, values: CustomerFormValues): boolean {
  return initial.filogix_number.trim() !== values.filogix_number.trim();
}

/**
 * Brings a form being edited up to a newer copy of the client: fields the user has not touched take the
 * new values, fields the user changed keep the user's text.
 */
export function rebaseCustomerForm(
  previousBase: CustomerFormValues,
  nextBase: CustomerFormValues,
  values: CustomerFormValues,
): CustomerFormValues {
  const result = { ...values };
  for (const key of Object.keys(nextBase) as (keyof CustomerFormValues)[]) {
    if (values[key] === previousBase[key]) result[key] = nextBase[key];
  }
  return result;
}

/** Maps the API's field names in error answers to the form's (they are the same names). */
export function isCustomerFormField(name: string | null | undefined): name is string {
  return !!name && (EDITABLE_FIELDS as string[]).concat('initial_note').includes(name);
}
