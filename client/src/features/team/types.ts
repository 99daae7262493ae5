import type { StaffRole } from '@machines/roles';

/** The team page's views are defined once, for the server and the client, in machines/team.view.ts. */
export type {
  PersonRef,
  TeamChangeView as TeamChange,
  TeamMemberView as TeamMember,
} from '@machines/team.view';

export type InviteStaff = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  role: StaffRole;
  broker_codes: string[];
};

export type EditStaff = Partial<Omit<InviteStaff, 'phone_number'>>;
