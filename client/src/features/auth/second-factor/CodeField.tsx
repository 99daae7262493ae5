import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The field a code from the authenticator app is typed in: digits on a phone's keyboard, and the code
 * offered by the phone's own one-time-code autofill. A recovery code has letters, so `recovery` asks for
 * the full keyboard.
 */
export function CodeField({ recovery = false, ...props }: TextInputProps & { recovery?: boolean }) {
  return (
    <TextInput
      label={recovery ? 'Recovery code' : 'Authentication code'}
      placeholder={recovery ? 'XXXX-XXXX' : '123 456'}
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize={recovery ? 'characters' : 'off'}
      spellCheck={false}
      maxLength={recovery ? 12 : 9}
      size="md"
      styles={{ input: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}

/** The key grouped by 4 for reading and typing: 'JBSW Y3DP EHPK 3PXP'. */
export function groupedKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
