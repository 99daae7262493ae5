import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../machines/password.rules.js';

const PHONE = /^1\d{10}$/;
const PHONE_EXAMPLE = '14165550100';
const PHONE_MESSAGE = 'The phone_number field must be 11 digits: 1 followed by the 10-digit number';

export class ObtainTokenDto {
  @ApiProperty({
    pattern: PHONE.source,
    example: PHONE_EXAMPLE,
    description: "'1' followed by the 10 local digits.",
  })
  @IsString({ message: 'The phone_number field is required' })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone_number: string;

  @ApiProperty({ format: 'password', minLength: 1, maxLength: MAX_PASSWORD_LENGTH })
  @IsString({ message: 'The password field is required' })
  @MinLength(1, { message: 'The password field is required' })
  @MaxLength(MAX_PASSWORD_LENGTH, {
    message: `The password field may not be longer than ${MAX_PASSWORD_LENGTH} characters`,
  })
  password: string;
}

export class ResetPasswordDto {
  @ApiProperty({
    pattern: PHONE.source,
    example: PHONE_EXAMPLE,
    description: "'1' followed by the 10 local digits.",
  })
  @IsString({ message: 'The phone_number field is required' })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone_number: string;
}

/** The rules a chosen password must follow need the user's phone number: the service checks them. */
export class ChangePasswordDto {
  @ApiProperty({
    format: 'password',
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'The new password; it must follow the password rules and differ from the phone number.',
  })
  @IsString({ message: 'The password field is required' })
  password: string;
}

/** What token/obtain and token/refresh answer: the refresh token travels only in its cookie. */
export class AccessTokenAnswer {
  @ApiProperty({
    description: 'The bearer token of the API.',
    example: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
  })
  access: string;
}
