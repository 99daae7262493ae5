import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

/** What token/obtain answers: signed in (`access`), or a `challenge` when the code is asked next. */
export class SignInAnswer {
  @ApiPropertyOptional({
    description: 'The bearer token of the API, when the password alone signs in.',
    example: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
  })
  access?: string;

  @ApiPropertyOptional({
    description:
      'Staff with two-factor sign-in: send it with the code to auth/token/second_factor/ (valid 5 minutes).',
  })
  challenge?: string;
}

const CODE_MESSAGE = 'The code field must be the 6-digit code from the app or a recovery code';

/** A code as typed: 6 digits from the app, or a recovery code (spaces are ignored). */
export class SecondFactorCodeDto {
  @ApiProperty({ example: '123456', description: 'The 6-digit code from the app, or a recovery code.' })
  @IsString({ message: 'The code field is required' })
  @MinLength(1, { message: 'The code field is required' })
  @MaxLength(20, { message: CODE_MESSAGE })
  @Matches(/^\s*(?:\d\s*){6}$|^\s*[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}\s*$/, { message: CODE_MESSAGE })
  code: string;
}

export class SignInCodeDto extends SecondFactorCodeDto {
  @ApiProperty({ description: 'The challenge token/obtain answered.' })
  @IsString({ message: 'The challenge field is required' })
  @MinLength(1, { message: 'The challenge field is required' })
  @MaxLength(2000, { message: 'The challenge field is not valid' })
  challenge: string;
}

export class ConfirmEnrolmentDto extends SecondFactorCodeDto {
  @ApiProperty({ description: 'The enrolment that enrolment/ answered with the QR code.' })
  @IsString({ message: 'The enrolment field is required' })
  @MinLength(1, { message: 'The enrolment field is required' })
  @MaxLength(2000, { message: 'The enrolment field is not valid' })
  enrolment: string;
}

export class SecondFactorEnrolmentAnswer {
  @ApiProperty({ description: 'Sealed; sent back with the first code (valid 15 minutes).' })
  enrolment: string;

  @ApiProperty({ example: 'otpauth://totp/Homeward:Olivia%20Chen?secret=JBSWY3DPEHPK3PXP&issuer=Homeward' })
  uri: string;

  @ApiProperty({ example: 'JBSWY3DPEHPK3PXP', description: 'The secret in base32, to type in by hand.' })
  secret: string;

  @ApiProperty({ description: 'The QR code of `uri`, an SVG document.' })
  qr_svg: string;
}

export class SecondFactorEnabledAnswer {
  @ApiProperty({ type: [String], example: ['K7QD-M2XP'], description: 'Ten single-use codes, shown once.' })
  recovery_codes: string[];
}
