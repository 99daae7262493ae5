import { toLocalPhone, toWirePhone } from '@machines/phone';
import { email } from '@machines/email-address';
import { digits, field, noMarkup, personName, required, type Validator } from '@machines/validation';
import type { CustomerView } from '../customers/types';
import type { Lawyer, OwnLawyerPayload } from './types';

/** The own-lawyer form keeps the 10 local digits of the phone; '1' is prepended when sending. */
export type LawyerFormValues = OwnLawyerPayload;

export const emptyLawyerForm = (): LawyerFormValues => ({
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  company: '',
  address_line: '',
});

export function lawyerToForm(lawyer: Pick<Lawyer, keyof OwnLawyerPayload>): LawyerFormValues {
  return {
    first_name: lawyer.first_name,
    last_name: lawyer.last_name,
    email: lawyer.email,
    phone_number: toLocalPhone(lawyer.phone_number),
    company: lawyer.company,
    address_line: lawyer.address_line,
  };
}

/** Spec section 5, own lawyer form: names, company and address required, e-mail valid, 10 digits. */
export const lawyerFormRules: Record<keyof LawyerFormValues, Validator> = {
  first_name: field('first name', required(), personName()),
  last_name: field('last name', required(), personName()),
  company: field('company name', required(), noMarkup()),
  address_line: field('address', required(), noMarkup()),
  email: field('email', required(), email()),
  phone_number: field('phone number', required(), digits(10)),
};

export function lawyerPayload(values: LawyerFormValues): OwnLawyerPayload {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone_number: toWirePhone(values.phone_number),
    company: values.company.trim(),
    address_line: values.address_line.trim(),
  };
}

/** The fields that differ from the lawyer as stored: the body of an edit. */
export function changedLawyerPayload(lawyer: Lawyer, values: LawyerFormValues): Partial<OwnLawyerPayload> {
  const next = lawyerPayload(values);
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => lawyer[key as keyof OwnLawyerPayload] !== value),
  );
}

/** The client's details checked on the lawyer step (spec section 5). */
export type LawyerStepDetails = {
  first_name: string;
  last_name: string;
  email: string;
  /** 10 local digits. */
  phone_number: string;
  address_line: string;
  lender: string;
  deal_type: string;
};

export function clientToDetails(client: CustomerView): LawyerStepDetails {
  return {
    first_name: client.first_name ?? '',
    last_name: client.last_name ?? '',
    email: client.email ?? '',
    phone_number: toLocalPhone(client.phone_number),
    address_line: client.address_line ?? '',
    lender: client.lender ?? '',
    deal_type: client.deal_type ?? '',
  };
}

export const lawyerStepDetailsRules: Record<keyof LawyerStepDetails, Validator> = {
  first_name: field('first name', required(), personName()),
  last_name: field('last name', required(), personName()),
  email: field('email', required(), email()),
  phone_number: field('phone number', required(), digits(10)),
  address_line: field('address', required(), noMarkup()),
  lender: field('lender', required(), noMarkup()),
  deal_type: field('deal type', required()),
};

/**
 * What changed in the client's details, as the PATCH body. Customers cannot change their deal type
 * (their broker sets it), so it is sent only by staff.
 */
export function changedDetails(
  initial: LawyerStepDetails,
  values: LawyerStepDetails,
  staff: boolean,
): Record<string, string> {
  const wire = (details: LawyerStepDetails): Record<string, string> => ({
    first_name: details.first_name.trim(),
    last_name: details.last_name.trim(),
    email: details.email.trim(),
    phone_number: toWirePhone(details.phone_number),
    address_line: details.address_line.trim(),
    lender: details.lender.trim(),
    ...(staff ? { deal_type: details.deal_type } : {}),
  });
  const before = wire(initial);
  return Object.fromEntries(Object.entries(wire(values)).filter(([key, value]) => before[key] !== value));
}
