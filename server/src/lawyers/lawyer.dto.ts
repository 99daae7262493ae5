import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EditType } from '../platform/http/edit-fields.js';
import { PageQuery } from '../platform/http/page-query.js';
import { HasNoMarkup, IsOneLine, IsEmailAddress, IsPersonName, trim } from '../platform/http/value-rules.js';
import { EMAIL_MAX_LENGTH } from '../../../machines/email-address.js';
import { PERSON_NAME_MAX_LENGTH } from '../../../machines/validation.js';

/** The customer's own lawyer (spec section 5): every field required, e-mail valid, phone 1 + 10 digits. */
export class OwnLawyerDto {
  @ApiProperty({ maxLength: PERSON_NAME_MAX_LENGTH, example: 'Helen' })
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(100, { message: 'The first_name field may not be longer than 100 characters' })
  @IsPersonName()
  first_name: string;

  @ApiProperty({ maxLength: PERSON_NAME_MAX_LENGTH, example: 'Park' })
  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(100, { message: 'The last_name field may not be longer than 100 characters' })
  @IsPersonName()
  last_name: string;

  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'helen.park@parklaw.ca' })
  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @IsNotEmpty({ message: 'The email field is required' })
  @IsEmailAddress()
  email: string;

  @ApiProperty({ pattern: '^1\\d{10}$', example: '14165550123', description: '1 and 10 digits.' })
  @IsString({ message: 'The phone_number field is required' })
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number: string;

  /** The law firm. */
  @ApiProperty({ maxLength: 200, example: 'Park Law LLP', description: 'The law firm.' })
  @Transform(trim)
  @IsString({ message: 'The company field is required' })
  @IsNotEmpty({ message: 'The company field is required' })
  @MaxLength(200, { message: 'The company field may not be longer than 200 characters' })
  @HasNoMarkup()
  @IsOneLine()
  company: string;

  @ApiProperty({ maxLength: 300, example: '100 Queen St W, Toronto, ON' })
  @Transform(trim)
  @IsString({ message: 'The address_line field is required' })
  @IsNotEmpty({ message: 'The address_line field is required' })
  @MaxLength(300, { message: 'The address_line field may not be longer than 300 characters' })
  @HasNoMarkup()
  @IsOneLine()
  address_line: string;
}

export class EditLawyerDto extends EditType(OwnLawyerDto) {}

export class ListLawyersQuery extends PageQuery(1000, 1000) {
  @ApiPropertyOptional({
    type: String,
    maxLength: 200,
    default: '',
    description: 'Part of a name, company, e-mail or address, in any case.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'The search field may not be longer than 200 characters' })
  search = '';
}
