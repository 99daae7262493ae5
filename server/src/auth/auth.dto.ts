import { IsString, Matches, MaxLength, MinLength } from 'class-validator';

const PHONE = /^1\d{10}$/;
const PHONE_MESSAGE = 'The phone_number field must be 11 digits: 1 followed by the 10-digit number';

export class ObtainTokenDto {
  @IsString({ message: 'The phone_number field is required' })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone_number: string;

  @IsString({ message: 'The password field is required' })
  @MinLength(1, { message: 'The password field is required' })
  @MaxLength(256, { message: 'The password field may not be longer than 256 characters' })
  password: string;
}

export class ResetPasswordDto {
  @IsString({ message: 'The phone_number field is required' })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone_number: string;
}

/** The rules a chosen password must follow need the user's phone number: the service checks them. */
export class ChangePasswordDto {
  @IsString({ message: 'The password field is required' })
  password: string;
}
