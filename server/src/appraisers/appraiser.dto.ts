import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { PageQuery } from '../platform/http/page-query.js';
import { HasNoMarkup, IsEmailAddress, IsPersonName } from '../platform/http/value-rules.js';
import { TEXT_MAX_LENGTH } from '../../../machines/validation.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const number = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

export const ACCESS_DETAILS = ['owner', 'tenant', 'realtor', 'lockbox', 'vacant'] as const;
export const MORTGAGE_POSITIONS = ['first', 'second'] as const;

const required = (field: string) => ({ message: `The ${field} field is required` });
const longest = (field: string, count: number) => ({
  message: `The ${field} field may not be longer than ${count} characters`,
});

/** Appraiser add form (spec section 5): every field required except notes. */
export class AssignAppraiserDto {
  @IsOptionalNotNull()
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id?: string;

  @IsOptionalNotNull()
  @IsUUID('all', { message: 'The appraiser_id field must be an appraiser id' })
  appraiser_id?: string;

  @Transform(trim)
  @IsString(required('first_name'))
  @IsNotEmpty(required('first_name'))
  @MaxLength(100, longest('first_name', 100))
  @IsPersonName()
  first_name: string;

  @Transform(trim)
  @IsString(required('last_name'))
  @IsNotEmpty(required('last_name'))
  @MaxLength(100, longest('last_name', 100))
  @IsPersonName()
  last_name: string;

  @Transform(trim)
  @IsString(required('email'))
  @IsNotEmpty(required('email'))
  @IsEmailAddress()
  email: string;

  @IsString(required('phone_number'))
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number: string;

  @Transform(number)
  @IsNumber({}, { message: 'The expected_value field must be a number' })
  @Min(0, { message: 'The expected_value field must be a number' })
  expected_value: number;

  @Transform(trim)
  @IsString(required('address'))
  @IsNotEmpty(required('address'))
  @MaxLength(300, longest('address', 300))
  @HasNoMarkup()
  address: string;

  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The expected_date field must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'The expected_date field must be a date (YYYY-MM-DD)' })
  expected_date: string;

  @IsIn(ACCESS_DETAILS, { message: `The access_details field must be one of ${ACCESS_DETAILS.join(', ')}` })
  access_details: string;

  @IsIn(MORTGAGE_POSITIONS, {
    message: `The mortgage_position field must be one of ${MORTGAGE_POSITIONS.join(', ')}`,
  })
  mortgage_position: string;

  @Transform(trim)
  @IsString(required('lender'))
  @IsNotEmpty(required('lender'))
  @MaxLength(200, longest('lender', 200))
  @HasNoMarkup()
  lender: string;

  @Transform(trim)
  @IsString(required('underwriter_email'))
  @IsNotEmpty(required('underwriter_email'))
  @IsEmailAddress()
  underwriter_email: string;

  @Transform(trim)
  @IsString(required('underwriter_name'))
  @IsNotEmpty(required('underwriter_name'))
  @MaxLength(100, longest('underwriter_name', 100))
  @IsPersonName()
  underwriter_name: string;

  @Transform(trim)
  @IsString(required('mortgage_number'))
  @IsNotEmpty(required('mortgage_number'))
  @MaxLength(100, longest('mortgage_number', 100))
  @HasNoMarkup()
  mortgage_number: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The notes field must be text' })
  @MaxLength(TEXT_MAX_LENGTH, {
    message: `The notes field may not be longer than ${TEXT_MAX_LENGTH} characters`,
  })
  notes = '';
}

/** Quote request (spec section 5). */
export class QuoteRequestDto {
  @IsArray({ message: 'No appraisers selected. Select one or more appraisers.' })
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'The appraiser_ids field must list appraiser ids' })
  appraiser_ids: string[];

  @IsOptionalNotNull()
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id?: string;

  @IsOptionalNotNull()
  @IsString({ message: 'The typed_id field must be text' })
  @MaxLength(40, longest('typed_id', 40))
  typed_id?: string;

  @Transform(trim)
  @IsString(required('property_address'))
  @IsNotEmpty(required('property_address'))
  @MaxLength(300, longest('property_address', 300))
  @HasNoMarkup()
  property_address: string;

  @Transform(trim)
  @IsString(required('lender'))
  @IsNotEmpty(required('lender'))
  @MaxLength(200, longest('lender', 200))
  @HasNoMarkup()
  lender: string;

  @IsIn(MORTGAGE_POSITIONS, {
    message: `The mortgage_position field must be one of ${MORTGAGE_POSITIONS.join(', ')}`,
  })
  mortgage_position: string;

  @Transform(number)
  @IsNumber({}, { message: 'The ltv field must be a number' })
  ltv: number;

  @Transform(number)
  @IsNumber({}, { message: 'The expected_value field must be a number' })
  expected_value: number;

  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The due_date field must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'The due_date field must be a date (YYYY-MM-DD)' })
  due_date: string;

  @IsOptionalNotNull()
  @IsString({ message: 'The comment field must be text' })
  @MaxLength(TEXT_MAX_LENGTH, {
    message: `The comment field may not be longer than ${TEXT_MAX_LENGTH} characters`,
  })
  comment = '';
}

export class ListAppraisersQuery extends PageQuery(1000, 1000) {
  /** The location filter. */
  @IsOptional()
  @IsString()
  @MaxLength(200, longest('search', 200))
  search = '';

  /** A bank name (from /banks/). */
  @IsOptional()
  @IsString()
  @MaxLength(200, longest('bank', 200))
  bank = '';
}

export class ListBanksQuery extends PageQuery(1000, 1000) {
  @IsOptional()
  @IsString()
  @MaxLength(200, longest('search', 200))
  search = '';
}
