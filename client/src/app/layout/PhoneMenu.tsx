import { Button, Divider, Group, NavLink, Stack } from '@mantine/core';
import { IconChartBar, IconLogin2 } from '@tabler/icons-react';
import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../features/auth/session';
import { isStaff, ROUTES } from '../routes';
import { HeaderBadges, PhoneNumber } from './AppHeader';

const UserMenuList = lazy(() =>
  import('../../features/auth/UserMenu').then((m) => ({ default: m.UserMenuList })),
);

/** The phone menu's content: what the header shows on wider screens, stacked. */
export function PhoneMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  if (!user)
    return (
      <Button
        component={Link}
        to={ROUTES.RouteAuthLogin}
        leftSection={<IconLogin2 size={18} />}
        onClick={onNavigate}
      >
        Login
      </Button>
    );
  return (
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
  );
}
