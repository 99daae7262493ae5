import type { UserRow } from './users.repository.js';

export interface UserView {
  id: string;
  user_id: string;
  role: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  require_change_password: boolean;
  customer_id: string | null;
}

/** The shape of `users/me` and user lists; never carries the password hash. */
export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    user_id: row.id,
    role: row.role,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    require_change_password: row.require_change_password,
    customer_id: row.customer_id,
  };
}
