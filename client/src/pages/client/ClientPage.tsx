import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { displayId, personName } from '@machines/customer.rules';
import { isId } from '@machines/validation';
import { ApiError, errorText } from '../../api/errors';
import { useCustomer } from '../../features/customers/queries';
import { StatusBadge } from '../../features/customers/StatusSelect';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useParams } from 'react-router-dom';
import { href, ROUTES } from '../../app/routes';
import { useEffect, useRef, useState } from 'react';
import { CustomerDetails } from '../../features/customers/CustomerDetails';
import { useCustomerActions } from '../../features/customers/use-customer-actions';
import { ScrollRow } from '../../ui/scroll-edges';
import { INLINE_TARGET } from '../../ui/target-size';

function ClientNotFound() {
  return (
    <Alert color="gray" variant="light" title="Client not found">
      This client does not exist or has been deleted.
    </Alert>
  );
}

/** The client's name, display ID and status. */
function ClientHeading({ clientID }: { clientID: string }) {
  const customer = useCustomer(clientID);
  if (customer.isError) {
    return (
      <Alert color="red" variant="light">
        {errorText(customer.error)}
      </Alert>
    );
  }
  if (!customer.data) return <Skeleton h={36} w={280} radius="md" />;
  return (
    <Group gap="sm" align="center">
      <Title order={1} fz={{ base: 24, sm: 30 }} c="navy.9">
        {personName(customer.data)}
      </Title>
      <Badge variant="outline" color="navy" radius="sm" tt="none">
        {displayId(customer.data)}
      </Badge>
      <StatusBadge status={customer.data.status} />
    </Group>
  );
}

/** 'Documents review' and 'Edit form' after 'Return to dashboard' on the documents pages. */
function formCrumbs(pathname: string, clientID: string, formSecret: string | undefined) {
  const base = `${href('RouteClient', { clientID })}/form/`;
  if (!pathname.startsWith(base)) return [];
  const editing = pathname.replace(/\/$/, '').endsWith('/edit') || pathname.startsWith(`${base}create`);
  const review =
    formSecret && formSecret !== 'create' ? href('RouteClientDocuments', { clientID, formSecret }) : null;
  const crumbs = [
    review && editing ? (
      <Anchor key="review" component={Link} to={review} size="sm" style={INLINE_TARGET}>
        Documents review
      </Anchor>
    ) : (
      <Text key="review" size="sm" c={editing ? 'dimmed' : 'navy.9'} fw={editing ? 400 : 600}>
        Documents review
      </Text>
    ),
  ];
  if (editing)
    crumbs.push(
      <Text key="edit" size="sm" c="navy.9" fw={600}>
        Edit form
      </Text>,
    );
  return crumbs;
}

/** RouteClient: the frame of a client's pages. */
export function ClientPage() {
  const { clientID = '', formSecret } = useParams();
  const { pathname } = useLocation();
  // Any other text in the address names no client, and is not sent to the server.
  const validID = isId(clientID);
  const customer = useCustomer(validID ? clientID : undefined);
  const missing =
    !validID || (customer.error instanceof ApiError && [400, 404].includes(customer.error.status));
  const activeForm = customer.data?.form_codes?.[0];
  const documents = activeForm
    ? href('RouteClientDocuments', { clientID, formSecret: activeForm })
    : href('RouteClientFormCreate', { clientID });
  const sections = [
    { label: 'Overview', to: href('RouteClient', { clientID }), exact: true },
    {
      label: activeForm ? 'Documents' : 'New form',
      to: documents,
      active: pathname.startsWith(`${href('RouteClient', { clientID })}/form/`),
    },
    { label: 'Lawyer', to: `${href('RouteClient', { clientID })}/lawyer` },
    { label: 'Appraiser', to: href('RouteStaffAppraisersSelected', { clientID }) },
    { label: 'Logs', to: href('RouteEventLog', { clientID }) },
  ];
  const isActive = (to: string, exact?: boolean) =>
    exact ? pathname.replace(/\/$/, '') === to : pathname === to || pathname.startsWith(`${to}/`);

  // On a phone the row of sections scrolls sideways: the open one is brought to its middle, clear of the fades.
  const activeSection = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    activeSection.current?.scrollIntoView({ inline: 'center', block: 'nearest' });
  }, [pathname, activeForm, missing]);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ROUTES.RouteDashboard} size="sm" style={INLINE_TARGET}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            Return to dashboard
          </Group>
        </Anchor>
        {!missing && formCrumbs(pathname, clientID, formSecret)}
      </Breadcrumbs>
      {missing ? (
        <ClientNotFound />
      ) : (
        <>
          <ClientHeading clientID={clientID} />
          <ScrollRow label="Client sections">
            <Group gap="xs" wrap="nowrap" w="max-content">
              {sections.map((section) => {
                const active = section.active ?? isActive(section.to, section.exact);
                return (
                  <Button
                    key={section.label}
                    ref={active ? activeSection : undefined}
                    component={Link}
                    to={section.to}
                    size="xs"
                    radius="xl"
                    variant={active ? 'filled' : 'light'}
                    style={{ flexShrink: 0 }}
                  >
                    {section.label}
                  </Button>
                );
              })}
            </Group>
          </ScrollRow>
          <Outlet />
        </>
      )}
    </Stack>
  );
}

/** The client's overview (the index of RouteClient). */
export function ClientOverviewPage() {
  const { clientID } = useParams();
  const customer = useCustomer(clientID);
  const actions = useCustomerActions();
  const [editing, setEditing] = useState(false);
  if (!customer.data) return customer.isPending ? <Skeleton h={320} radius="lg" /> : null;
  return (
    <CustomerDetails
      customer={customer.data}
      actions={actions}
      editing={editing}
      onToggleEdit={() => setEditing((value) => !value)}
    />
  );
}
