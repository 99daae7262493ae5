import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { HasNoMarkup, IsEmailAddress, IsPersonName } from '../platform/http/value-rules.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a customer may change of their own profile. */
export class UpdateOwnProfileDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(100, { message: 'The first_name field may not be longer than 100 characters' })
  @IsPersonName()
  first_name?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(100, { message: 'The last_name field may not be longer than 100 characters' })
  @IsPersonName()
  last_name?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @IsNotEmpty({ message: 'The email field is required' })
  @IsEmailAddress()
  email?: string;

  @IsOptionalNotNull()
  @IsString({ message: 'The phone_number field must be 10 digits after the +1 prefix' })
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The address_line field must be text' })
  @MaxLength(300, { message: 'The address_line field may not be longer than 300 characters' })
  @HasNoMarkup()
  address_line?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The lender field must be text' })
  @MaxLength(200, { message: 'The lender field may not be longer than 200 characters' })
  @HasNoMarkup()
  lender?: string;
}

export class ContactsQuery {
  @IsOptional()
  @IsUUID('all', { message: 'The user_id field must be a user id' })
  user_id?: string;
}
