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
import { HasNoMarkup, IsEmailAddress, IsPersonName } from '../platform/http/value-rules.js';
import { TEXT_MAX_LENGTH } from '../../../machines/validation.js';

const PHONE = /^1\d{10}$/;
const PHONE_OR_EMPTY = /^(?:1\d{10})?$/;
const FILOGIX = /^[A-Za-z0-9_-]{1,16}$/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const status = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normaliseStatus(value.trim()) : value;
const emptyToNull = ({ value }: { value: unknown }) =>
  value === '' ? null : typeof value === 'string' ? value.trim() : value;

/** Fields shared by create and edit; on edit every field is optional. */
class CustomerFields {
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(100, { message: 'The first_name field may not be longer than 100 characters' })
  @IsPersonName()
  first_name: string;

  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(100, { message: 'The last_name field may not be longer than 100 characters' })
  @IsPersonName()
  last_name: string;

  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @IsNotEmpty({ message: 'The email field is required' })
  @IsEmailAddress()
  email: string;

  @IsString({ message: 'The phone_number field is required' })
  @Matches(PHONE, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number: string;

  @Transform(status)
  @IsIn(CUSTOMER_STATUSES, { message: `The status field must be one of ${CUSTOMER_STATUSES.join(', ')}` })
  status: (typeof CUSTOMER_STATUSES)[number];

  @IsIn(DEAL_TYPES, { message: `The deal_type field must be one of ${DEAL_TYPES.join(', ')}` })
  deal_type: (typeof DEAL_TYPES)[number];

  @IsOptionalNotNull()
  @IsIn(CUSTOMER_TYPES, { message: `The role field must be one of ${CUSTOMER_TYPES.join(', ')}` })
  role?: (typeof CUSTOMER_TYPES)[number];

  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'The closing_date field must be a date (YYYY-MM-DD)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The closing_date field must be a date (YYYY-MM-DD)' })
  closing_date?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @Matches(FILOGIX, {
    message: 'The filogix_number field may contain only letters, digits, dashes and underscores, at most 16',
  })
  filogix_number?: string | null;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The lender field must be text' })
  @MaxLength(200, { message: 'The lender field may not be longer than 200 characters' })
  @HasNoMarkup()
  lender?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The address_line field must be text' })
  @MaxLength(300, { message: 'The address_line field may not be longer than 300 characters' })
  @HasNoMarkup()
  address_line?: string;

  @IsOptional()
  @Transform(emptyToNull)
  @IsUUID('all', { message: 'The broker field must be a broker id' })
  broker?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsUUID('all', { message: 'The assistant field must be an assistant id' })
  assistant?: string | null;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The second_applicant_first_name field must be text' })
  @MaxLength(100, { message: 'The second_applicant_first_name field may not be longer than 100 characters' })
  @IsPersonName()
  second_applicant_first_name?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The second_applicant_last_name field must be text' })
  @MaxLength(100, { message: 'The second_applicant_last_name field may not be longer than 100 characters' })
  @IsPersonName()
  second_applicant_last_name?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The second_applicant_email field must be a valid email' })
  @IsEmailAddress()
  second_applicant_email?: string;

  /** '' when there is no second applicant's phone. */
  @IsOptionalNotNull()
  @IsString({ message: 'The second_applicant_phone_number field must be 10 digits after the +1 prefix' })
  @Matches(PHONE_OR_EMPTY, {
    message: 'The second_applicant_phone_number field must be 10 digits after the +1 prefix',
  })
  second_applicant_phone_number?: string;
}

export class CreateCustomerDto extends CustomerFields {
  @IsOptionalNotNull()
  @IsString({ message: 'The initial_note field must be text' })
  @MaxLength(TEXT_MAX_LENGTH, {
    message: `The initial_note field may not be longer than ${TEXT_MAX_LENGTH} characters`,
  })
  initial_note?: string;

  @IsOptionalNotNull()
  @IsBoolean({ message: 'The is_create_folder field must be true or false' })
  is_create_folder?: boolean;
}

/** An edit sends any subset of the client's fields. */
export class UpdateCustomerDto extends EditType(CustomerFields) {
  /** On a Filogix number change: true creates a new folder and archives the old one, false renames it. */
  @IsOptionalNotNull()
  @IsBoolean({ message: 'The is_create_folder field must be true or false' })
  is_create_folder?: boolean;

  /** The version the change was made on; a stale one answers 409. */
  @IsOptionalNotNull()
  @IsInt({ message: 'The version field must be a whole number' })
  @Min(1, { message: 'The version field must be at least 1' })
  version?: number;
}

export class ListCustomersQuery extends PageQuery(10, 1000) {
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'The search field may not be longer than 200 characters' })
  search = '';

  @IsOptional()
  @Transform(status)
  @IsIn(['', ...CUSTOMER_STATUSES], {
    message: `The status field must be one of ${CUSTOMER_STATUSES.join(', ')}`,
  })
  status = '';

  @IsOptional()
  @IsIn(['', ...DEAL_TYPES], { message: `The deal_type field must be one of ${DEAL_TYPES.join(', ')}` })
  deal_type = '';

  @IsOptional()
  @ValidateIf((o: ListCustomersQuery) => o.broker !== '')
  @IsUUID('all', { message: 'The broker field must be a broker id' })
  broker = '';
}

export class NotifyDto {
  @IsIn(NOTIFY_TYPES, { message: `The notify_type field must be one of ${NOTIFY_TYPES.join(', ')}` })
  notify_type: (typeof NOTIFY_TYPES)[number];
}

/** One roadmap step as staff set it; the body of a steps update is a list of these. */
export class StepDto {
  @IsIn(ROADMAP_STEPS, { message: `The step field must be one of ${ROADMAP_STEPS.join(', ')}` })
  step: StepState['step'];

  @IsBoolean({ message: 'The is_active field must be true or false' })
  is_active: boolean;

  @IsBoolean({ message: 'The is_completed field must be true or false' })
  is_completed: boolean;
}
