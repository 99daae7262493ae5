import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { toLocalPhone } from '@machines/phone';

export interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'type'> {
  /** The 10 local digits. */
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A Canadian phone number: the "+1" prefix is shown, the value holds only the 10 local digits.
 * Pasting a full number ("+1 416 555 0100") keeps the local part.
 */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="e.g. 555 555 0123"
      {...props}
      leftSection={
        <Text size="sm" c="dimmed" fw={500}>
          +1
        </Text>
      }
      leftSectionPointerEvents="none"
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(toLocalPhone(event.currentTarget.value))}
    />
  );
}

/** The phone number an account signs in with: the name a password manager keeps its password under. */
export function AccountPhoneInput(props: PhoneInputProps) {
  return <PhoneInput label="Phone number" autoComplete="username" data-autofocus autoFocus {...props} />;
}
