import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../features/auth/session';
import { Logo } from '../../ui/Logo';
import { brokerage } from '../page-settings';
import { ROUTES, roleHome } from '../routes';

const LINKS = [
  { label: 'Join our team', to: ROUTES.RoutePublicJoin },
  { label: 'Contact us', to: ROUTES.RoutePublicContacts },
  { label: 'Privacy policy', to: ROUTES.RoutePublicLegalPrivacyPolicy },
  { label: 'Legal information', to: ROUTES.PagePublicLegalInformation },
];

export function AppFooter() {
  const user = useCurrentUser();
  return (
    <Box component="footer" bg="navy.9" c="gray.3" py={36} mt="auto">
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={8} maw={320}>
            <Logo to={user ? roleHome(user.role) : ROUTES.RouteHome} inverted />
            <Text size="sm" c="gray.5">
              Mortgage applications made simple for Canadian homebuyers and their brokers.
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label="Footer">
            {LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.2" size="sm" fw={500}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Text size="xs" c="gray.5" mt="xl">
          © {new Date().getFullYear()} {brokerage().name} · Licence {brokerage().licenceNumber}. All rights
          reserved.
        </Text>
      </Container>
    </Box>
  );
}
