import { Anchor, Breadcrumbs, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { AppraisersDashboard } from '../../features/appraisers/AppraisersDashboard';
import { AppraiserSelectedView } from '../../features/appraisers/AppraiserSelectedView';
import { AssignAppraiserForm } from '../../features/appraisers/AssignAppraiserForm';
import { QuoteRequestForm } from '../../features/appraisers/QuoteRequestForm';
import { appraiserRoutes } from '../../features/appraisers/routes';
import { useClientScope, type ClientScope } from '../../features/assignments/client-scope';
import { StaffPageTitle } from '../../features/assignments/CustomerPageFrame';
import type { CustomerView } from '../../features/customers/types';

/** Waits for the client of the route, then renders the page with it. */
function WithClient({
  scope,
  children,
}: {
  scope: ClientScope;
  children: (client: CustomerView) => ReactNode;
}) {
  if (!scope.client) return scope.loading ? <Skeleton h={240} radius="lg" /> : null;
  return <>{children(scope.client)}</>;
}

function BackToAppraisers({ clientID }: { clientID: string }) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={appraiserRoutes(clientID).dashboard} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          Back to appraisers
        </Group>
      </Anchor>
    </Breadcrumbs>
  );
}

/** RouteStaffAppraisersSelected: the client's appraiser, or the dashboard when there is none. */
export function StaffAppraisersSelectedPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      <StaffPageTitle title="Assigned appraiser contact details" />
      <WithClient scope={scope}>
        {(client) =>
          client.appraiser ? (
            <AppraiserSelectedView client={client} scope={scope} />
          ) : (
            <Navigate to={appraiserRoutes(client.id).dashboard} replace />
          )
        }
      </WithClient>
    </Stack>
  );
}

/** RouteStaffAppraisersDashboard: the client's selected page once the client has an appraiser. */
export function StaffAppraisersDashboardPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      <StaffPageTitle
        title="Please, add an appraiser"
        caption="Find appraisers by bank and location, request quotes from several, then assign the one you choose."
      />
      <WithClient scope={scope}>
        {(client) =>
          client.appraiser ? (
            <Navigate to={appraiserRoutes(client.id).selected} replace />
          ) : (
            <AppraisersDashboard client={client} />
          )
        }
      </WithClient>
    </Stack>
  );
}

/** RouteStaffAppraisersQuoteRequest. */
export function StaffAppraisersQuoteRequestPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      {scope.customerId && <BackToAppraisers clientID={scope.customerId} />}
      <StaffPageTitle title="Please, double check all details below and click send" />
      <WithClient scope={scope}>{(client) => <QuoteRequestForm client={client} />}</WithClient>
    </Stack>
  );
}

/** RouteStaffAppraisersAddDetails. */
export function StaffAppraisersAddDetailsPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      {scope.customerId && <BackToAppraisers clientID={scope.customerId} />}
      <StaffPageTitle title="Please, double check all details below and click send" />
      <WithClient scope={scope}>
        {(client) =>
          client.appraiser ? (
            <Navigate to={appraiserRoutes(client.id).selected} replace />
          ) : (
            <AssignAppraiserForm client={client} />
          )
        }
      </WithClient>
    </Stack>
  );
}
