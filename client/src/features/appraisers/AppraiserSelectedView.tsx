import { Alert, Badge, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconClockHour4, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppraiserStatus } from '@machines/appraiser-assignment.machine';
import { useAppraiserAssignmentActor } from '../assignments/assignment-actors';
import { useStoreClientView, type ClientScope } from '../assignments/client-scope';
import type { CustomerView } from '../customers/types';
import { confirm } from '../../ui/confirm';
import { toastError } from '../../ui/toast';
import { approveAppraiser, revokeAppraiser } from './api';
import { AppraiserCard } from './AppraiserCard';
import { useClientAppraiser } from './queries';
import { appraiserRoutes } from './routes';

export const APPRAISER_APPROVE_ERROR = 'Error while selecting appraiser.';
export const APPRAISER_REVOKE_ERROR = 'Error while revoking appraiser';

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
  const [snapshot, send] = useAppraiserAssignmentActor(client.appraiser_status);
  const navigate = useNavigate();
  const store = useStoreClientView(scope.staff);
  const [busy, setBusy] = useState<string | null>(null);
  const { role } = scope;

  const run = async (
    type: 'APPROVE' | 'REVOKE',
    question: string,
    call: () => Promise<CustomerView>,
    fallback: string,
    after?: () => void,
  ) => {
    if (!(await confirm({ title: question, danger: type === 'REVOKE' }))) return;
    setBusy(type);
    try {
      const view = await call();
      send({ type, role });
      store(view);
      after?.();
    } catch (error) {
      toastError(error, fallback);
    } finally {
      setBusy(null);
    }
  };

  const controls = [
    snapshot.can({ type: 'APPROVE', role }) && (
      <Button
        key="approve"
        leftSection={<IconCheck size={16} />}
        loading={busy === 'APPROVE'}
        disabled={!!busy}
        onClick={() =>
          void run(
            'APPROVE',
            'Are you sure to approve this appraiser?',
            () => approveAppraiser(client.id),
            APPRAISER_APPROVE_ERROR,
          )
        }
      >
        Approve
      </Button>
    ),
    snapshot.can({ type: 'REVOKE', role }) && (
      <Button
        key="revoke"
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        loading={busy === 'REVOKE'}
        disabled={!!busy}
        onClick={() =>
          void run(
            'REVOKE',
            'Are you sure to revoke this appraiser?',
            () => revokeAppraiser(client.id),
            APPRAISER_REVOKE_ERROR,
            () => navigate(appraiserRoutes(client.id).dashboard, { replace: true }),
          )
        }
      >
        Revoke
      </Button>
    ),
  ].filter(Boolean);
  return controls.length ? <>{controls}</> : null;
}

/** The client's appraiser (pending or assigned): contacts, coverage, status and the staff controls. */
export function AppraiserSelectedView({ client, scope }: { client: CustomerView; scope: ClientScope }) {
  const { appraiser, isPending } = useClientAppraiser(client.id, client.appraiser);
  const status = client.appraiser_status;
  const badge = STATUS_BADGES[status];
  const pending = status === 'pending_approve';

  if (isPending && !appraiser) return <Skeleton h={180} radius="lg" />;
  return (
    <Stack gap="md">
      {pending && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockHour4 />}
          title={scope.staff ? 'Waiting for your approval' : undefined}
        >
          {scope.staff
            ? 'The appraiser has the appraisal details. Approve to confirm the appraiser for this client.'
            : 'Your appraiser is waiting for approval from your mortgage agent'}
        </Alert>
      )}
      {appraiser ? (
        <AppraiserCard
          appraiser={appraiser}
          eyebrow={scope.staff ? 'Appraiser' : 'Your appraiser'}
          showQuoteDate={scope.staff}
          badges={
            badge && (
              <Badge size="sm" variant="light" color={badge.color} radius="sm" tt="none">
                {badge.label}
              </Badge>
            )
          }
          actions={scope.staff ? <AppraiserControls key={status} client={client} scope={scope} /> : undefined}
        />
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Text c="dimmed">The appraiser's details could not be loaded.</Text>
            {scope.staff && <AppraiserControls key={status} client={client} scope={scope} />}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
