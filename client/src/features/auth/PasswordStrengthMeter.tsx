import { Group, Progress, Stack, Text } from '@mantine/core';
import { passwordStrength } from '@machines/password-strength';

/** Four segments filled up to the level (Too weak, Weak, Medium, Strong) in red, yellow, blue, green. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const filled = password ? strength.level + 1 : 0;
  return (
    <Stack gap={6} aria-live="polite">
      <Group gap={6} grow>
        {[0, 1, 2, 3].map((segment) => (
          <Progress
            key={segment}
            size={6}
            radius="xl"
            value={segment < filled ? 100 : 0}
            color={strength.color}
            aria-hidden
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        Password strength:{' '}
        <Text span fw={600} c={password ? `${strength.color}.8` : 'dimmed'}>
          {password ? strength.label : '—'}
        </Text>
      </Text>
    </Stack>
  );
}
