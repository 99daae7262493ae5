import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { REMINDER_LIMITS } from '../../../machines/reminders.js';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import type { MissingDocument } from './reminders.events.js';
import type { RemindersStanding } from './reminders.service.js';

const { firstDelayDays, intervalDays, maxCount } = REMINDER_LIMITS;

/** Pause or resume a client's reminders, or give them their own schedule (null: the brokerage's). */
export class ChangeRemindersDto {
  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'The paused field must be true or false' })
  paused?: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: firstDelayDays.min,
    maximum: firstDelayDays.max,
  })
  @IsOptional()
  @IsInt({ message: 'The first_delay_days field must be a whole number of days' })
  @Min(firstDelayDays.min, { message: 'The first_delay_days field must be 0 to 60' })
  @Max(firstDelayDays.max, { message: 'The first_delay_days field must be 0 to 60' })
  first_delay_days?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: intervalDays.min, maximum: intervalDays.max })
  @IsOptional()
  @IsInt({ message: 'The interval_days field must be a whole number of days' })
  @Min(intervalDays.min, { message: 'The interval_days field must be 1 to 60' })
  @Max(intervalDays.max, { message: 'The interval_days field must be 1 to 60' })
  interval_days?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: maxCount.min, maximum: maxCount.max })
  @IsOptional()
  @IsInt({ message: 'The max_count field must be a whole number' })
  @Min(maxCount.min, { message: 'The max_count field must be 0 to 20' })
  @Max(maxCount.max, { message: 'The max_count field must be 0 to 20' })
  max_count?: number | null;
}

export class MissingDocumentView {
  @ApiProperty({ example: 'photo_id' }) field: string;
  @ApiProperty({ example: 'Photo ID' }) caption: string;
  @ApiProperty({ nullable: true, type: String, example: 'The photo is blurry' }) reason: string | null;
}

export class ReminderScheduleView {
  @ApiProperty() first_delay_days: number;
  @ApiProperty() interval_days: number;
  @ApiProperty() max_count: number;
}

export class OwnReminderScheduleView {
  @ApiProperty({ nullable: true, type: Number }) first_delay_days: number | null;
  @ApiProperty({ nullable: true, type: Number }) interval_days: number | null;
  @ApiProperty({ nullable: true, type: Number }) max_count: number | null;
}

export class RemindersView {
  @ApiProperty({
    enum: ['scheduled', 'paused', 'not_started', 'nothing_missing', 'finished', 'client_finished'],
    description:
      "'scheduled': next_at says when; 'not_started': no upload request yet; 'finished': every reminder of the schedule went out; 'client_finished': funded, closed or cancelled.",
  })
  state: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) next_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) form_sent_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) last_sent_at: string | null;
  @ApiProperty({ description: 'Reminders sent on schedule (not those sent by hand).' }) count: number;
  @ApiProperty() paused: boolean;
  @ApiProperty({
    type: ReminderScheduleView,
    description: "The schedule in force (the client's own, else the brokerage's).",
  })
  schedule: ReminderScheduleView;
  @ApiProperty({ type: OwnReminderScheduleView }) own_schedule: OwnReminderScheduleView;
  @ApiProperty({ example: 'America/Toronto' }) time_zone: string;
  @ApiProperty({ type: [MissingDocumentView] }) missing: MissingDocumentView[];
}

export function toRemindersView(standing: RemindersStanding): RemindersView {
  const { state, recipient, missing, brokerage, schedule } = standing;
  const { facts } = state;
  const own = facts.override;
  const inForce = {
    first_delay_days: own.firstDelayDays ?? schedule.firstDelayDays,
    interval_days: own.intervalDays ?? schedule.intervalDays,
    max_count: own.maxCount ?? schedule.maxCount,
  };
  const finishedStatus = !recipient || ['funded', 'closed', 'cancelled'].includes(recipient.status);
  const status = finishedStatus
    ? 'client_finished'
    : facts.paused
      ? 'paused'
      : !facts.sentAt
        ? 'not_started'
        : missing.length === 0
          ? 'nothing_missing'
          : state.scheduled
            ? 'scheduled'
            : facts.count >= inForce.max_count
              ? 'finished'
              : 'scheduled';
  return {
    state: status,
    next_at: status === 'scheduled' ? (state.scheduled?.at ?? null) : null,
    form_sent_at: facts.sentAt?.toISOString() ?? null,
    last_sent_at: facts.lastSentAt?.toISOString() ?? null,
    count: facts.count,
    paused: facts.paused,
    schedule: inForce,
    own_schedule: {
      first_delay_days: own.firstDelayDays,
      interval_days: own.intervalDays,
      max_count: own.maxCount,
    },
    time_zone: brokerage.timeZone,
    missing: missing.map((m: MissingDocument) => ({ field: m.field, caption: m.caption, reason: m.reason })),
  };
}
