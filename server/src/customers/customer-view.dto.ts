import { ApiProperty } from '@nestjs/swagger';
import { APPRAISER_STATUSES } from '../../../machines/appraiser-assignment.machine.js';
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  DEAL_TYPES,
  ROADMAP_STEPS,
  type RoadmapStep,
  type StepState,
} from '../../../machines/customer.enums.js';
import { LAWYER_STATUSES } from '../../../machines/lawyer-assignment.machine.js';
import type { StepDisplay, StepStatus } from '../../../machines/roadmap.machine.js';
import type { CompletedBy, StepProgress } from '../../../machines/roadmap-progress.js';
import { ROLES } from '../../../machines/roles.js';
import type { CustomerView, OwnCustomerView } from './customer.view.js';
import type { HistoryEntry } from './customer-history.service.js';
import type { MortgageTeam } from './customer-self.service.js';
import type { Curator } from './customers.repository.js';

/**
 * OpenAPI descriptions of the client as the API answers it. Each class implements the type of the
 * answer, so a field added to a view and left out here does not compile.
 */

export class StepStateDoc implements StepState {
  @ApiProperty({ enum: ROADMAP_STEPS })
  step: RoadmapStep;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty()
  is_completed: boolean;
}

/** A step of a client as answered: completed by the facts of the file or by staff's mark. */
export class StepProgressDoc extends StepStateDoc implements StepProgress {
  @ApiProperty({ description: "Staff's own mark; a steps update sends it back as `is_completed`." })
  marked_completed: boolean;

  @ApiProperty({
    enum: ['facts', 'staff'],
    nullable: true,
    description:
      "Why the step is completed: the facts (documents checked, lawyer or appraiser assigned) or staff's mark alone.",
  })
  completed_by: CompletedBy;
}

/** Someone named in an answer: a broker, an assistant, the author of a note or comment. */
export class PersonDoc {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Jane' })
  first_name: string;

  @ApiProperty({ example: 'Doe' })
  last_name: string;
}

export class BrokerDoc extends PersonDoc {
  @ApiProperty({ type: [String] })
  codes: string[];
}

class InReviewStatDoc {
  @ApiProperty({ description: 'Uploaded files waiting for review.' })
  in_review: number;
}

class CommentsUnreadStatDoc {
  @ApiProperty({ description: 'Comments on the files the caller has not read.' })
  comments_unread: number;
}

class NotesUnreadStatDoc {
  @ApiProperty({ description: 'Internal notes the caller has not read.' })
  unread: number;
}

class IdDoc {
  @ApiProperty({ format: 'uuid' })
  id: string;
}

/** The client as they see their own file. */
export class OwnCustomerViewDoc implements OwnCustomerView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'HW-48213', description: 'The short id the brokerage reads out.' })
  typed_id: string;

  @ApiProperty({ example: 'Emma' })
  first_name: string;

  @ApiProperty({ example: 'Stone' })
  last_name: string;

  @ApiProperty({ example: 'emma.stone@example.ca' })
  email: string;

  @ApiProperty({ example: '14165550123' })
  phone_number: string;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-09-30' })
  closing_date: string | null;

  @ApiProperty({ enum: CUSTOMER_STATUSES })
  status: string;

  @ApiProperty({ enum: DEAL_TYPES })
  deal_type: string;

  @ApiProperty({ example: 'First National' })
  lender: string;

  @ApiProperty({ example: '12 King St W, Toronto, ON' })
  address_line: string;

  @ApiProperty({ enum: CUSTOMER_TYPES })
  role: string;

  @ApiProperty({ type: PersonDoc, nullable: true })
  assistant: PersonDoc | null;

  @ApiProperty({ type: BrokerDoc, nullable: true })
  broker: BrokerDoc | null;

  @ApiProperty()
  second_applicant_first_name: string;

  @ApiProperty()
  second_applicant_last_name: string;

  @ApiProperty()
  second_applicant_email: string;

  @ApiProperty({ description: "'' when there is none." })
  second_applicant_phone_number: string;

  @ApiProperty({ type: [String], description: 'The codes of the document-request forms.' })
  form_codes: string[];

  @ApiProperty({ type: InReviewStatDoc })
  form_files_stat: InReviewStatDoc;

  @ApiProperty({ type: CommentsUnreadStatDoc })
  form_comments_stat: CommentsUnreadStatDoc;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  lawyer: string | null;

  @ApiProperty({ enum: LAWYER_STATUSES })
  lawyer_status: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  appraiser: string | null;

  @ApiProperty({ enum: APPRAISER_STATUSES })
  appraiser_status: string;

  @ApiProperty({ type: [StepProgressDoc] })
  steps: StepProgressDoc[];

  @ApiProperty({ type: IdDoc, nullable: true, description: 'The account of the client.' })
  user: IdDoc | null;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ format: 'date-time' })
  modified: string;

  @ApiProperty({ description: 'Send it back with an edit; a stale one answers 409.' })
  version: number;
}

