import { Button, Center, Stack, Title } from '@mantine/core';
import type { FallbackProps } from 'react-error-boundary';
import { useBootShellRemoved } from './boot-shell';

/** Shown when a page fails to render. */
export function RouteErrorPage({ error }: FallbackProps) {
  useBootShellRemoved();
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} c="navy.9">
          Something went wrong
        </Title>
        <Button onClick={() => window.location.assign('/')}>Back to the home page</Button>
      </Stack>
    </Center>
  );
}
