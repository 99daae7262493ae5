import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsUUID, Matches } from 'class-validator';
import { STAFF_ROLES, type StaffRole } from '../../../machines/roles.js';
import type { TeamChangeView, TeamMemberView } from '../../../machines/team.view.js';

export type { TeamChangeView, TeamMemberView };
import { CustomerFields } from '../customers/customer.dto.js';
import { EditType, IsOptionalNotNull } from '../platform/http/edit-fields.js';

/** Lender submission codes: letters and digits, as lenders issue them. */
export const BROKER_CODE = /^[A-Za-z0-9]{1,20}$/;
export const BROKER_CODES_MAX = 10;

const codes = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((code) => (typeof code === 'string' ? code.trim().toUpperCase() : code))
    : value;

/** The rules of a list of broker codes, wherever one is given. */
const BrokerCodesRules = () =>
  applyDecorators(
    Transform(codes),
    IsArray({ message: 'The broker_codes field must be a list of codes' }),
    ArrayMaxSize(BROKER_CODES_MAX, {
      message: `The broker_codes field takes at most ${BROKER_CODES_MAX} codes`,
    }),
    Matches(BROKER_CODE, {
      each: true,
      message: 'The broker_codes field takes letters and digits only, up to 20',
    }),
  );

/** The person's name, e-mail and phone number, with the same rules as a client's. */
class PersonFields extends PickType(CustomerFields, ['first_name', 'last_name', 'email', 'phone_number']) {}

export class InviteStaffDto extends PersonFields {
  @ApiProperty({ enum: STAFF_ROLES, example: 'broker' })
  @IsIn(STAFF_ROLES, { message: `The role field must be one of ${STAFF_ROLES.join(', ')}` })
  role: StaffRole;

  @ApiPropertyOptional({ type: [String], example: ['BRX1042'], description: 'Letters and digits, in order.' })
  @IsOptionalNotNull()
  @BrokerCodesRules()
  broker_codes?: string[];
}

/** A broker's own codes, as they keep them from the user menu: the invitation's rules, and required. */
export class OwnBrokerCodesDto {
  @ApiProperty({ type: [String], example: ['BRX1042'], description: 'Letters and digits, in order.' })
  @IsDefined({ message: 'The broker_codes field is required' })
  @BrokerCodesRules()
  broker_codes: string[];
}

/** What the principal broker may change of a staff member; the phone number is their sign-in and stays. */
class StaffEditFields extends PickType(InviteStaffDto, [
  'first_name',
  'last_name',
  'email',
  'role',
  'broker_codes',
]) {}
export class UpdateStaffDto extends EditType(StaffEditFields) {}

export class ReassignClientsDto {
  @ApiProperty({ format: 'uuid', description: 'The active broker or assistant who takes the clients over.' })
  @IsUUID('all', { message: 'The to field must be a staff member id' })
  to: string;
}

export class TeamMemberDoc implements TeamMemberView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: STAFF_ROLES })
  role: StaffRole;

  @ApiProperty()
  first_name: string;

  @ApiProperty()
  last_name: string;

  @ApiProperty({ example: '14165550123' })
  phone_number: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ type: [String] })
  broker_codes: string[];

  @ApiProperty({
    enum: ['active', 'invited', 'deactivated'],
    description: "'invited': active but never signed in.",
  })
  status: 'active' | 'invited' | 'deactivated';

  @ApiProperty({ description: 'Clients they broker or assist.' })
  client_count: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_login_at: string | null;

  @ApiProperty({ description: 'They sign in with a code from an authenticator app as well.' })
  second_factor: boolean;
}

class PersonDoc {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  first_name: string;

  @ApiProperty()
  last_name: string;
}

/** The facts a change to a staff account records, by its type. */
class TeamChangeFactsDoc {
  @ApiPropertyOptional({ enum: STAFF_ROLES, description: 'user.registered: the role invited to.' })
  role?: StaffRole;

  @ApiPropertyOptional({ enum: STAFF_ROLES, description: 'user.role_changed: the role before.' })
  from?: StaffRole;

  @ApiPropertyOptional({ enum: STAFF_ROLES, description: 'user.role_changed: the role after.' })
  to?: StaffRole;

  @ApiPropertyOptional({ description: 'user.registered, user.profile_updated.' })
  firstName?: string;

  @ApiPropertyOptional({ description: 'user.registered, user.profile_updated.' })
  lastName?: string;

  @ApiPropertyOptional({ description: 'user.registered, user.profile_updated.' })
  email?: string;

  @ApiPropertyOptional({ description: 'user.registered, user.profile_updated.' })
  phoneNumber?: string;

  @ApiPropertyOptional({ type: [String], description: 'user.broker_codes_changed: the codes now.' })
  codes?: string[];

  @ApiPropertyOptional({ description: 'user.deactivated: why.' })
  reason?: string;
}

export class TeamChangeDoc implements TeamChangeView {
  @ApiProperty({ description: 'The position of the change in the event log.' })
  id: number;

  @ApiProperty({ example: 'user.role_changed' })
  type: string;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ type: PersonDoc, description: 'The staff member changed.' })
  user: PersonDoc;

  @ApiProperty({ type: PersonDoc, nullable: true, description: 'Who made the change; null for the system.' })
  actor: PersonDoc | null;

  @ApiProperty({
    type: TeamChangeFactsDoc,
    description: "The change's facts; which ones depends on its type.",
  })
  changes: Record<string, unknown>;
}
