/**
 * Password strength as shown under the new-password fields.
 * Character classes: lowercase, uppercase, number, symbol.
 */

export type PasswordStrengthLevel = 0 | 1 | 2 | 3;

export interface PasswordStrength {
  level: PasswordStrengthLevel;
  label: 'Too weak' | 'Weak' | 'Medium' | 'Strong';
  color: 'red' | 'yellow' | 'blue' | 'green';
  /** Character classes present (0 to 4). */
  classes: number;
  length: number;
}

interface LevelRule {
  level: PasswordStrengthLevel;
  label: PasswordStrength['label'];
  color: PasswordStrength['color'];
  minClasses: number;
  minLength: number;
}

/** From the strongest down; the first rule a password satisfies gives its level. */
export const PASSWORD_STRENGTH_LEVELS: readonly LevelRule[] = [
  { level: 3, label: 'Strong', color: 'green', minClasses: 4, minLength: 10 },
  { level: 2, label: 'Medium', color: 'blue', minClasses: 4, minLength: 8 },
  { level: 1, label: 'Weak', color: 'yellow', minClasses: 2, minLength: 6 },
  { level: 0, label: 'Too weak', color: 'red', minClasses: 0, minLength: 0 },
];

const CLASS_PATTERNS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

export function passwordCharacterClasses(password: string): number {
  return CLASS_PATTERNS.filter((pattern) => pattern.test(password)).length;
}

export function passwordStrength(password: string | null | undefined): PasswordStrength {
  const value = password ?? '';
  const classes = passwordCharacterClasses(value);
  const length = value.length;
  const rule =
    PASSWORD_STRENGTH_LEVELS.find((r) => classes >= r.minClasses && length >= r.minLength) ??
    PASSWORD_STRENGTH_LEVELS[PASSWORD_STRENGTH_LEVELS.length - 1];
  return { level: rule.level, label: rule.label, color: rule.color, classes, length };
}
