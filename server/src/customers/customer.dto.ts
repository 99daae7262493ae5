import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  DEAL_TYPES,
  normaliseStatus,
  NOTIFY_TYPES,
  ROADMAP_STEPS,
  type StepState,
} from '../../../machines/customer.enums.js';
import { EditType, IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { PageQuery } from '../platform/http/page-query.js';
import { HasNoMarkup, IsOneLine, IsEmailAddress, IsPersonName, trim } from '../platform/http/value-rules.js';
import { CLIENT_SEARCH_MAX_LENGTH, FILOGIX_MAX_LENGTH } from '../../../machines/customer-form.js';
import { EMAIL_MAX_LENGTH } from '../../../machines/email-address.js';
import { PERSON_NAME_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../../machines/validation.js';

const PHONE = /^1\d{10}$/;
const PHONE_OR_EMPTY = /^(?:1\d{10})?$/;
const FILOGIX = new RegExp(`^[A-Za-z0-9_-]{1,${FILOGIX_MAX_LENGTH}}$`);
const LENDER_MAX_LENGTH = 200;
const ADDRESS_MAX_LENGTH = 300;
const PHONE_EXAMPLE = '14165550123';
const status = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normaliseStatus(value.trim()) : value;
const emptyToNull = ({ value }: { value: unknown }) =>
  value === '' ? null : typeof value === 'string' ? value.trim() : value;

/** Fields shared by create and edit; on edit every field is optional. */
export class CustomerFields {
  @ApiProperty({ maxLength: PERSON_NAME_MAX_LENGTH, example: 'Emma' })
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `The first_name field may not be longer than ${PERSON_NAME_MAX_LENGTH} characters`,
  })
  @IsPersonName()
  first_name: string;

  @ApiProperty({ maxLength: PERSON_NAME_MAX_LENGTH, example: 'Stone' })
  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `The last_name field may not be longer than ${PERSON_NAME_MAX_LENGTH} characters`,
  })
  @IsPersonName()
  last_name: string;

  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'emma.stone@example.ca' })
  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @IsNotEmpty({ message: 'The email field is required' })
  @IsEmailAddress()
  email: string;

  @ApiProperty({
    pattern: PHONE.source,
    example: PHONE_EXAMPLE,
    description: "'1' followed by the 10 local digits.",
  })
  @IsString({ message: 'The phone_number field is required' })
  @Matches(PHONE, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number: string;

  @ApiProperty({
    enum: CUSTOMER_STATUSES,
    example: 'active',
    description: "'canceled' is accepted and stored as 'cancelled'.",
  })
  @Transform(status)
  @IsIn(CUSTOMER_STATUSES, { message: `The status field must be one of ${CUSTOMER_STATUSES.join(', ')}` })
  status: (typeof CUSTOMER_STATUSES)[number];

  @ApiProperty({ enum: DEAL_TYPES, example: 'purchase' })
  @IsIn(DEAL_TYPES, { message: `The deal_type field must be one of ${DEAL_TYPES.join(', ')}` })
  deal_type: (typeof DEAL_TYPES)[number];

  @ApiPropertyOptional({ enum: CUSTOMER_TYPES, default: 'applicant', description: 'The kind of client.' })
  @IsOptionalNotNull()
  @IsIn(CUSTOMER_TYPES, { message: `The role field must be one of ${CUSTOMER_TYPES.join(', ')}` })
  role?: (typeof CUSTOMER_TYPES)[number];

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-09-30' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'The closing_date field must be a date (YYYY-MM-DD)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The closing_date field must be a date (YYYY-MM-DD)' })
  closing_date?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: FILOGIX_MAX_LENGTH,
    pattern: FILOGIX.source,
    example: 'FX-20431',
  })
  @IsOptional()
  @Transform(emptyToNull)
  @Matches(FILOGIX, {
    message: `The filogix_number field may contain only letters, digits, dashes and underscores, at most ${FILOGIX_MAX_LENGTH}`,
  })
  filogix_number?: string | null;

  @ApiPropertyOptional({ maxLength: LENDER_MAX_LENGTH, example: 'First National' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The lender field must be text' })
  @MaxLength(LENDER_MAX_LENGTH, {
    message: `The lender field may not be longer than ${LENDER_MAX_LENGTH} characters`,
  })
  @HasNoMarkup()
  @IsOneLine()
  lender?: string;

  @ApiPropertyOptional({ maxLength: ADDRESS_MAX_LENGTH, example: '12 King St W, Toronto, ON' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The address_line field must be text' })
  @MaxLength(ADDRESS_MAX_LENGTH, {
    message: `The address_line field may not be longer than ${ADDRESS_MAX_LENGTH} characters`,
  })
  @HasNoMarkup()
  @IsOneLine()
  address_line?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The broker of the client; a broker always creates clients for themselves.',
  })
  @IsOptional()
  @Transform(emptyToNull)
  @IsUUID('all', { message: 'The broker field must be a broker id' })
  broker?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @IsUUID('all', { message: 'The assistant field must be an assistant id' })
  assistant?: string | null;

  @ApiPropertyOptional({ maxLength: PERSON_NAME_MAX_LENGTH })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The second_applicant_first_name field must be text' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `The second_applicant_first_name field may not be longer than ${PERSON_NAME_MAX_LENGTH} characters`,
  })
  @IsPersonName()
  second_applicant_first_name?: string;

  @ApiPropertyOptional({ maxLength: PERSON_NAME_MAX_LENGTH })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The second_applicant_last_name field must be text' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `The second_applicant_last_name field may not be longer than ${PERSON_NAME_MAX_LENGTH} characters`,
  })
  @IsPersonName()
  second_applicant_last_name?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The second_applicant_email field must be a valid email' })
  @IsEmailAddress()
  second_applicant_email?: string;

  /** '' when there is no second applicant's phone. */
  @ApiPropertyOptional({ pattern: PHONE_OR_EMPTY.source, description: "'' when there is none." })
  @IsOptionalNotNull()
  @IsString({ message: 'The second_applicant_phone_number field must be 10 digits after the +1 prefix' })
  @Matches(PHONE_OR_EMPTY, {
    message: 'The second_applicant_phone_number field must be 10 digits after the +1 prefix',
  })
  second_applicant_phone_number?: string;
}

