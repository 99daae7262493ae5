import { Badge, Button, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconClipboardText,
  IconFileUpload,
  IconHeadset,
  IconHomeSearch,
  IconLayoutDashboard,
  IconLock,
  IconScale,
  IconSignature,
} from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { RoadmapStep } from '@machines/customer.enums';
import { roadmapDisplay } from '@machines/roadmap.machine';
import type { CurrentUserView } from '@machines/user.view';
import { pageSettings } from '../../app/page-settings';
import { href, ROUTES } from '../../app/routes';
import { ScrollRow } from '../../ui/scroll-edges';
import { useCurrentUser } from '../auth/session';
import type { CustomerView } from '../customers/types';
import { useOwnProfile } from '../documents/queries';

/** Where the mortgage application is filled in (an external site), as the server configures it. */
export function mortgageApplicationBase(): string {
  return (
    pageSettings().mortgageApplicationUrl ||
    import.meta.env.VITE_MORTGAGE_APPLICATION_URL ||
    'https://apply.homeward.example/mortgage-application'
  );
}

/** The mortgage application link with who is applying, their broker and where they come from. */
export function mortgageApplicationUrl(
  user: Pick<CurrentUserView, 'user_id' | 'first_name' | 'last_name' | 'phone_number' | 'email'>,
  profile: Pick<CustomerView, 'broker'> | undefined,
  from: string = typeof window === 'undefined' ? '' : window.location.host,
): string {
  const url = new URL(mortgageApplicationBase(), window.location.origin);
  const params: Record<string, string> = {
    user_id: String(user.user_id ?? ''),
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    phone_number: user.phone_number ?? '',
    email: user.email ?? '',
    broker_id: profile?.broker?.id ?? '',
    code: profile?.broker?.codes?.[0] ?? '',
    from,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * The phone's row of pills: scrolled sideways, with a fade and an arrow on the side where more pills
 * wait, and the current page's pill brought into view.
 */
function PillsScroller({ current, children }: { current?: string; children: ReactNode }) {
  const viewport = useRef<HTMLElement>(null);
  // The current page's pill is brought to the middle of the row.
  useEffect(() => {
    const element = viewport.current;
    const pill = element?.querySelector<HTMLElement>('[data-current="true"]');
    if (!element || !pill) return;
    const row = element.getBoundingClientRect();
    const box = pill.getBoundingClientRect();
    element.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
  }, [current]);
  return (
    <ScrollRow label="Your mortgage file" viewport={viewport} data-testid="side-panel-pills">
      {children}
    </ScrollRow>
  );
}

interface PanelItem {
  label: string;
  icon: ReactNode;
  to?: string;
  external?: string;
  locked?: boolean;
  /** Shown only when its roadmap step exists. */
  step?: RoadmapStep;
  active?: boolean;
  stub?: boolean;
}

/**
 * The customer's side panel: Dashboard, Mortgage Application, Upload documents, Lawyer, Appraiser, Sign
 * and Support. A step's button shows only when the step exists and is locked while the step is not
 * active; the upload is also locked without a form, the appraiser while the step's status is danger.
 */
export function CustomerSidePanel() {
  const user = useCurrentUser();
  const profile = useOwnProfile(user?.role === 'customer');
  const { pathname } = useLocation();
  // Read at once, so the first frame already has the phone's layout.
  const phone = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  const steps = profile.data?.steps ?? [];
  const display = roadmapDisplay({
    steps,
    lawyer: { present: !!profile.data?.lawyer, status: profile.data?.lawyer_status ?? 'empty' },
    appraiser: { present: !!profile.data?.appraiser, status: profile.data?.appraiser_status ?? 'empty' },
  });
  const stepOf = (name: RoadmapStep) => steps.find((step) => step.step === name);
  const lockedStep = (name: RoadmapStep) => !stepOf(name)?.is_active;
  const userSecret = profile.data?.form_codes?.[0];

  const items: PanelItem[] = [
    { label: 'Dashboard', icon: <IconLayoutDashboard size={18} />, to: ROUTES.RouteCustomerRoadmap },
    {
      label: 'Mortgage Application',
      icon: <IconClipboardText size={18} />,
      step: 'application',
      external: user ? mortgageApplicationUrl(user, profile.data) : undefined,
      locked: lockedStep('application'),
    },
    {
      label: 'Upload documents',
      icon: <IconFileUpload size={18} />,
      step: 'uploads',
      to: userSecret ? `${href('RouteUserFormUpload', { formSecret: userSecret })}/` : undefined,
      locked: lockedStep('uploads') || !userSecret,
      active: pathname.startsWith('/form/'),
    },
    {
      label: 'Lawyer',
      icon: <IconScale size={18} />,
      step: 'lawyers',
      to: ROUTES.RouteCustomerLawyer,
      active: pathname.startsWith(ROUTES.RouteCustomerLawyer),
      locked: lockedStep('lawyers'),
    },
    {
      label: 'Appraiser',
      icon: <IconHomeSearch size={18} />,
      step: 'appraisers',
      to: ROUTES.RouteCustomerAppraisersSelected,
      active: pathname.startsWith('/appraiser'),
      locked: lockedStep('appraisers') || display.find((d) => d.step === 'appraisers')?.status === 'danger',
    },
    {
      label: 'Sign',
      icon: <IconSignature size={18} />,
      step: 'sign_documents',
      locked: lockedStep('sign_documents'),
    },
    { label: 'Support', icon: <IconHeadset size={18} />, stub: true },
  ];
  const shown = items.filter((item) => !item.step || !!stepOf(item.step));
  const isActive = (item: PanelItem) =>
    item.active ?? (!!item.to && pathname.replace(/\/$/, '') === item.to.replace(/\/$/, ''));
  if (phone) {
    return (
      <PillsScroller current={shown.find(isActive)?.label}>
        {/* As wide as its pills, so the row is measured again as pills appear with the file. */}
        <Group gap="xs" wrap="nowrap" pb={2} w="max-content">
          {shown.map((item) => {
            const common = {
              size: 'xs',
              radius: 'xl',
              variant: isActive(item) ? 'filled' : 'default',
              leftSection: item.locked ? <IconLock size={14} /> : item.icon,
              disabled: item.locked,
              style: { flexShrink: 0 },
              'data-current': isActive(item),
            } as const;
            if (!item.locked && item.external)
              return (
                <Button
                  key={item.label}
                  {...common}
                  component="a"
                  href={item.external}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {item.label}
                </Button>
              );
            if (!item.locked && item.to)
              return (
                <Button key={item.label} {...common} component={Link} to={item.to}>
                  {item.label}
                </Button>
              );
            return (
              <Button key={item.label} {...common}>
                {item.label}
              </Button>
            );
          })}
        </Group>
      </PillsScroller>
    );
  }

  return (
    <Paper withBorder radius="lg" p="xs" component="nav" aria-label="Your mortgage file">
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5} px="sm" pt="xs" pb={4}>
          Your mortgage file
        </Text>
        {shown.map((item) => {
          const common = {
            label: item.label,
            leftSection: item.icon,
            rightSection: item.locked ? (
              <Badge size="xs" variant="light" color="gray" leftSection={<IconLock size={10} />}>
                Locked
              </Badge>
            ) : undefined,
            active: isActive(item),
            disabled: item.locked,
            variant: 'light',
            style: { borderRadius: 'var(--mantine-radius-md)' },
          } as const;
          if (!item.locked && item.external)
            return (
              <NavLink
                key={item.label}
                {...common}
                component="a"
                href={item.external}
                target="_blank"
                rel="noopener noreferrer"
              />
            );
          if (!item.locked && item.to)
            return <NavLink key={item.label} {...common} component={Link} to={item.to} />;
          return <NavLink key={item.label} {...common} component="button" type="button" />;
        })}
      </Stack>
    </Paper>
  );
}
