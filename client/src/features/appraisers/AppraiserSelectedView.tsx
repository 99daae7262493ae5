import { Skeleton, Stack } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { AppraiserStatus } from '@machines/appraiser-assignment.machine';
import { useAppraiserAssignmentActor } from '../assignments/assignment-actors';
import {
  APPROVE_BUTTON,
  AssignmentButtons,
  AssignmentNote,
  AssignmentStatusBadge,
  REVOKE_BUTTON,
  UnloadedContact,
  useAssignmentControls,
} from '../assignments/AssignmentControls';
import type { ClientScope } from '../assignments/client-scope';
import type { CustomerView } from '../customers/types';
import { approveAppraiser, revokeAppraiser } from './api';
import { AppraiserCard } from './AppraiserCard';
import { useClientAppraiser } from './queries';
import { appraiserRoutes } from './routes';

const APPRAISER_APPROVE_ERROR = 'Error while selecting appraiser.';
const APPRAISER_REVOKE_ERROR = 'Error while revoking appraiser';

const STATUS_BADGES: Record<AppraiserStatus, { label: string; color: string } | null> = {
  empty: null,
  pending_approve: { label: 'Waiting for approval', color: 'yellow' },
  assigned: { label: 'Appraiser assigned', color: 'teal' },
};

/** Approve and Revoke, where the appraiser assignment machine allows them (staff only). */
function AppraiserControls({
  client,
  scope,
}: {
  client: CustomerView;
  scope: Pick<ClientScope, 'staff' | 'role'>;
}) {
  const { action, busy } = useAssignmentControls(
    useAppraiserAssignmentActor(client.appraiser_status),
    scope,
    client.id,
  );
  const navigate = useNavigate();

  return (
    <AssignmentButtons
      busy={busy}
      controls={[
        {
          ...APPROVE_BUTTON,
          ...action('APPROVE', {
            question: 'Are you sure to approve this appraiser?',
            call: (requestId) => approveAppraiser(client.id, requestId),
            fallback: APPRAISER_APPROVE_ERROR,
          }),
        },
        {
          ...REVOKE_BUTTON,
          ...action('REVOKE', {
            question: 'Are you sure to revoke this appraiser?',
            danger: true,
            call: (requestId) => revokeAppraiser(client.id, requestId),
            fallback: APPRAISER_REVOKE_ERROR,
            then: () => navigate(appraiserRoutes(client.id).dashboard, { replace: true }),
          }),
        },
      ]}
    />
  );
}

/** The client's appraiser (pending or assigned): contacts, coverage, status and the staff controls. */
export function AppraiserSelectedView({ client, scope }: { client: CustomerView; scope: ClientScope }) {
  const { appraiser, isPending } = useClientAppraiser(client.id, client.appraiser);
  const status = client.appraiser_status;
  const controls = scope.staff ? <AppraiserControls key={status} client={client} scope={scope} /> : undefined;

  if (isPending && !appraiser) return <Skeleton h={180} radius="lg" />;
  return (
    <Stack gap="md">
      {status === 'pending_approve' && (
        <AssignmentNote title={scope.staff ? 'Waiting for your approval' : undefined}>
          {scope.staff
            ? 'The appraiser has the appraisal details. Approve to confirm the appraiser for this client.'
            : 'Your appraiser is waiting for approval from your mortgage agent'}
        </AssignmentNote>
      )}
      {appraiser ? (
        <AppraiserCard
          appraiser={appraiser}
          eyebrow={scope.staff ? 'Appraiser' : 'Your appraiser'}
          showQuoteDate={scope.staff}
          badges={<AssignmentStatusBadge badge={STATUS_BADGES[status]} />}
          actions={controls}
        />
      ) : (
        <UnloadedContact message="The appraiser's details could not be loaded." actions={controls} />
      )}
    </Stack>
  );
}