export class CreateCustomerDto extends CustomerFields {
  @ApiPropertyOptional({ maxLength: TEXT_MAX_LENGTH, description: 'The first internal note on the client.' })
  @IsOptionalNotNull()
  @IsString({ message: 'The initial_note field must be text' })
  @MaxLength(TEXT_MAX_LENGTH, {
    message: `The initial_note field may not be longer than ${TEXT_MAX_LENGTH} characters`,
  })
  initial_note?: string;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'The is_create_folder field must be true or false' })
  is_create_folder?: boolean;
}

/** An edit sends any subset of the client's fields. */
export class UpdateCustomerDto extends EditType(CustomerFields) {
  /** On a Filogix number change: true creates a new folder and archives the old one, false renames it. */
  @ApiPropertyOptional({
    type: Boolean,
    description: 'On a Filogix number change: true creates a new folder, false renames the old one.',
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'The is_create_folder field must be true or false' })
  is_create_folder?: boolean;

  /** The version the change was made on; a stale one answers 409. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'The version the change was made on; a stale one answers 409.',
  })
  @IsOptionalNotNull()
  @IsInt({ message: 'The version field must be a whole number' })
  @Min(1, { message: 'The version field must be at least 1' })
  version?: number;
}

export class ListCustomersQuery extends PageQuery(10, 1000) {
  @ApiPropertyOptional({
    type: String,
    maxLength: CLIENT_SEARCH_MAX_LENGTH,
    description: 'Part of the name, e-mail or phone number.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CLIENT_SEARCH_MAX_LENGTH, {
    message: `The search field may not be longer than ${CLIENT_SEARCH_MAX_LENGTH} characters`,
  })
  search = '';

  @ApiPropertyOptional({ enum: CUSTOMER_STATUSES })
  @IsOptional()
  @Transform(status)
  @IsIn(['', ...CUSTOMER_STATUSES], {
    message: `The status field must be one of ${CUSTOMER_STATUSES.join(', ')}`,
  })
  status = '';

  @ApiPropertyOptional({ enum: DEAL_TYPES })
  @IsOptional()
  @IsIn(['', ...DEAL_TYPES], { message: `The deal_type field must be one of ${DEAL_TYPES.join(', ')}` })
  deal_type = '';

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: 'For principal brokers and assistants only.',
  })
  @IsOptional()
  @ValidateIf((o: ListCustomersQuery) => o.broker !== '')
  @IsUUID('all', { message: 'The broker field must be a broker id' })
  broker = '';
}

export class NotifyDto {
  @ApiProperty({ enum: NOTIFY_TYPES })
  @IsIn(NOTIFY_TYPES, { message: `The notify_type field must be one of ${NOTIFY_TYPES.join(', ')}` })
  notify_type: (typeof NOTIFY_TYPES)[number];
}

/** One roadmap step as staff set it; the body of a steps update is a list of these. */
export class StepDto {
  @ApiProperty({ enum: ROADMAP_STEPS })
  @IsIn(ROADMAP_STEPS, { message: `The step field must be one of ${ROADMAP_STEPS.join(', ')}` })
  step: StepState['step'];

  @ApiProperty()
  @IsBoolean({ message: 'The is_active field must be true or false' })
  is_active: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'The is_completed field must be true or false' })
  is_completed: boolean;
}
