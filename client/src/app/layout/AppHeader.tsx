import {
  AppShell,
  Burger,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
} from '@mantine/core';
import { IconChartBar, IconLogin2, IconLogout, IconPhone } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatPhone } from '@machines/phone';
import { useCurrentUser } from '../../features/auth/session';
import { useLogout } from '../../features/auth/use-logout';
import { Logo } from '../../ui/Logo';
import { isStaff, ROUTES, roleHome } from '../routes';

// Only signed-in users see the badges and the user menu: visitors' pages do not load their menus and tooltips.
const HeaderBadges = lazy(() => import('./HeaderBadges').then((m) => ({ default: m.HeaderBadges })));
const UserMenu = lazy(() => import('../../features/auth/UserMenu').then((m) => ({ default: m.UserMenu })));
const UserMenuList = lazy(() =>
  import('../../features/auth/UserMenu').then((m) => ({ default: m.UserMenuList })),
);

export const HEADER_HEIGHT = 68;

/** Mantine's `sm` breakpoint: from there on the header shows everything and the burger goes. */
const WIDE = '(min-width: 48em)';

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

/** Staff's way to the Pipeline page, marked while it is open. */
function PipelineLink() {
  const { pathname } = useLocation();
  const here = pathname === ROUTES.RoutePipeline;
  return (
    <Button
      component={Link}
      to={ROUTES.RoutePipeline}
      variant={here ? 'light' : 'subtle'}
      leftSection={<IconChartBar size={18} stroke={1.7} />}
      aria-current={here ? 'page' : undefined}
    >
      Pipeline
    </Button>
  );
}

/**
 * The header: logo and a Login link, or for a signed-in user the message and notification badges,
 * the phone number, the gear with the user menu and Log out. On phones it folds into a burger menu.
 */
export function AppHeader({ menuOpened, onToggleMenu }: HeaderProps) {
  const user = useCurrentUser();
  const logout = useLogout();
  // Phones get the burger instead: the wide header's badges and menus are not made for them at all.
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  return (
    <AppShell.Header px={{ base: 'md', sm: 'xl' }} style={{ boxShadow: '0 1px 8px rgba(20, 40, 75, 0.06)' }}>
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Logo to={user ? roleHome(user.role) : ROUTES.RouteHome} />
        {!wide ? null : user ? (
          <Group gap="lg" wrap="nowrap">
            {isStaff(user.role) && <PipelineLink />}
            <Suspense fallback={null}>
              <HeaderBadges />
              <PhoneNumber value={user.phone_number} />
              <UserMenu />
            </Suspense>
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
          >
            Login
          </Button>
        )}
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label="Open menu" />
      </Group>
    </AppShell.Header>
  );
}

/**
 * The phone menu: what the header shows on wider screens, stacked. Made when first opened (and kept, so
 * it slides away whole), not with every page.
 */
export function AppMobileMenu({ opened, onNavigate }: { opened: boolean; onNavigate: () => void }) {
  const user = useCurrentUser();
  const [made, setMade] = useState(opened);
  if (opened && !made) setMade(true);
  return (
    <AppShell.Navbar p="md" hiddenFrom="sm">
      {!made ? null : user ? (
        <Suspense
          fallback={
            <Center role="status" aria-label="Loading the menu" py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <Stack gap="md">
            <Group justify="space-between">
              <PhoneNumber value={user.phone_number} />
              <HeaderBadges />
            </Group>
            <Divider />
            {isStaff(user.role) && (
              <NavLink
                component={Link}
                to={ROUTES.RoutePipeline}
                label="Pipeline"
                leftSection={<IconChartBar size={18} stroke={1.7} />}
                onClick={onNavigate}
              />
            )}
            <UserMenuList onNavigate={onNavigate} />
          </Stack>
        </Suspense>
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
