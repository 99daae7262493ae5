import { IsIn, IsString, IsUUID } from 'class-validator';
import { PageQuery } from '../platform/http/page-query.js';

export class EventLogQuery extends PageQuery(10000, 10000) {
  @IsString({ message: 'The rel_type field is required' })
  @IsIn(['User'], { message: 'The rel_type field must be User' })
  rel_type: string;

  @IsUUID('all', { message: 'The rel_id field must be a user id' })
  rel_id: string;
}

export interface EventLogEntry {
  id: number;
  type: string;
  created: string;
  /** `reason` only for a message that could not be delivered (`sms.failed`, `email.failed`). */
  context: { recipient: string; subject: string; text: string; reason?: string };
}