/** The client as staff see them. */
export class CustomerViewDoc extends OwnCustomerViewDoc implements CustomerView {
  @ApiProperty({ type: String, nullable: true, example: 'FX-20431' })
  filogix_number: string | null;

  @ApiProperty({ type: NotesUnreadStatDoc })
  notes_stat: NotesUnreadStatDoc;

  @ApiProperty()
  is_review_requested: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  review_requested_at: string | null;
}

/** The body of a steps update's answer: the client, wrapped once more. */
export class CustomerInDataDoc {
  @ApiProperty({ type: CustomerViewDoc })
  data: CustomerViewDoc;
}

export class StepDisplayDoc extends StepProgressDoc implements StepDisplay {
  @ApiProperty({ example: 'uploads.completed' })
  state: string;

  @ApiProperty({ enum: ['ok', 'warning', 'danger'] })
  status: StepStatus;

  @ApiProperty()
  statusMessage: string;

  @ApiProperty({ description: "Inactive and not completed: the card's button reads 'Locked'." })
  locked: boolean;

  @ApiProperty({ type: String, nullable: true })
  button: string | null;

  @ApiProperty({ type: String, nullable: true })
  note: string | null;
}

export class CuratorDoc extends PersonDoc implements Curator {
  @ApiProperty({ example: '14165550100' })
  phone_number: string;

  @ApiProperty({ example: 'jane.doe@example.ca' })
  email: string;
}

export class MortgageTeamDoc implements MortgageTeam {
  @ApiProperty({ type: CuratorDoc, nullable: true })
  assistant: CuratorDoc | null;

  @ApiProperty({ type: CuratorDoc, nullable: true })
  broker: CuratorDoc | null;

  @ApiProperty({ type: CuratorDoc, nullable: true })
  lawyer: CuratorDoc | null;

  @ApiProperty({ enum: LAWYER_STATUSES })
  lawyer_status: string;
}

class HistoryActorDoc {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  id: string | null;

  @ApiProperty({ example: 'Jane Doe' })
  name: string;

  @ApiProperty({ type: String, enum: ROLES, nullable: true })
  role: string | null;
}

export class HistoryEntryDoc implements HistoryEntry {
  @ApiProperty()
  id: number;

  @ApiProperty({ example: 'customer.updated' })
  type: string;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ example: 'customer' })
  stream_type: string;

  @ApiProperty()
  stream_id: string;

  @ApiProperty({ type: HistoryActorDoc })
  actor: HistoryActorDoc;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What the event changed.' })
  changes: unknown;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The names of the people `changes` names by id (staff, accounts, lawyers, appraisers).',
    example: { '7d0f3c1e-2b7a-4f53-9a51-0c1d2e3f4a5b': 'Liam Gagnon' },
  })
  names: Record<string, string>;
}
