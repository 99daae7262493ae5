import { describe, expect, it } from '@jest/globals';
import {
  changedPayload,
  createPayload,
  customerToForm,
  emptyCustomerForm,
  isCustomerFormChanged,
  isFilogixChanged,
  rebaseCustomerForm,
  validateCustomerForm,
} from './customer-form.js';
import { fileSizeMb } from './files.js';

const loaded = {
  first_name: 'Zoe',
  last_name: 'Mitchell',
  email: 'zoe@example.com',
  phone_number: '14165550120',
  status: 'active',
  deal_type: 'purchase',
  role: 'applicant',
  closing_date: '2026-12-21',
  filogix_number: null,
  lender: 'RBC',
  address_line: '77 Oak Ave',
  broker: { id: 'b1' },
  assistant: { id: 'a1' },
  second_applicant_first_name: '',
  second_applicant_last_name: '',
  second_applicant_email: '',
  second_applicant_phone_number: '',
};

const createOptions = { mode: 'create', brokerEditable: true, assistantShown: true } as const;

describe('client form', () => {
  it('reads a client into local phone digits and empty strings', () => {
    const values = customerToForm(loaded);
    expect(values.phone_number).toBe('4165550120');
    expect(values.filogix_number).toBe('');
    expect(values.broker).toBe('b1');
    expect(values.initial_note).toBe('');
  });

  it('requires names, email, phone, status, deal type, broker and assistant with English messages', () => {
    const errors = validateCustomerForm(emptyCustomerForm({ status: '', deal_type: '' }), createOptions);
    expect(errors).toEqual({
      first_name: 'The first name field is required',
      last_name: 'The last name field is required',
      email: 'The email field is required',
      phone_number: 'The phone number field is required',
      status: 'The status field is required',
      deal_type: 'The deal type field is required',
      broker: 'The broker field is required',
      assistant: 'The assistant field is required',
    });
  });

  it('refuses markup in names, the lender and the address, as the API does', () => {
    const values = {
      ...customerToForm(loaded),
      first_name: '<script>alert(1)</script>',
      last_name: "O'Brien-Nguyễn",
      second_applicant_first_name: 'Ann2',
      lender: 'RBC <b>',
      address_line: '1 <i>Main</i> St',
    };
    const names =
      'field may contain only letters, spaces, apostrophes, hyphens, periods and commas, at most 100 characters';
    expect(validateCustomerForm(values, createOptions)).toEqual({
      first_name: `The first name ${names}`,
      second_applicant_first_name: `The second applicant first name ${names}`,
      lender: 'The lender field may not contain < or >',
      address_line: 'The address field may not contain < or >',
    });
  });

  it('checks formats: email, 10 phone digits, Filogix number, second applicant, broker notes', () => {
    const values = {
      ...customerToForm(loaded),
      email: 'zoe@',
      phone_number: '41655',
      filogix_number: 'FX 1',
      second_applicant_email: 'x',
      second_applicant_phone_number: '123',
      initial_note: 'n'.repeat(2001),
    };
    expect(validateCustomerForm(values, createOptions)).toEqual({
      email: 'The email field must be a valid email',
      phone_number: 'The phone number field must be numeric and exactly contain 10 digits',
      filogix_number:
        'The Filogix number field may contain alpha-numeric characters as well as dashes and underscores',
      second_applicant_email: 'The second applicant email field must be a valid email',
      second_applicant_phone_number:
        'The second applicant phone number field must be numeric and exactly contain 10 digits',
      initial_note: 'The broker notes field may not be greater than 2000 characters',
    });
    expect(
      validateCustomerForm({ ...customerToForm(loaded), filogix_number: 'A'.repeat(17) }, createOptions),
    ).toEqual({ filogix_number: 'The Filogix number field may not be greater than 16 characters' });
  });

  it('does not ask a broker for the broker, and checks broker notes only on create', () => {
    const values = { ...customerToForm(loaded), broker: '', initial_note: 'n'.repeat(2001) };
    expect(
      validateCustomerForm(values, { mode: 'edit', brokerEditable: false, assistantShown: true }),
    ).toEqual({});
  });

  it('sends phones with the 1 prefix, empty dates as null and the broker only when it may be chosen', () => {
    const values = emptyCustomerForm({
      first_name: ' Ann ',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone_number: '4165550199',
      broker: 'b1',
      assistant: 'a1',
      initial_note: '  First call done. ',
    });
    expect(createPayload(values, { brokerEditable: false })).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone_number: '14165550199',
      status: 'active',
      deal_type: 'purchase',
      role: 'applicant',
      closing_date: null,
      filogix_number: '',
      lender: '',
      address_line: '',
      assistant: 'a1',
      second_applicant_first_name: '',
      second_applicant_last_name: '',
      second_applicant_email: '',
      second_applicant_phone_number: '',
      initial_note: 'First call done.',
    });
    expect(createPayload(values, { brokerEditable: true }).broker).toBe('b1');
  });

  it('sends only what changed on edit', () => {
    const initial = customerToForm(loaded);
    expect(changedPayload(initial, initial, { brokerEditable: true })).toEqual({});
    expect(isCustomerFormChanged(initial, { ...initial, first_name: 'Zoe ' })).toBe(false);
    const values = {
      ...initial,
      last_name: 'Mitchell-Roy',
      second_applicant_phone_number: '4165550111',
      closing_date: '',
    };
    expect(changedPayload(initial, values, { brokerEditable: true })).toEqual({
      last_name: 'Mitchell-Roy',
      second_applicant_phone_number: '14165550111',
      closing_date: null,
    });
    expect(isCustomerFormChanged(initial, values)).toBe(true);
    expect(
      changedPayload(initial, { ...values, broker: 'b2' }, { brokerEditable: false }).broker,
    ).toBeUndefined();
  });

  it('notices a Filogix number change', () => {
    const initial = customerToForm({ ...loaded, filogix_number: 'FX-1' });
    expect(isFilogixChanged(initial, { ...initial, filogix_number: 'FX-2' })).toBe(true);
    expect(isFilogixChanged(initial, { ...initial, lender: 'TD' })).toBe(false);
  });

  it('rebases untouched fields on a newer copy and keeps the user’s edits', () => {
    const before = customerToForm(loaded);
    const after = { ...before, lender: 'TD', last_name: 'Roy' };
    const edited = { ...before, last_name: 'Mitchell-Roy', email: 'z@example.com' };
    expect(rebaseCustomerForm(before, after, edited)).toEqual({
      ...before,
      lender: 'TD',
      last_name: 'Mitchell-Roy',
      email: 'z@example.com',
    });
  });
});

describe('file sizes', () => {
  it('measures a file in MB to two decimals', () => {
    expect(fileSizeMb(1572864)).toBe(1.5);
  });
});
