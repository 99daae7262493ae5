import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  Max,
  Min,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { type BrokerageSettings, isTimeZone } from '../../../machines/brokerage.js';
import { REMINDER_LIMITS } from '../../../machines/reminders.js';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { HasNoMarkup, IsOneLine, IsEmailAddress, trim } from '../platform/http/value-rules.js';

const PHONE = /^1\d{10}$/;
const PHONE_OR_EMPTY = /^(?:1\d{10})?$/;

@ValidatorConstraint({ name: 'timeZone' })
class TimeZoneRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isTimeZone(value);
  }

  defaultMessage(): string {
    return 'The time_zone field must be a time zone such as America/Toronto';
  }
}

/** The brokerage's details as the API names them; on change every field is optional. */
export class BrokerageSettingsDto {
  @ApiPropertyOptional({ maxLength: 200, example: 'Homeward Mortgage Brokerage Inc.' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The name field is required' })
  @MinLength(1, { message: 'The name field is required' })
  @MaxLength(200, { message: 'The name field may not be longer than 200 characters' })
  @HasNoMarkup()
  @IsOneLine()
  name?: string;

  @ApiPropertyOptional({ maxLength: 50, example: '13742' })
  @IsOptionalNotNull()
  @Transform(trim)
  @Matches(/^[A-Za-z0-9 -]{1,50}$/, {
    message: 'The licence_number field takes letters, digits, spaces and dashes',
  })
  licence_number?: string;

  @ApiPropertyOptional({ pattern: PHONE.source, example: '14165550100' })
  @IsOptionalNotNull()
  @Matches(PHONE, { message: 'The phone field must be 10 digits after the +1 prefix' })
  phone?: string;

  @ApiPropertyOptional({
    pattern: PHONE_OR_EMPTY.source,
    example: '14165550199',
    description: "'' for none.",
  })
  @IsOptionalNotNull()
  @Matches(PHONE_OR_EMPTY, { message: 'The fax field must be 10 digits after the +1 prefix' })
  fax?: string;

  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The address field is required' })
  @MinLength(1, { message: 'The address field is required' })
  @MaxLength(300, { message: 'The address field may not be longer than 300 characters' })
  @HasNoMarkup()
  @IsOneLine()
  address?: string;

  @ApiPropertyOptional({ format: 'email' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ format: 'uri', description: "A social profile (https); '' for none." })
  @IsOptionalNotNull()
  @Transform(trim)
  @Matches(/^$|^https:\/\//, { message: 'The social_url field must be an https address' })
  social_url?: string;

  @ApiPropertyOptional({ example: 'America/Toronto' })
  @IsOptionalNotNull()
  @Validate(TimeZoneRule)
  time_zone?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'The mortgage application form (https).' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsUrl(
    { protocols: ['https'], require_protocol: true },
    { message: 'The mortgage_application_url field must be an https address' },
  )
  mortgage_application_url?: string;

  @ApiPropertyOptional({
    description:
      'Every staff member signs in with a code from an authenticator app; those without one set it up first.',
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'The second_factor_required field must be true or false' })
  second_factor_required?: boolean;

  @ApiPropertyOptional({
    minimum: REMINDER_LIMITS.firstDelayDays.min,
    maximum: REMINDER_LIMITS.firstDelayDays.max,
    description: 'Days from the upload request to the first document reminder.',
  })
  @IsOptionalNotNull()
  @IsInt({ message: 'The reminder_first_delay_days field must be a whole number of days' })
  @Min(REMINDER_LIMITS.firstDelayDays.min, { message: 'The reminder_first_delay_days field must be 0 to 60' })
  @Max(REMINDER_LIMITS.firstDelayDays.max, { message: 'The reminder_first_delay_days field must be 0 to 60' })
  reminder_first_delay_days?: number;

  @ApiPropertyOptional({
    minimum: REMINDER_LIMITS.intervalDays.min,
    maximum: REMINDER_LIMITS.intervalDays.max,
    description: 'Days between document reminders.',
  })
  @IsOptionalNotNull()
  @IsInt({ message: 'The reminder_interval_days field must be a whole number of days' })
  @Min(REMINDER_LIMITS.intervalDays.min, { message: 'The reminder_interval_days field must be 1 to 60' })
  @Max(REMINDER_LIMITS.intervalDays.max, { message: 'The reminder_interval_days field must be 1 to 60' })
  reminder_interval_days?: number;

  @ApiPropertyOptional({
    minimum: REMINDER_LIMITS.maxCount.min,
    maximum: REMINDER_LIMITS.maxCount.max,
    description: 'How many document reminders a client gets at most (0: none).',
  })
  @IsOptionalNotNull()
  @IsInt({ message: 'The reminder_max_count field must be a whole number' })
  @Min(REMINDER_LIMITS.maxCount.min, { message: 'The reminder_max_count field must be 0 to 20' })
  @Max(REMINDER_LIMITS.maxCount.max, { message: 'The reminder_max_count field must be 0 to 20' })
  reminder_max_count?: number;
}

/** The details in force, as answered. */
export class BrokerageSettingsView {
  @ApiProperty() name: string;
  @ApiProperty() licence_number: string;
  @ApiProperty() phone: string;
  @ApiProperty() fax: string;
  @ApiProperty() address: string;
  @ApiProperty() email: string;
  @ApiProperty() social_url: string;
  @ApiProperty() time_zone: string;
  @ApiProperty() mortgage_application_url: string;
  @ApiProperty() second_factor_required: boolean;
  @ApiProperty() reminder_first_delay_days: number;
  @ApiProperty() reminder_interval_days: number;
  @ApiProperty() reminder_max_count: number;
}

export function toSettings(dto: BrokerageSettingsDto): Partial<BrokerageSettings> {
  return {
    name: dto.name,
    licenceNumber: dto.licence_number,
    phone: dto.phone,
    fax: dto.fax,
    address: dto.address,
    email: dto.email,
    socialUrl: dto.social_url,
    timeZone: dto.time_zone,
    mortgageApplicationUrl: dto.mortgage_application_url,
    secondFactorRequired: dto.second_factor_required,
    reminderFirstDelayDays: dto.reminder_first_delay_days,
    reminderIntervalDays: dto.reminder_interval_days,
    reminderMaxCount: dto.reminder_max_count,
  };
}

export function toView(s: BrokerageSettings): BrokerageSettingsView {
  return {
    name: s.name,
    licence_number: s.licenceNumber,
    phone: s.phone,
    fax: s.fax,
    address: s.address,
    email: s.email,
    social_url: s.socialUrl,
    time_zone: s.timeZone,
    mortgage_application_url: s.mortgageApplicationUrl,
    second_factor_required: s.secondFactorRequired,
    reminder_first_delay_days: s.reminderFirstDelayDays,
    reminder_interval_days: s.reminderIntervalDays,
    reminder_max_count: s.reminderMaxCount,
  };
}
