import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../../../machines/customer.enums.js';
import type {
  DaysSpread,
  PipelineBrokerFigures,
  PipelineFigures,
  PipelineStatusFigures,
} from '../../../machines/pipeline.js';

export class PipelineQuery {
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      "One broker's clients (principal brokers and assistants); a broker always gets their own figures.",
  })
  @IsOptional()
  @ValidateIf((o: PipelineQuery) => o.broker !== '')
  @IsUUID('all', { message: 'The broker field must be a broker id' })
  broker?: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json', description: 'csv: every figure as a row.' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'The format field must be json or csv' })
  format: 'json' | 'csv' = 'json';
}

class DaysSpreadDoc implements DaysSpread {
  @ApiProperty({ description: 'Clients or stays counted.' }) count: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Median, in days (one decimal).' })
  median_days: number | null;
  @ApiProperty({ type: Number, nullable: true, description: '90th percentile, in days (one decimal).' })
  p90_days: number | null;
}

class PipelineStatusDoc implements PipelineStatusFigures {
  @ApiProperty({ enum: CUSTOMER_STATUSES }) status: CustomerStatus;
  @ApiProperty({ description: 'Clients in this status now.' }) now: number;
  @ApiProperty({ type: [Number], description: 'Clients entering the status in each of `weeks`.' })
  entered: number[];
  @ApiProperty({ type: DaysSpreadDoc, description: 'Days spent in the status, over stays that ended.' })
  days_in_status: DaysSpread;
}

class PipelineBrokerDoc implements PipelineBrokerFigures {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) broker_id: string | null;
  @ApiProperty({ example: 'Liam Gagnon' }) broker_name: string;
  @ApiProperty({ description: 'Enabled fields of active forms without a checked file.' })
  outstanding_fields: number;
  @ApiProperty({ description: 'Clients with at least one outstanding field.' }) outstanding_clients: number;
  @ApiProperty({ description: 'Files of active forms waiting for review.' }) waiting_files: number;
}

class DocumentsWaitingDoc {
  @ApiProperty() files: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) oldest_since: string | null;
  @ApiProperty({ type: Number, nullable: true }) oldest_days: number | null;
}

export class PipelineDoc implements PipelineFigures {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: the whole brokerage.' })
  broker_id: string | null;
  @ApiProperty({ example: 'America/Toronto' }) time_zone: string;
  @ApiProperty({ format: 'date-time' }) generated_at: string;
  @ApiProperty({
    type: [String],
    example: ['2026-11-23'],
    description: "The Monday starting each of the last 12 weeks in the brokerage's time zone, oldest first.",
  })
  weeks: string[];
  @ApiProperty({ type: [PipelineStatusDoc] }) statuses: PipelineStatusFigures[];
  @ApiProperty({ type: DaysSpreadDoc, description: "Days from a client's creation to their first 'funded'." })
  to_funded: DaysSpread;
  @ApiProperty({ type: DocumentsWaitingDoc }) documents_waiting: PipelineFigures['documents_waiting'];
  @ApiProperty({ type: [PipelineBrokerDoc] }) brokers: PipelineBrokerFigures[];
}
