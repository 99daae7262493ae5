import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../app/routes';

/** Any unmatched path. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={{ base: 64, sm: 120 }}>
      <Stack align="center" ta="center" gap="sm">
        <Text fz={{ base: 72, sm: 110 }} fw={900} c="petrol.5" lh={1}>
          404
        </Text>
        <Title order={1} c="navy.9">
          Page not found
        </Title>
        <Text c="dimmed" fw={600} size="sm" lts={0.5}>
          Error 404
        </Text>
        <Anchor component={Link} to={ROUTES.RouteHome} fw={500}>
          Try to start again from homepage
        </Anchor>
      </Stack>
    </Container>
  );
}
