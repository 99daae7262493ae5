import { type CustomerStatus, initialSteps, type StepState } from '../../../machines/customer.enums.js';
import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { CustomerChanges, CustomerDetails, CustomerEvent, FolderChoice } from './customer.events.js';

export interface CustomerState {
  exists: boolean;
  deleted: boolean;
  userId: string | null;
  status: CustomerStatus | null;
  details: CustomerDetails | null;
  reviewRequested: boolean;
  steps: StepState[];
}

export type CustomerCommand =
  | { type: 'CreateCustomer'; customerId: string; typedId: string; userId: string; details: CustomerDetails }
  /** An edit from the client form: changed fields, then (when sent) the status, decided together. */
  | {
      type: 'UpdateCustomer';
      changes: CustomerChanges;
      folderChoice: FolderChoice | null;
      status?: CustomerStatus;
    }
  | { type: 'ChangeStatus'; status: CustomerStatus }
  | { type: 'DeleteCustomer' }
  | { type: 'RequestReview'; at: string }
  | { type: 'SetSteps'; steps: StepState[] }
  | { type: 'RequestNotification'; notifyType: 'form_sent' | 'lawyer_approved_email' }
  /**
   * Decides nothing for a client who exists: a change recorded on another stream (a note) names it, so
   * the client is held at the version read and a deletion in between refuses the change.
   */
  | { type: 'ConfirmExists' };

/** The client's details, or not found for a client never created or deleted. */
export function mustExist(state: CustomerState): CustomerDetails {
  if (!state.exists || state.deleted || !state.details)
    throw DomainError.notFound('This client does not exist.');
  return state.details;
}

function statusChange(state: CustomerState, status: CustomerStatus): CustomerEvent[] {
  mustExist(state);
  if (state.status === status) return [];
  return [{ type: 'customer.status_changed', data: { from: state.status!, to: status } }];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    userId: null,
    status: null,
    details: null,
    reviewRequested: false,
    steps: [],
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'customer.created': {
        const { customerId: _c, typedId: _t, userId, steps, ...details } = event.data;
        return {
          ...state,
          exists: true,
          userId,
          status: details.status,
          details,
          steps: steps ?? initialSteps(),
        };
      }
      case 'customer.updated':
        return state.details ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'customer.status_changed':
        return {
          ...state,
          status: event.data.to,
          details: state.details ? { ...state.details, status: event.data.to } : null,
        };
      case 'customer.deleted':
        return { ...state, deleted: true };
      case 'customer.review_requested':
        return { ...state, reviewRequested: true };
      case 'customer.steps_changed':
        return { ...state, steps: event.data.steps };
      default:
        // The client's stream also carries assignment events, which other deciders fold.
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCustomer':
        if (state.exists) throw DomainError.conflict('customer_exists', 'This client already exists.');
        return [
          {
            type: 'customer.created',
            data: {
              customerId: command.customerId,
              typedId: command.typedId,
              userId: command.userId,
              steps: initialSteps(),
              ...command.details,
            },
          },
        ];
      case 'UpdateCustomer': {
        const details = mustExist(state);
        const changes: CustomerChanges = {};
        const before: CustomerChanges = {};
        for (const [key, value] of Object.entries(command.changes) as [keyof CustomerChanges, unknown][]) {
          if (value === undefined || same(details[key], value)) continue;
          (changes as Record<string, unknown>)[key] = value;
          (before as Record<string, unknown>)[key] = details[key];
        }
        const statusEvents = command.status ? statusChange(state, command.status) : [];
        if (Object.keys(changes).length === 0) return statusEvents;
        const filogixChanged = 'filogixNumber' in changes && details.filogixNumber !== null;
        if (filogixChanged && !command.folderChoice) {
          throw DomainError.invalid(
            'invalid',
            'The Filogix number changed: say whether to create a new folder (archiving the old one) or rename the existing folder.',
            'is_create_folder',
          );
        }
        const folder = filogixChanged
          ? { choice: command.folderChoice!, from: details.filogixNumber, to: changes.filogixNumber ?? null }
          : null;
        return [{ type: 'customer.updated', data: { changes, before, folder } }, ...statusEvents];
      }
      case 'ChangeStatus':
        return statusChange(state, command.status);
      case 'ConfirmExists':
        mustExist(state);
        return [];
      case 'DeleteCustomer': {
        const details = mustExist(state);
        return [{ type: 'customer.deleted', data: { userId: state.userId!, brokerId: details.brokerId } }];
      }
      case 'RequestReview':
        mustExist(state);
        if (state.reviewRequested)
          throw DomainError.conflict(
            'review_already_requested',
            'A review has already been requested from this client.',
          );
        return [{ type: 'customer.review_requested', data: { requestedAt: command.at } }];
      case 'SetSteps':
        mustExist(state);
        return same(state.steps, command.steps)
          ? []
          : [{ type: 'customer.steps_changed', data: { steps: command.steps } }];
      case 'RequestNotification':
        mustExist(state);
        return [{ type: 'customer.notification_requested', data: { notifyType: command.notifyType } }];
    }
  },
};
