import { Container, Title } from '@mantine/core';

/** RoutePublicJoin: a placeholder. */
export function JoinPage() {
  return (
    <Container size="lg" py={64}>
      <Title order={1} c="navy.9">
        Join page
      </Title>
    </Container>
  );
}
