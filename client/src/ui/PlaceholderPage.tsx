import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface PlaceholderPageProps {
  /** The page's name. */
  title: ReactNode;
  description?: ReactNode;
  /** Route parameters or other facts worth showing. */
  details?: Record<string, string | undefined>;
  children?: ReactNode;
}

/** A tidy stand-in for a screen that is not built yet. */
export function PlaceholderPage({ title, description, details, children }: PlaceholderPageProps) {
  const facts = Object.entries(details ?? {}).filter(([, value]) => value !== undefined);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconTools size={24} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} c="navy.9" fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {description ?? 'This screen is being prepared.'}
            </Text>
          </Stack>
        </Group>
        {facts.length > 0 && (
          <Group gap="xs">
            {facts.map(([key, value]) => (
              <Badge key={key} variant="light" color="navy" radius="sm" tt="none">
                {key}: {value}
              </Badge>
            ))}
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
