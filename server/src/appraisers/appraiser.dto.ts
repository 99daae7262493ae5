import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
} from 'class-validator';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { PageQuery } from '../platform/http/page-query.js';
import {
  HasNoMarkup,
  IsOneLine,
  IsEmailAddress,
  IsNotPastDate,
  IsPersonName,
  IsWholeNumberBetween,
  trim,
} from '../platform/http/value-rules.js';
import { EXPECTED_VALUE_DOLLARS, LTV_PERCENT } from '../../../machines/appraisal-limits.js';
import { TEXT_MAX_LENGTH } from '../../../machines/validation.js';

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
  @ApiPropertyOptional({ format: 'uuid', description: 'Ignored: the client is the one in the path.' })
  @IsOptionalNotNull()
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Ignored: the appraiser is the one in the path.' })
  @IsOptionalNotNull()
  @IsUUID('all', { message: 'The appraiser_id field must be an appraiser id' })
  appraiser_id?: string;

  @ApiProperty({
    maxLength: 100,
    example: 'Emma',
    description: 'Whom the appraiser contacts for the appraisal.',
  })
  @Transform(trim)
  @IsString(required('first_name'))
  @IsNotEmpty(required('first_name'))
  @MaxLength(100, longest('first_name', 100))
  @IsPersonName()
  first_name: string;

  @ApiProperty({ maxLength: 100, example: 'Stone' })
  @Transform(trim)
  @IsString(required('last_name'))
  @IsNotEmpty(required('last_name'))
  @MaxLength(100, longest('last_name', 100))
  @IsPersonName()
  last_name: string;

  @ApiProperty({ format: 'email', example: 'emma.stone@example.ca' })
  @Transform(trim)
  @IsString(required('email'))
  @IsNotEmpty(required('email'))
  @IsEmailAddress()
  email: string;

  @ApiProperty({ pattern: '^1\\d{10}$', example: '14165550123', description: '1 and 10 digits.' })
  @IsString(required('phone_number'))
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number: string;

  @ApiProperty({
    minimum: EXPECTED_VALUE_DOLLARS.least,
    maximum: EXPECTED_VALUE_DOLLARS.most,
    example: 850000,
    description: 'The expected value of the property, in whole dollars.',
  })
  @Transform(number)
  @IsNumber({}, { message: 'The expected_value field must be a number' })
  @IsWholeNumberBetween(EXPECTED_VALUE_DOLLARS)
  expected_value: number;

  @ApiProperty({ maxLength: 300, example: '12 King St W, Toronto, ON' })
  @Transform(trim)
  @IsString(required('address'))
  @IsNotEmpty(required('address'))
  @MaxLength(300, longest('address', 300))
  @HasNoMarkup()
  @IsOneLine()
  address: string;

  @ApiProperty({ format: 'date', example: '2026-10-15', description: 'When the appraisal is to be done.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The expected_date field must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'The expected_date field must be a date (YYYY-MM-DD)' })
  expected_date: string;

  @ApiProperty({ enum: ACCESS_DETAILS, description: 'How the appraiser gets in.' })
  @IsIn(ACCESS_DETAILS, { message: `The access_details field must be one of ${ACCESS_DETAILS.join(', ')}` })
  access_details: string;

  @ApiProperty({ enum: MORTGAGE_POSITIONS })
  @IsIn(MORTGAGE_POSITIONS, {
    message: `The mortgage_position field must be one of ${MORTGAGE_POSITIONS.join(', ')}`,
  })
  mortgage_position: string;

  @ApiProperty({ maxLength: 200, example: 'TD' })
  @Transform(trim)
  @IsString(required('lender'))
  @IsNotEmpty(required('lender'))
  @MaxLength(200, longest('lender', 200))
  @HasNoMarkup()
  @IsOneLine()
  lender: string;

  @ApiProperty({ format: 'email', example: 'underwriting@lender.ca' })
  @Transform(trim)
  @IsString(required('underwriter_email'))
  @IsNotEmpty(required('underwriter_email'))
  @IsEmailAddress()
  underwriter_email: string;

  @ApiProperty({ maxLength: 100, example: 'Sam Lee' })
  @Transform(trim)
  @IsString(required('underwriter_name'))
  @IsNotEmpty(required('underwriter_name'))
  @MaxLength(100, longest('underwriter_name', 100))
  @IsPersonName()
  underwriter_name: string;

  @ApiProperty({ maxLength: 100, example: 'M-204811' })
  @Transform(trim)
  @IsString(required('mortgage_number'))
  @IsNotEmpty(required('mortgage_number'))
  @MaxLength(100, longest('mortgage_number', 100))
  @HasNoMarkup()
  @IsOneLine()
  mortgage_number: string;

  @ApiPropertyOptional({ type: String, maxLength: TEXT_MAX_LENGTH, default: '' })
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
  @ApiProperty({
    type: [String],
    format: 'uuid',
    maxItems: 50,
    description: 'The appraisers to ask; at least one.',
  })
  @IsArray({ message: 'No appraisers selected. Select one or more appraisers.' })
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'The appraiser_ids field must list appraiser ids' })
  appraiser_ids: string[];

  @ApiPropertyOptional({ format: 'uuid', description: 'Ignored: the client is the one in the path.' })
  @IsOptionalNotNull()
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 40,
    description: "Ignored: the request names the client's own file number.",
  })
  @IsOptionalNotNull()
  @IsString({ message: 'The typed_id field must be text' })
  @MaxLength(40, longest('typed_id', 40))
  typed_id?: string;

  @ApiProperty({ maxLength: 300, example: '12 King St W, Toronto, ON' })
  @Transform(trim)
  @IsString(required('property_address'))
  @IsNotEmpty(required('property_address'))
  @MaxLength(300, longest('property_address', 300))
  @HasNoMarkup()
  @IsOneLine()
  property_address: string;

  @ApiProperty({ maxLength: 200, example: 'TD' })
  @Transform(trim)
  @IsString(required('lender'))
  @IsNotEmpty(required('lender'))
  @MaxLength(200, longest('lender', 200))
  @HasNoMarkup()
  @IsOneLine()
  lender: string;

  @ApiProperty({ enum: MORTGAGE_POSITIONS })
  @IsIn(MORTGAGE_POSITIONS, {
    message: `The mortgage_position field must be one of ${MORTGAGE_POSITIONS.join(', ')}`,
  })
  mortgage_position: string;

  @ApiProperty({
    minimum: LTV_PERCENT.least,
    maximum: LTV_PERCENT.most,
    example: 80,
    description: 'Loan to value, in whole percent.',
  })
  @Transform(number)
  @IsNumber({}, { message: 'The ltv field must be a number' })
  @IsWholeNumberBetween(LTV_PERCENT)
  ltv: number;

  @ApiProperty({
    minimum: EXPECTED_VALUE_DOLLARS.least,
    maximum: EXPECTED_VALUE_DOLLARS.most,
    example: 850000,
    description: 'The expected value of the property, in whole dollars.',
  })
  @Transform(number)
  @IsNumber({}, { message: 'The expected_value field must be a number' })
  @IsWholeNumberBetween(EXPECTED_VALUE_DOLLARS)
  expected_value: number;

  @ApiProperty({
    format: 'date',
    example: '2026-10-15',
    description: 'When the quote is needed: today (in Pacific time, the last in Canada) or later.',
  })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The due_date field must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'The due_date field must be a date (YYYY-MM-DD)' })
  @IsNotPastDate()
  due_date: string;

  @ApiPropertyOptional({ type: String, maxLength: TEXT_MAX_LENGTH, default: '' })
  @IsOptionalNotNull()
  @IsString({ message: 'The comment field must be text' })
  @MaxLength(TEXT_MAX_LENGTH, {
    message: `The comment field may not be longer than ${TEXT_MAX_LENGTH} characters`,
  })
  comment = '';
}

export class ListAppraisersQuery extends PageQuery(1000, 1000) {
  /** The location filter. */
  @ApiPropertyOptional({
    type: String,
    maxLength: 200,
    default: '',
    description: 'Part of a location, in any case.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200, longest('search', 200))
  search = '';

  /** A bank name (from /banks/). */
  @ApiPropertyOptional({
    type: String,
    maxLength: 200,
    default: '',
    description: 'A bank name, from /banks/; any bank when empty.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200, longest('bank', 200))
  bank = '';
}

export class ListBanksQuery extends PageQuery(1000, 1000) {
  @ApiPropertyOptional({
    type: String,
    maxLength: 200,
    default: '',
    description: 'Part of a bank name, in any case.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200, longest('search', 200))
  search = '';
}
