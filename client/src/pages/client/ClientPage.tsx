import { Anchor, Breadcrumbs, Button, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useParams } from 'react-router-dom';
import { href, ROUTES } from '../../app/routes';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteClient: the frame of a client's pages. */
export function ClientPage() {
  const { clientID = '' } = useParams();
  const { pathname } = useLocation();
  const sections = [
    { label: 'Overview', to: href('RouteClient', { clientID }), exact: true },
    { label: 'New form', to: href('RouteClientFormCreate', { clientID }) },
    { label: 'Lawyer', to: `${href('RouteClient', { clientID })}/lawyer` },
    { label: 'Appraiser', to: href('RouteStaffAppraisersSelected', { clientID }) },
    { label: 'Logs', to: href('RouteEventLog', { clientID }) },
  ];
  const isActive = (to: string, exact?: boolean) =>
    exact ? pathname.replace(/\/$/, '') === to : pathname === to || pathname.startsWith(`${to}/`);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ROUTES.RouteDashboard} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            Return to dashboard
          </Group>
        </Anchor>
      </Breadcrumbs>
      <Title order={1} fz={{ base: 24, sm: 30 }} c="navy.9">
        Client {clientID}
      </Title>
      <ScrollArea type="never">
        <Group gap="xs" wrap="nowrap">
          {sections.map((section) => (
            <Button
              key={section.label}
              component={Link}
              to={section.to}
              size="xs"
              radius="xl"
              variant={isActive(section.to, section.exact) ? 'filled' : 'light'}
            >
              {section.label}
            </Button>
          ))}
        </Group>
      </ScrollArea>
      <Outlet />
    </Stack>
  );
}

/** The client's overview (the index of RouteClient). */
export function ClientOverviewPage() {
  const { clientID } = useParams();
  return (
    <PlaceholderPage title="Client" description="The client's details and progress." details={{ clientID }} />
  );
}
