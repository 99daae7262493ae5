import { AppShell, Burger, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconLogin2, IconLogout, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatPhone } from '@machines/phone';
import { useCurrentUser } from '../../features/auth/session';
import { useLogout } from '../../features/auth/use-logout';
import { UserMenu, UserMenuList } from '../../features/auth/UserMenu';
import { Logo } from '../../ui/Logo';
import { ROUTES, roleHome } from '../routes';
import { HeaderBadges } from './HeaderBadges';

export const HEADER_HEIGHT = 68;

interface HeaderProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

function PhoneNumber({ value }: { value: string }) {
  const formatted = formatPhone(value);
  if (!formatted) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <IconPhone size={17} stroke={1.6} color="var(--mantine-color-petrol-7)" />
      <Text size="sm" fw={500} c="navy.8" style={{ whiteSpace: 'nowrap' }}>
        {formatted}
      </Text>
    </Group>
  );
}

/**
 * The header: logo and a Login link, or for a signed-in user the message and notification badges,
 * the phone number, the gear with the user menu and Log out. On phones it folds into a burger menu.
 */
export function AppHeader({ menuOpened, onToggleMenu }: HeaderProps) {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <AppShell.Header px={{ base: 'md', sm: 'xl' }} style={{ boxShadow: '0 1px 8px rgba(20, 40, 75, 0.06)' }}>
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Logo to={user ? roleHome(user.role) : ROUTES.RouteHome} />
        {user ? (
          <Group gap="lg" visibleFrom="sm" wrap="nowrap">
            <HeaderBadges />
            <PhoneNumber value={user.phone_number} />
            <UserMenu />
            <Button variant="light" leftSection={<IconLogout size={18} />} onClick={logout}>
              Log out
            </Button>
          </Group>
        ) : (
          <Button
            component={Link}
            to={ROUTES.RouteAuthLogin}
            variant="filled"
            leftSection={<IconLogin2 size={18} />}
            visibleFrom="sm"
          >
            Login
          </Button>
        )}
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label="Open menu" />
      </Group>
    </AppShell.Header>
  );
}

/** The phone menu: what the header shows on wider screens, stacked. */
export function AppMobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  return (
    <AppShell.Navbar p="md" hiddenFrom="sm">
      {user ? (
        <Stack gap="md">
          <Group justify="space-between">
            <PhoneNumber value={user.phone_number} />
            <HeaderBadges />
          </Group>
          <Divider />
          <UserMenuList onNavigate={onNavigate} />
        </Stack>
      ) : (
        <Button
          component={Link}
          to={ROUTES.RouteAuthLogin}
          leftSection={<IconLogin2 size={18} />}
          onClick={onNavigate}
        >
          Login
        </Button>
      )}
    </AppShell.Navbar>
  );
}
