import type { AppraiserStatus } from './appraiser-assignment.machine.js';
import type { LawyerStatus } from './lawyer-assignment.machine.js';
import type { Role } from './roles.js';
import type { SecondFactorStatus } from './second-factor.js';

/**
 * A user as the API answers it: in the staff list (`users/`) and after a password change
 * (`PATCH users/me/`). It never carries the password hash.
 */
export interface UserView {
  id: string;
  /** The same id again, under the name the user is referred to elsewhere. */
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  /** '1' followed by the 10 local digits. */
  phone_number: string;
  email: string;
  /** Set after a texted password: every private page asks for a new one first. */
  require_change_password: boolean;
  /** The client file of a customer; null for staff. */
  customer_id: string | null;
}

/** A customer's lawyer and appraiser (their ids) and where each assignment stands; staff have none. */
export interface UserAssignments {
  lawyer: string | null;
  lawyer_status: LawyerStatus;
  appraiser: string | null;
  appraiser_status: AppraiserStatus;
}

/**
 * The signed-in user as `users/me/` answers it: the user, for a customer their assignments, and where
 * their second factor stands.
 */
export type CurrentUserView = UserView &
  UserAssignments & {
    second_factor: SecondFactorStatus;
    /** A broker's own lender submission codes (they can edit them); none for others. */
    broker_codes: string[];
  };

/** What a user without a client file (staff) has assigned: nothing. */
export const NO_ASSIGNMENTS: Readonly<UserAssignments> = Object.freeze({
  lawyer: null,
  lawyer_status: 'empty',
  appraiser: null,
  appraiser_status: 'empty',
});

/** The stored fields a user view is made of; a stored user has more, which the view leaves out. */
export type UserFields = Omit<UserView, 'user_id'>;

/** The view of a stored user: only the fields of `UserView`, whatever else the record holds. */
export function toUserView(user: UserFields): UserView {
  return {
    id: user.id,
    user_id: user.id,
    role: user.role,
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    email: user.email,
    require_change_password: user.require_change_password,
    customer_id: user.customer_id,
  };
}

/** The signed-in user's view: the user and their assignments. */
export function toCurrentUserView(
  user: UserFields & { broker_codes: string[] },
  assignments: UserAssignments,
  secondFactor: SecondFactorStatus,
): CurrentUserView {
  return {
    ...toUserView(user),
    ...assignments,
    second_factor: secondFactor,
    broker_codes: user.broker_codes,
  };
}
