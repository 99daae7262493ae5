import { Injectable } from '@nestjs/common';
import {
  type AppraiserAssignmentEvent,
  type AppraiserStatus,
  decideAppraiser,
} from '../../../machines/appraiser-assignment.machine.js';
import { assignmentDecider } from '../assignments/assignment.decider.js';
import type { AssignmentKind } from '../assignments/assignment.kind.js';
import { AssignmentProjection } from '../assignments/assignment.projection.js';
import { DomainError } from '../platform/domain/domain-error.js';
import {
  type AppraisalDetails,
  APPRAISER_ASSIGNMENT_EVENTS,
  type AppraiserAssignmentChanged,
  type QuoteRequestDetails,
  type QuoteRequested,
} from './appraiser.events.js';

/** An appraiser assignment command; an assignment names the appraiser and sends the appraisal details. */
export type AppraiserAssignmentCommand = AppraiserAssignmentEvent & {
  partyId?: string;
  details?: AppraisalDetails;
};

/** Quotes are requested from several appraisers before one is assigned; the status does not move. */
export interface RequestQuotes {
  type: 'REQUEST_QUOTES';
  appraiserIds: string[];
  details: QuoteRequestDetails;
}

/**
 * A client's appraiser: only staff act. An assignment waits for approval, carrying the appraisal details;
 * approval assigns, a revoke empties. Quote requests go out to several appraisers at any status.
 */
export const appraiserAssignment: AssignmentKind<
  AppraiserStatus,
  AppraiserAssignmentCommand,
  AppraiserAssignmentChanged['data'],
  RequestQuotes
> = {
  noun: 'appraiser',
  events: APPRAISER_ASSIGNMENT_EVENTS,
  transition: decideAppraiser,
  choose: 'ASSIGN',
  payload: (appraiserId, from, command) => ({
    appraiserId,
    from,
    details: command.type === 'ASSIGN' ? (command.details ?? null) : null,
  }),
  partyOf: (data) => data.appraiserId,
  extra: {
    REQUEST_QUOTES: ({ appraiserIds, details }) => {
      if (appraiserIds.length === 0) {
        throw DomainError.invalid(
          'invalid',
          'No appraisers selected. Select one or more appraisers.',
          'appraiser_ids',
        );
      }
      const event: QuoteRequested = { type: 'appraisal.quote_requested', data: { appraiserIds, details } };
      return [event];
    },
  },
  projection: {
    name: 'appraiser_assignments',
    statusColumn: 'appraiser_status',
    columns: {
      empty: { appraiser_id: null, appraisal: null, appraiser_assigned_at: null },
      pending_approve: {
        appraiser_id: ({ party }) => party,
        appraisal: ({ data }) => JSON.stringify(data.details),
      },
      assigned: { appraiser_assigned_at: ({ at }) => at },
    },
  },
};

export const appraiserAssignmentDecider = assignmentDecider(appraiserAssignment);

/** Keeps the client's appraiser columns in step with the appraiser assignment events. */
@Injectable()
export class AppraiserAssignmentProjection extends AssignmentProjection(appraiserAssignment) {}
