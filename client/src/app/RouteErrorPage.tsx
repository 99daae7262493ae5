import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useBootShellRemoved } from './boot-shell';

/** Shown when a page fails to render. */
export function RouteErrorPage() {
  const error = useRouteError();
  useBootShellRemoved();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} c="navy.9">
          Something went wrong
        </Title>
        {detail && <Text c="dimmed">{detail}</Text>}
        <Button onClick={() => window.location.assign('/')}>Back to the home page</Button>
      </Stack>
    </Center>
  );
}
