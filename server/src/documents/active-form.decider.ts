import type { Decider } from '../platform/event-store/decider.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { DomainError } from '../platform/domain/domain-error.js';

/**
 * The client's uploading form, recorded on the client's own stream: one form is active per client, and
 * every creation or reset is decided here at the stream's version, so two concurrent creations cannot both
 * pass. The event name stays once written.
 */
export type CustomerFormOpened = NewEvent<
  'customer.form_opened',
  { customerId: string; code: string; replaces: string | null }
>;
export const ACTIVE_FORM_EVENT_TYPES = ['customer.form_opened'] as const;

export interface ActiveFormState {
  exists: boolean;
  deleted: boolean;
  /** Whether a form was ever opened through this stream; clients from before that have none yet. */
  recorded: boolean;
  activeCode: string | null;
}

export interface OpenForm {
  type: 'OpenForm';
  customerId: string;
  code: string;
  /** The form a reset replaces; null for a first form. */
  replaces: string | null;
  /**
   * The active form as the read table shows it, for clients whose stream records none yet. The stream's
   * version is held while appending, so that reading cannot go stale underneath the decision.
   */
  activeCodeOnRecord: string | null;
}

export const activeFormDecider: Decider<ActiveFormState, OpenForm, NewEvent> = {
  initialState: () => ({ exists: false, deleted: false, recorded: false, activeCode: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'customer.created':
        return { ...state, exists: true };
      case 'customer.deleted':
        return { ...state, deleted: true };
      case 'customer.form_opened':
        return { ...state, recorded: true, activeCode: (event as CustomerFormOpened).data.code };
      default:
        // The client's other events belong to other deciders of this stream.
        return state;
    }
  },

  decide(command, state) {
    if (!state.exists || state.deleted) throw DomainError.notFound('This client does not exist.');
    const active = state.recorded ? state.activeCode : command.activeCodeOnRecord;
    if (command.replaces === null && active !== null)
      throw DomainError.conflict(
        'form_exists',
        'This client already has an uploading form: edit it, or reset it to start a new one.',
      );
    if (command.replaces !== null && active !== command.replaces)
      throw DomainError.conflict('form_archived', 'This form was already reset.');
    const opened: CustomerFormOpened = {
      type: 'customer.form_opened',
      data: { customerId: command.customerId, code: command.code, replaces: command.replaces },
    };
    return [opened];
  },
};
