import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { HasNoMarkup, IsEmailAddress, IsPersonName } from '../platform/http/value-rules.js';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../../../machines/validation.js';

const LENDER_MAX_LENGTH = 200;
const ADDRESS_MAX_LENGTH = 300;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a customer may change of their own profile. */
export class UpdateOwnProfileDto {
  @ApiPropertyOptional({ maxLength: PERSON_NAME_MAX_LENGTH, example: 'Emma' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `The first_name field may not be longer than ${PERSON_NAME_MAX_LENGTH} characters`,
  })
  @IsPersonName()
  first_name?: string;

  @ApiPropertyOptional({ maxLength: PERSON_NAME_MAX_LENGTH, example: 'Stone' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `The last_name field may not be longer than ${PERSON_NAME_MAX_LENGTH} characters`,
  })
  @IsPersonName()
  last_name?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'emma.stone@example.ca' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @IsNotEmpty({ message: 'The email field is required' })
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ pattern: '^1\\d{10}$', example: '14165550123' })
  @IsOptionalNotNull()
  @IsString({ message: 'The phone_number field must be 10 digits after the +1 prefix' })
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number?: string;

  @ApiPropertyOptional({ maxLength: ADDRESS_MAX_LENGTH })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The address_line field must be text' })
  @MaxLength(ADDRESS_MAX_LENGTH, {
    message: `The address_line field may not be longer than ${ADDRESS_MAX_LENGTH} characters`,
  })
  @HasNoMarkup()
  address_line?: string;

  @ApiPropertyOptional({ maxLength: LENDER_MAX_LENGTH })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The lender field must be text' })
  @MaxLength(LENDER_MAX_LENGTH, {
    message: `The lender field may not be longer than ${LENDER_MAX_LENGTH} characters`,
  })
  @HasNoMarkup()
  lender?: string;
}

export class ContactsQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'The user_id field must be a user id' })
  user_id?: string;
}
