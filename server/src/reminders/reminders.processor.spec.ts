import { describe, expect, it } from '@jest/globals';
import type { CustomerStatusChanged } from '../customers/customer.events.js';
import { statusChangeMovesReminders } from './reminders.processor.js';

const change = (from: string, to: string) =>
  ({ type: 'customer.status_changed', data: { from, to } }) as CustomerStatusChanged;

describe('a client status change, for their document reminders', () => {
  it('moves them when the client is funded, closed or cancelled', () => {
    expect(statusChangeMovesReminders(change('active', 'funded'))).toBe(true);
    expect(statusChangeMovesReminders(change('approved', 'cancelled'))).toBe(true);
  });

  it('moves them when a finished client is taken up again', () => {
    expect(statusChangeMovesReminders(change('closed', 'active'))).toBe(true);
  });

  it('leaves them as they are between two statuses that both keep reminding', () => {
    expect(statusChangeMovesReminders(change('active', 'approved'))).toBe(false);
    expect(statusChangeMovesReminders(change('consent_signed', 'active'))).toBe(false);
  });

  it('leaves them as they are between two finished statuses', () => {
    expect(statusChangeMovesReminders(change('funded', 'closed'))).toBe(false);
  });
});
