import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID } from 'class-validator';
import { PageQuery } from '../platform/http/page-query.js';

export class EventLogQuery extends PageQuery(10000, 10000) {
  @ApiProperty({ enum: ['User'] })
  @IsString({ message: 'The rel_type field is required' })
  @IsIn(['User'], { message: 'The rel_type field must be User' })
  rel_type: string;

  @ApiProperty({ format: 'uuid', description: 'The user whose log is read.' })
  @IsUUID('all', { message: 'The rel_id field must be a user id' })
  rel_id: string;
}

export interface EventLogEntry {
  id: number;
  type: string;
  created: string;
  /** `reason` only for a message that could not be delivered (`sms.failed`, `email.failed`, `sms.undelivered`). */
  context: { recipient: string; subject: string; text: string; reason?: string };
}

class EventLogContextDoc {
  @ApiProperty({ example: '14165550100', description: 'The phone number or e-mail address written to.' })
  recipient: string;

  @ApiProperty()
  subject: string;

  @ApiProperty()
  text: string;

  @ApiPropertyOptional({ description: 'Only for a message that could not be delivered.' })
  reason?: string;
}

/** OpenAPI description of an entry of the event log. */
export class EventLogEntryDoc implements EventLogEntry {
  @ApiProperty()
  id: number;

  @ApiProperty({ example: 'sms.sent' })
  type: string;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ type: EventLogContextDoc })
  context: EventLogContextDoc;
}
