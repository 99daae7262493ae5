import type { StaffRole } from '@machines/roles';
import type { PersonRef, TeamChange, TeamMember } from './types';

export const ROLE_LABELS: Record<StaffRole, string> = {
  principal_broker: 'Principal broker',
  broker: 'Broker',
  assistant: 'Assistant',
};

export const STATUS_LABELS: Record<TeamMember['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  invited: { label: 'Invited', color: 'blue' },
  deactivated: { label: 'Deactivated', color: 'gray' },
};

export const personName = (person: PersonRef): string => `${person.first_name} ${person.last_name}`.trim();

const roleLabel = (role: unknown): string => ROLE_LABELS[role as StaffRole] ?? String(role);

const PROFILE_FIELDS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail',
  phoneNumber: 'phone number',
};

/** A change the person made to their own account. */
const isOwn = (change: TeamChange): boolean => !!change.actor && change.actor.id === change.user.id;

/** One change to a staff account in words, after who made it: 'changed Nora Quinn's role from Broker to Assistant'. */
export function describeChange(change: TeamChange): string {
  const c = change.changes;
  const who = personName(change.user);
  switch (change.type) {
    case 'user.registered':
      return `invited ${who} as ${roleLabel(c.role).toLowerCase()}`;
    case 'user.role_changed':
      return `changed ${who}'s role from ${roleLabel(c.from)} to ${roleLabel(c.to)}`;
    case 'user.broker_codes_changed': {
      const codes = Array.isArray(c.codes) ? (c.codes as string[]) : [];
      return codes.length > 0
        ? `set ${who}'s broker codes to ${codes.join(', ')}`
        : `removed ${who}'s broker codes`;
    }
    case 'user.profile_updated': {
      const fields = Object.entries(c)
        .filter(([key]) => key in PROFILE_FIELDS)
        .map(([key, value]) => `${PROFILE_FIELDS[key]} to ${String(value)}`);
      return `changed ${who}'s ${fields.join(', ')}`;
    }
    case 'user.deactivated':
      return `deactivated ${who}`;
    case 'user.reactivated':
      return `reactivated ${who}`;
    case 'user.second_factor_enabled':
      return isOwn(change) ? 'turned on two-factor sign-in' : `turned on two-factor sign-in for ${who}`;
    case 'user.second_factor_removed':
      return isOwn(change) ? 'turned off two-factor sign-in' : `reset two-factor sign-in for ${who}`;
    case 'user.recovery_codes_replaced':
      return isOwn(change) ? 'made new recovery codes' : `${who} made new recovery codes`;
    case 'user.recovery_code_used':
      return isOwn(change) ? 'signed in with a recovery code' : `${who} signed in with a recovery code`;
    default:
      return `${change.type} for ${who}`;
  }
}
