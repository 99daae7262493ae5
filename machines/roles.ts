/** The roles that sign in. Lawyers and appraisers are linked parties and never sign in. */
export const STAFF_ROLES = ['principal_broker', 'broker', 'assistant'] as const;
export const ROLES = [...STAFF_ROLES, 'customer'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}
