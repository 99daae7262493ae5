import type { StaffRole } from './roles.js';

/** A staff member as the team page lists them (`GET team/`), for the server and the client. */
export interface TeamMemberView {
  id: string;
  role: StaffRole;
  first_name: string;
  last_name: string;
  /** '1' followed by the 10 local digits. */
  phone_number: string;
  email: string;
  /** Lender submission codes, in order; the first goes to mortgage application links. */
  broker_codes: string[];
  /** 'invited': active but never signed in. */
  status: 'active' | 'invited' | 'deactivated';
  /** Clients they broker or assist. */
  client_count: number;
  last_login_at: string | null;
  /** They sign in with a code from an authenticator app as well. */
  second_factor: boolean;
}

export interface PersonRef {
  id: string;
  first_name: string;
  last_name: string;
}

/** One change to a staff account, with who made it (`GET team/history/`); null actor: the system. */
export interface TeamChangeView {
  id: number;
  type: string;
  created: string;
  user: PersonRef;
  actor: PersonRef | null;
  changes: Record<string, unknown>;
}
