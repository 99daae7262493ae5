import {
  type AppraiserAssignmentEvent,
  type AppraiserStatus,
  decideAppraiser,
} from '../../../machines/appraiser-assignment.machine.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type {
  AppraisalDetails,
  AppraiserAssignmentChanged,
  QuoteRequestDetails,
  QuoteRequested,
} from './appraiser.events.js';

export interface AppraiserAssignmentState {
  exists: boolean;
  deleted: boolean;
  appraiserId: string | null;
  status: AppraiserStatus;
}

export type AppraiserAssignmentCommand =
  | (AppraiserAssignmentEvent & { appraiserId?: string; details?: AppraisalDetails })
  | { type: 'REQUEST_QUOTES'; appraiserIds: string[]; details: QuoteRequestDetails };

export const appraiserAssignmentDecider: Decider<
  AppraiserAssignmentState,
  AppraiserAssignmentCommand,
  NewEvent
> = {
  initialState: () => ({ exists: false, deleted: false, appraiserId: null, status: 'empty' }),

  evolve(state, event) {
    if (event.type === 'customer.created') return { ...state, exists: true };
    if (event.type === 'customer.deleted') return { ...state, deleted: true };
    if (event.type.startsWith('appraiser.')) {
      const status = event.type.slice('appraiser.'.length) as AppraiserStatus;
      return {
        ...state,
        status,
        appraiserId: status === 'empty' ? null : (event as AppraiserAssignmentChanged).data.appraiserId,
      };
    }
    return state;
  },

  decide(command, state) {
    if (!state.exists || state.deleted) throw DomainError.notFound('This client does not exist.');
    if (command.type === 'REQUEST_QUOTES') {
      if (command.appraiserIds.length === 0) {
        throw DomainError.invalid(
          'invalid',
          'No appraisers selected. Select one or more appraisers.',
          'appraiser_ids',
        );
      }
      const event: QuoteRequested = {
        type: 'appraisal.quote_requested',
        data: { appraiserIds: command.appraiserIds, details: command.details },
      };
      return [event];
    }
    const decision = decideAppraiser(state.status, command);
    if (!decision.ok) {
      throw decision.reason === 'role'
        ? DomainError.forbidden(decision.message, 'transition_not_allowed')
        : DomainError.conflict('invalid_transition', decision.message);
    }
    const appraiserId = command.type === 'ASSIGN' ? (command.appraiserId ?? null) : state.appraiserId;
    const event: AppraiserAssignmentChanged = {
      type: `appraiser.${decision.to}`,
      data: {
        appraiserId,
        from: decision.from,
        details: command.type === 'ASSIGN' ? (command.details ?? null) : null,
      },
    };
    return [event];
  },
};
