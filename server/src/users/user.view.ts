import { ApiProperty } from '@nestjs/swagger';
import { APPRAISER_STATUSES, type AppraiserStatus } from '../../../machines/appraiser-assignment.machine.js';
import { LAWYER_STATUSES, type LawyerStatus } from '../../../machines/lawyer-assignment.machine.js';
import { ROLES, type Role } from '../../../machines/roles.js';
import type { SecondFactorStatus } from '../../../machines/second-factor.js';
import type { CurrentUserView, UserView } from '../../../machines/user.view.js';

/** The user views are defined once, for the server and the client, in machines/user.view.ts. */
export {
  NO_ASSIGNMENTS,
  toCurrentUserView,
  toUserView,
  type CurrentUserView,
  type UserAssignments,
  type UserView,
} from '../../../machines/user.view.js';

const USER_ID = '5f0c2a5e-8d3b-4f43-9a8e-2c1d7e6b9a10';

/** OpenAPI description of `UserView`. */
export class UserViewDto implements UserView {
  @ApiProperty({ format: 'uuid', example: USER_ID })
  id: string;

  @ApiProperty({ format: 'uuid', example: USER_ID, description: 'The same id as `id`.' })
  user_id: string;

  @ApiProperty({ enum: ROLES, example: 'broker' })
  role: Role;

  @ApiProperty({ example: 'Jane' })
  first_name: string;

  @ApiProperty({ example: 'Doe' })
  last_name: string;

  @ApiProperty({ example: '14165550100', description: "'1' followed by the 10 local digits." })
  phone_number: string;

  @ApiProperty({ example: 'jane.doe@example.ca' })
  email: string;

  @ApiProperty({ description: 'A new password must be chosen before anything else.' })
  require_change_password: boolean;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null for staff.' })
  customer_id: string | null;
}

/** OpenAPI description of `SecondFactorStatus`. */
export class SecondFactorStatusDoc implements SecondFactorStatus {
  @ApiProperty({ description: 'Every sign-in asks for a code from the authenticator app.' })
  enabled: boolean;

  @ApiProperty({ description: 'The brokerage requires it of all staff; without it only enrolment is open.' })
  required: boolean;

  @ApiProperty({ example: 10, description: 'Recovery codes not used yet.' })
  recovery_codes_left: number;
}

/** OpenAPI description of `CurrentUserView`. */
export class CurrentUserViewDto extends UserViewDto implements CurrentUserView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The assigned lawyer.' })
  lawyer: string | null;

  @ApiProperty({ enum: LAWYER_STATUSES, example: 'empty' })
  lawyer_status: LawyerStatus;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The assigned appraiser.' })
  appraiser: string | null;

  @ApiProperty({ enum: APPRAISER_STATUSES, example: 'empty' })
  appraiser_status: AppraiserStatus;

  @ApiProperty({ type: () => SecondFactorStatusDoc })
  second_factor: SecondFactorStatus;

  @ApiProperty({ type: [String], example: ['BRX1042'], description: "A broker's lender submission codes." })
  broker_codes: string[];
}
