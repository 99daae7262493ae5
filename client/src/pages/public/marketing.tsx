import { Button, Group, SimpleGrid, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconArrowRight, IconBrandGoogle, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../app/routes';
import { fullName, useCurrentUser } from '../../features/auth/session';

/** The button to /auth: 'Login' when signed out, 'Welcome, {first} {last}' when signed in. */
export function LoginCallToAction(props: ButtonProps) {
  const user = useCurrentUser();
  return (
    <Button
      component={Link}
      to={ROUTES.RouteAuth}
      size="lg"
      rightSection={<IconArrowRight size={20} />}
      {...props}
    >
      {user ? `Welcome, ${fullName(user)}` : 'Login'}
    </Button>
  );
}

/** 10k+ Happy clients, 5.0, 1,938 Rating, Google Reviews. */
export function MarketingFigures({ inverted = false }: { inverted?: boolean }) {
  const strong = inverted ? 'white' : 'navy.9';
  const soft = inverted ? 'gray.3' : 'dimmed';
  return (
    <SimpleGrid cols={3} spacing={{ base: 'md', sm: 'xl' }} maw={600}>
      <Stack gap={2}>
        <Text fz={{ base: 24, sm: 32 }} fw={800} c={strong} lh={1.1}>
          10k+
        </Text>
        <Text size="sm" c={soft}>
          Happy clients
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text fz={{ base: 24, sm: 32 }} fw={800} c={strong} lh={1.1}>
          5.0
        </Text>
        {/* Five stars to look at, not Mantine's Rating: that is an input, and every visitor would load it. */}
        <Group gap={0} wrap="nowrap" role="img" aria-label="5.0 rating">
          {[1, 2, 3, 4, 5].map((star) => (
            <IconStarFilled key={star} size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
          ))}
        </Group>
      </Stack>
      <Stack gap={2}>
        <Text fz={{ base: 24, sm: 32 }} fw={800} c={strong} lh={1.1}>
          1,938{' '}
          <Text span fz={{ base: 'sm', sm: 'md' }} fw={600}>
            Rating
          </Text>
        </Text>
        <Group gap={6} wrap="nowrap" align="center">
          <IconBrandGoogle size={16} color={inverted ? 'white' : undefined} />
          <Text size="sm" c={soft}>
            Google Reviews
          </Text>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}
