import { Grid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { CustomerSidePanel } from '../customer-portal/CustomerSidePanel';

/** A customer page: the side panel, a title with an optional caption, and the page. */
export function CustomerPageFrame({
  title,
  caption,
  aside,
  children,
}: {
  title: ReactNode;
  caption?: ReactNode;
  /** Under the side panel on wide screens (contact cards). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  // Wide screens keep the cards beside the page; narrow ones put them after it.
  const wide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Stack gap="md">
          <CustomerSidePanel />
          {aside && wide && <Stack gap="md">{aside}</Stack>}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 9 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 22, sm: 28 }} c="navy.9">
              {title}
            </Title>
            {caption && <Text c="dimmed">{caption}</Text>}
          </Stack>
          {children}
          {aside && !wide && <Stack gap="md">{aside}</Stack>}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A staff page of a client: a title with an optional caption, and the page. */
export function StaffPageTitle({
  title,
  caption,
  right,
}: {
  title: ReactNode;
  caption?: ReactNode;
  right?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Title order={2} fz={{ base: 20, sm: 24 }} c="navy.9">
        {title}
      </Title>
      {caption && <Text c="dimmed">{caption}</Text>}
      {right}
    </Stack>
  );
}
