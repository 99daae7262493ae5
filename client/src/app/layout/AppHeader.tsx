import { Box, Burger, Button, Group, Text } from '@mantine/core';
import { IconChartBar, IconLogin2, IconLogout, IconPhone } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatPhone } from '@machines/phone';
import { useCurrentUser } from '../../features/auth/session';
import { useLogout } from '../../features/auth/use-logout';
import { Logo } from '../../ui/Logo';
import { isStaff, ROUTES, roleHome } from '../routes';

// Only signed-in users see the badges and the user menu: visitors' pages do not load their menus and tooltips.
// The phone menu shows the badges too.
export const HeaderBadges = lazy(() => import('./HeaderBadges').then((m) => ({ default: m.HeaderBadges })));
const UserMenu = lazy(() => import('../../features/auth/UserMenu').then((m) => ({ default: m.UserMenu })));

/** Mantine's `sm` breakpoint: from there on the header shows everything and the burger goes. */
const WIDE = '(min-width: 48em)';

/** The phone menu's element, which the burger opens and closes. */
export const PHONE_MENU_ID = 'phone-menu';

interface HeaderProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

export function PhoneNumber({ value }: { value: string }) {
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
    <Box component="header" className="hw-header" px={{ base: 'md', sm: 'xl' }}>
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
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label="Open menu"
          aria-expanded={menuOpened}
          aria-controls={PHONE_MENU_ID}
        />
      </Group>
    </Box>
  );
}
