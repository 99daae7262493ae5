import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { EditType } from '../platform/http/edit-fields.js';
import { CustomerFields } from './customer.dto.js';

/** What a customer may change of their own profile: the same fields, and rules, as staff edit. */
export class UpdateOwnProfileDto extends EditType(
  PickType(CustomerFields, ['first_name', 'last_name', 'email', 'phone_number', 'address_line', 'lender']),
) {}

export class ContactsQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'The user_id field must be a user id' })
  user_id?: string;
}
