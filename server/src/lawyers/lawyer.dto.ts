import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PartialType } from '@nestjs/swagger';
import { PageQuery } from '../platform/http/page-query.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The customer's own lawyer (spec section 5): every field required, e-mail valid, phone 1 + 10 digits. */
export class OwnLawyerDto {
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(100)
  first_name: string;

  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(100)
  last_name: string;

  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'The email field must be a valid email' })
  email: string;

  @IsString({ message: 'The phone_number field is required' })
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number: string;

  @Transform(trim)
  @IsString({ message: 'The company field is required' })
  @IsNotEmpty({ message: 'The company field is required' })
  @MaxLength(200)
  company: string;

  @Transform(trim)
  @IsString({ message: 'The address_line field is required' })
  @IsNotEmpty({ message: 'The address_line field is required' })
  @MaxLength(300)
  address_line: string;
}

export class EditLawyerDto extends PartialType(OwnLawyerDto) {}

export class ListLawyersQuery extends PageQuery(1000, 1000) {
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'The search field may not be longer than 200 characters' })
  search = '';
}
