import { describe, expect, it } from '@jest/globals';
import { describeChanges, eventTypeLabel, fieldLabel } from './audit-changes.js';

const LIAM = '3f1c2b7a-9d4e-4c5b-8a6f-1e2d3c4b5a69';
const CHLOE = '7d0f3c1e-2b7a-4f53-9a51-0c1d2e3f4a5b';
const NAMES = { [LIAM]: 'Liam Gagnon', [CHLOE]: 'Chloe Roy' };

describe('the audit trail in words', () => {
  it('shows an edit field by field with its old and new values, people by name', () => {
    expect(
      describeChanges(
        {
          changes: { lender: 'TD Canada Trust', brokerId: LIAM, secondApplicant: { firstName: 'Noah' } },
          before: { lender: 'Royal Bank of Canada', brokerId: CHLOE, secondApplicant: { firstName: '' } },
          folder: null,
        },
        NAMES,
      ),
    ).toEqual([
      { field: 'Lender', before: 'Royal Bank of Canada', after: 'TD Canada Trust' },
      { field: 'Broker', before: 'Chloe Roy', after: 'Liam Gagnon' },
      { field: 'Second applicant first name', before: '—', after: 'Noah' },
    ]);
  });

  it('leaves out fields an edit sent unchanged, empty values and where files are stored', () => {
    expect(
      describeChanges({
        changes: { email: 'ava@example.com', lastName: 'Martin' },
        before: { email: 'ava@example.com', lastName: 'Martín' },
      }),
    ).toEqual([{ field: 'Last name', before: 'Martín', after: 'Martin' }]);
    expect(describeChanges({ key: 'customers/1/forms/x/y.webp', file: null, text: 'Called' })).toEqual([
      { field: 'Text', after: 'Called' },
    ]);
  });

  it('shows a status change from one status to the other', () => {
    expect(describeChanges({ from: 'active', to: 'approved' })).toEqual([
      { field: 'Status', before: 'Active', after: 'Approved' },
    ]);
    expect(describeChanges({ from: 'in_review', to: 'checked' })).toEqual([
      { field: 'Status', before: 'In review', after: 'Checked' },
    ]);
  });

  it('leaves out the ids of the log and ids that name no one, and reads phones and states as the product shows them', () => {
    expect(
      describeChanges(
        {
          customerId: '11111111-2222-4333-8444-555555555555',
          userId: '66666666-7777-4888-8999-000000000000',
          phoneNumber: '14165550199',
          appraiserId: '99999999-8888-4777-8666-555555555555',
          from: 'pending_approve',
          dealType: 'second_mortgage',
        },
        NAMES,
      ),
    ).toEqual([
      { field: 'Phone number', after: '+1 416 555 0199' },
      { field: 'Before', after: 'Pending approve' },
      { field: 'Deal type', after: 'Second mortgage' },
    ]);
  });

  it('lists roadmap steps and form fields by their names', () => {
    expect(
      describeChanges({
        steps: [
          { step: 'application', is_active: true, is_completed: true },
          { step: 'sign_documents', is_active: false, is_completed: false },
        ],
      }),
    ).toEqual([{ field: 'Steps', after: 'Mortgage application: open, completed; Sign documents: closed' }]);
    expect(describeChanges({ fields: [{ name: 'id-a1', caption: 'Photo ID' }] })).toEqual([
      { field: 'Fields', after: 'Photo ID' },
    ]);
  });

  it('names fields in sentence case', () => {
    expect(fieldLabel('filogixNumber')).toBe('Filogix number');
    expect(fieldLabel('mortgage_position')).toBe('Mortgage position');
    expect(fieldLabel('assistantId')).toBe('Assistant');
  });

  it("shows an uploaded file's form field by name and its size in megabytes, not how a message travelled", () => {
    expect(
      describeChanges({
        field: 'down_payment-83d3',
        size: 1_258_291,
        fileName: 'pay-stub.pdf',
        transport: 'outbox',
      }),
    ).toEqual([
      { field: 'Field', after: 'Down payment' },
      { field: 'Size', after: '1.2 MB' },
      { field: 'File name', after: 'pay-stub.pdf' },
    ]);
    expect(describeChanges({ size: 900 })).toEqual([{ field: 'Size', after: '900 B' }]);
    expect(describeChanges({ field: 't4_slips-e957' })).toEqual([{ field: 'Field', after: 'T4 slips' }]);
  });

  it('names the file a status change or a comment is about, once', () => {
    const fileId = '0b7c3c9e-7a51-4a8e-9a43-7d1b2f0c8e11';
    expect(
      describeChanges({ fileId, from: 'in_review', to: 'checked' }, { [fileId]: 'pay-stub.pdf' }),
    ).toEqual([
      { field: 'Status', before: 'In review', after: 'Checked' },
      { field: 'File', after: 'pay-stub.pdf' },
    ]);
    expect(describeChanges({ fileId, fileName: 'pay-stub.pdf' }, { [fileId]: 'pay-stub.pdf' })).toEqual([
      { field: 'File name', after: 'pay-stub.pdf' },
    ]);
  });

  it('names events as the people at the brokerage say what happened', () => {
    expect(eventTypeLabel('customer.status_changed')).toBe('Customer status changed');
    expect(eventTypeLabel('lawyer.pending_approve')).toBe('Lawyer added, waiting for approval');
    expect(eventTypeLabel('auth.logged_in')).toBe('Signed in');
    expect(eventTypeLabel('customer.sms_sent')).toBe('Customer SMS sent');
  });
});
