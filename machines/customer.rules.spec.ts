import { describe, expect, it } from '@jest/globals';
import {
  canEmailLawyer,
  canRequestReview,
  closingDateState,
  daysUntil,
  displayId,
  formatReviewDate,
  personName,
  statusLabel,
} from './customer.rules.js';

const today = new Date(2026, 10, 21, 23, 30);

describe('client display rules', () => {
  it('shows the Filogix number in preference to the typed ID in upper case', () => {
    expect(displayId({ typed_id: 'hw-9ddbrd', filogix_number: null })).toBe('HW-9DDBRD');
    expect(displayId({ typed_id: 'hw-9ddbrd', filogix_number: 'FX-12' })).toBe('FX-12');
    expect(displayId({ typed_id: 'hw-9ddbrd', filogix_number: '  ' })).toBe('HW-9DDBRD');
  });

  it('joins names and labels statuses, reading canceled as cancelled', () => {
    expect(personName({ first_name: ' Zoe ', last_name: 'Mitchell' })).toBe('Zoe Mitchell');
    expect(personName({ first_name: 'Zoe', last_name: null })).toBe('Zoe');
    expect(statusLabel('canceled')).toBe('Cancelled');
    expect(statusLabel('pre_approved')).toBe('Pre-approved');
  });

  it('counts calendar days to the closing date', () => {
    expect(daysUntil('2026-11-21', today)).toBe(0);
    expect(daysUntil('2026-12-05', today)).toBe(14);
    expect(daysUntil('2026-11-20', today)).toBe(-1);
    expect(daysUntil(null, today)).toBeNull();
    expect(daysUntil('soon', today)).toBeNull();
  });

  it('warns at 14 days or fewer unless funded, closed or cancelled', () => {
    expect(closingDateState({ closing_date: '2026-12-05', status: 'active' }, today)).toEqual({
      days: 14,
      warning: true,
      counter: 'Closing date in 14 days',
    });
    expect(closingDateState({ closing_date: '2026-12-06', status: 'active' }, today)).toEqual({
      days: 15,
      warning: false,
      counter: null,
    });
    expect(closingDateState({ closing_date: '2026-11-22', status: 'active' }, today).counter).toBe(
      'Closing date in 1 day',
    );
    for (const status of ['funded', 'closed', 'cancelled', 'canceled'])
      expect(closingDateState({ closing_date: '2026-11-25', status }, today).warning).toBe(false);
  });

  it('keeps warning after the date has passed but shows the counter only from 0 to 14 days', () => {
    expect(closingDateState({ closing_date: '2026-11-10', status: 'approved' }, today)).toEqual({
      days: -11,
      warning: true,
      counter: null,
    });
    expect(closingDateState({ closing_date: null, status: 'approved' }, today)).toEqual({
      days: null,
      warning: false,
      counter: null,
    });
  });

  it('offers a review request for funded clients not yet asked', () => {
    expect(canRequestReview({ status: 'funded', is_review_requested: false })).toBe(true);
    expect(canRequestReview({ status: 'funded', is_review_requested: true })).toBe(false);
    expect(canRequestReview({ status: 'closed', is_review_requested: false })).toBe(false);
  });

  it('offers to e-mail the lawyer only once the lawyer is assigned', () => {
    expect(canEmailLawyer({ lawyer_status: 'assigned' })).toBe(true);
    expect(canEmailLawyer({ lawyer_status: 'pending_approve' })).toBe(false);
    expect(canEmailLawyer({ lawyer_status: 'pending_revoke' })).toBe(false);
    expect(canEmailLawyer({ lawyer_status: 'empty' })).toBe(false);
  });

  it('formats the review request date as DD.MM.YYYY', () => {
    expect(formatReviewDate(new Date(2026, 0, 5, 12).toISOString())).toBe('05.01.2026');
    expect(formatReviewDate(null)).toBe('');
  });
});
