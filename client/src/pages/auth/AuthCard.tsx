import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The centred card of the sign-in screens. */
export function AuthCard({
  icon: IconComponent,
  title,
  description,
  children,
}: {
  icon: Icon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={460} py={{ base: 32, sm: 64 }} px="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }}>
        <Stack gap="lg">
          <Stack gap={8} align="center" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconComponent size={28} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 22, sm: 26 }} c="navy.9">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
