import { ActionIcon, Menu, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBarcode,
  IconBuildingBank,
  IconFileDownload,
  IconHeadset,
  IconKey,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { isStaff, ROUTES } from '../../app/routes';
import { openPopup } from '../../ui/popups';
import { fullName, useCurrentUser } from './session';
import { useLogout } from './use-logout';

export const APPRAISAL_FORM_URL = '/files/home_mortgage_advice_appraisal_order_form.pdf';

interface UserMenuItem {
  key: string;
  label: string;
  icon: Icon;
  href?: string;
  download?: boolean;
  onClick?: () => void;
  color?: string;
}

function useUserMenuItems(): UserMenuItem[] {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) return [];
  const items: UserMenuItem[] = [];
  if (user.role === 'principal_broker')
    items.push(
      { key: 'team', label: 'Team', icon: IconUsersGroup, onClick: () => void navigate(ROUTES.RouteTeam) },
      {
        key: 'settings',
        label: 'Brokerage settings',
        icon: IconBuildingBank,
        onClick: () => void navigate(ROUTES.RouteSettings),
      },
    );
  if (user.role === 'broker' || user.role === 'principal_broker')
    items.push({
      key: 'broker-codes',
      label: 'Broker codes',
      icon: IconBarcode,
      onClick: () => openPopup('PopupBrokerCodes'),
    });
  if (isStaff(user.role)) {
    items.push({
      key: 'appraisal',
      label: 'Appraisal Form',
      icon: IconFileDownload,
      href: APPRAISAL_FORM_URL,
      download: true,
    });
  }
  items.push({
    key: 'password',
    label: 'Change password',
    icon: IconKey,
    onClick: () => openPopup('PopupUserPasswordChange'),
  });
  if (isStaff(user.role)) {
    items.push({
      key: 'second-factor',
      label: 'Two-factor sign-in',
      icon: IconShieldLock,
      onClick: () => openPopup('PopupSecondFactor'),
    });
  }
  items.push(
    { key: 'support', label: 'Support', icon: IconHeadset },
    { key: 'logout', label: 'Log out', icon: IconLogout, onClick: logout, color: 'red' },
  );
  return items;
}

/** The gear icon with the user's menu (desktop header). */
export function UserMenu() {
  const user = useCurrentUser();
  const items = useUserMenuItems();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={230} shadow="md" withArrow>
      <Menu.Target>
        <ActionIcon variant="subtle" color="navy" size="lg" aria-label="User menu">
          <IconSettings size={22} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600} c="navy.8" size="sm">
            {fullName(user)}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {items.map((item) => {
          const icon = <item.icon size={16} stroke={1.7} />;
          if (item.key === 'logout') {
            return [
              <Menu.Divider key="divider" />,
              <Menu.Item key={item.key} leftSection={icon} color={item.color} onClick={item.onClick}>
                {item.label}
              </Menu.Item>,
            ];
          }
          return item.href ? (
            <Menu.Item
              key={item.key}
              component="a"
              href={item.href}
              download={item.download ? '' : undefined}
              leftSection={icon}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.key} leftSection={icon} color={item.color} onClick={item.onClick}>
              {item.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same entries as a list, for the phone menu. */
export function UserMenuList({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const items = useUserMenuItems();
  if (!user) return null;
  return (
    <Stack gap={2}>
      <Text fw={600} c="navy.8" px="sm" pb={4}>
        {fullName(user)}
      </Text>
      {items.map((item) => (
        <NavLink
          key={item.key}
          label={item.label}
          color={item.color}
          c={item.color}
          leftSection={<item.icon size={18} stroke={1.7} />}
          {...(item.href
            ? { component: 'a' as const, href: item.href, download: item.download ? '' : undefined }
            : { component: 'button' as const })}
          onClick={() => {
            item.onClick?.();
            onNavigate?.();
          }}
        />
      ))}
    </Stack>
  );
}
