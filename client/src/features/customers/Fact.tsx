import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { shortDay } from '../../ui/date-time';

/** One labelled fact about a client; an empty value shows a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" c="navy.9" style={{ overflowWrap: 'break-word' }}>
        {children || (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** A calendar date ('YYYY-MM-DD') in short en-US form: 'Jan 05, 2026'. */
export function formatDate(value: string | null): string {
  if (!value) return '';
  const [year, month, day] = value.split('-').map(Number);
  return shortDay(new Date(year, month - 1, day));
}
