import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconClockHour4,
  IconEdit,
  IconMail,
  IconArrowBackUp,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { personName } from '@machines/customer.rules';
import type { LawyerStatus } from '@machines/lawyer-assignment.machine';
import { ROUTES } from '../../app/routes';
import { useLawyerAssignmentActor } from '../assignments/assignment-actors';
import type { ClientScope } from '../assignments/client-scope';
import { useStoreClientView } from '../assignments/client-scope';
import { ContactCard } from '../assignments/ContactCard';
import type { CustomerView } from '../customers/types';
import { useCustomerActions } from '../customers/use-customer-actions';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../ui/confirm';
import { toast, toastError } from '../../ui/toast';
import { lawyerKeys } from '../assignments/live';
import { approveLawyer, editLawyer, rejectLawyerRevoke, revokeLawyer } from './api';
import { changedLawyerPayload, lawyerToForm, type LawyerFormValues } from './lawyer-form';
import { LawyerBadges } from './LawyerSearchList';
import { LawyerForm } from './OwnLawyerForm';
import { useClientLawyer } from './queries';
import { lawyerRoutes } from './routes';
import type { Lawyer } from './types';

export const LAWYER_REVOKE_ERROR = 'Error while revoking lawyer';
export const LAWYER_APPROVE_ERROR = 'Error while approving request';

const STATUS_BADGES: Record<LawyerStatus, { label: string; color: string } | null> = {
  empty: null,
  pending_approve: { label: 'Waiting for approval', color: 'yellow' },
  pending_revoke: { label: 'Waiting for revoke approval', color: 'yellow' },
  assigned: { label: 'Lawyer assigned', color: 'teal' },
};

function StatusNote({ status, staff }: { status: LawyerStatus; staff: boolean }) {
  if (status === 'pending_approve')
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockHour4 />}
        title={staff ? 'Waiting for your approval' : undefined}
      >
        {staff
          ? 'The client chose this lawyer. Approve the choice, or revoke it to let the client choose again.'
          : 'Waiting for approval from your mortgage agent'}
      </Alert>
    );
  if (status === 'pending_revoke')
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockHour4 />}
        title={staff ? 'The client asks to revoke this lawyer' : 'Waiting for revoke approval'}
      >
        {staff
          ? 'Approve the request to clear the lawyer, or reject it to keep this lawyer on the file.'
          : 'Your mortgage agent will confirm the change. The lawyer stays on your file until then.'}
      </Alert>
    );
  return null;
}

/**
 * The controls the lawyer assignment machine allows this role at this status: Approve, Reject revoke,
 * Edit and Revoke for staff; Revoke for the customer. Keyed by the status, so each status has its actor.
 */
function LawyerControls({
  client,
  lawyer,
  scope,
  onEdit,
}: {
  client: CustomerView;
  lawyer: Lawyer | null;
  scope: Pick<ClientScope, 'staff' | 'role'>;
  onEdit: () => void;
}) {
  const status = client.lawyer_status;
  const [snapshot, send] = useLawyerAssignmentActor(status);
  const navigate = useNavigate();
  const store = useStoreClientView(scope.staff);
  const actions = useCustomerActions();
  const routes = lawyerRoutes(scope.staff, client.id);
  const [busy, setBusy] = useState<string | null>(null);
  const { role } = scope;
  const can = (type: 'APPROVE' | 'REJECT_REVOKE' | 'REVOKE' | 'EDIT') => snapshot.can({ type, role });

  const run = async (
    name: 'APPROVE' | 'REJECT_REVOKE' | 'REVOKE',
    question: string,
    call: () => Promise<CustomerView>,
    fallback: string,
    then: (view: CustomerView) => void,
    danger = false,
  ) => {
    if (!(await confirm({ title: question, danger }))) return;
    setBusy(name);
    try {
      const view = await call();
      send({ type: name, role });
      store(view);
      then(view);
    } catch (error) {
      toastError(error, fallback);
    } finally {
      setBusy(null);
    }
  };

  const approve = () =>
    run(
      'APPROVE',
      status === 'pending_revoke'
        ? 'Are you sure to approve this request?'
        : 'Are you sure to approve this lawyer?',
      () => approveLawyer(client.id),
      LAWYER_APPROVE_ERROR,
      // After a pick the broker goes back to the clients; after a revoke, on to choose another lawyer.
      () => navigate(status === 'pending_revoke' ? routes.add : ROUTES.RouteDashboard),
    );
  const rejectRevoke = () =>
    run(
      'REJECT_REVOKE',
      'Are you sure to reject revoking this lawyer?',
      () => rejectLawyerRevoke(client.id),
      LAWYER_APPROVE_ERROR,
      () => navigate(ROUTES.RouteDashboard),
    );
  const revoke = () =>
    run(
      'REVOKE',
      'Are you sure to revoke this lawyer?',
      () => revokeLawyer(client.id),
      LAWYER_REVOKE_ERROR,
      (view) => {
        if (!view.lawyer) navigate(routes.add, { replace: true });
      },
      true,
    );

  const editable = can('EDIT') && !!lawyer && !lawyer.is_internal;
  const controls = [
    can('APPROVE') && (
      <Button
        key="approve"
        leftSection={<IconCheck size={16} />}
        loading={busy === 'APPROVE'}
        disabled={!!busy}
        onClick={() => void approve()}
      >
        Approve
      </Button>
    ),
    can('REJECT_REVOKE') && (
      <Button
        key="reject"
        variant="light"
        leftSection={<IconArrowBackUp size={16} />}
        loading={busy === 'REJECT_REVOKE'}
        disabled={!!busy}
        onClick={() => void rejectRevoke()}
      >
        Reject revoke
      </Button>
    ),
    editable && (
      <Button
        key="edit"
        variant="default"
        leftSection={<IconEdit size={16} />}
        disabled={!!busy}
        onClick={onEdit}
      >
        Edit
      </Button>
    ),
    scope.staff && status === 'assigned' && (
      <Button
        key="email"
        variant="default"
        leftSection={<IconMail size={16} />}
        disabled={!!busy}
        onClick={() => void actions.emailLawyer(client)}
      >
        Email the lawyer
      </Button>
    ),
    can('REVOKE') && (
      <Button
        key="revoke"
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        loading={busy === 'REVOKE'}
        disabled={!!busy}
        onClick={() => void revoke()}
      >
        Revoke
      </Button>
    ),
  ].filter(Boolean);
  return controls.length ? <>{controls}</> : null;
}

/** The assigned (or pending) lawyer of a file with its status and the controls of the viewer's role. */
export function LawyerSelectedView({ client, scope }: { client: CustomerView; scope: ClientScope }) {
  const { lawyer, isPending } = useClientLawyer(client.id, client.lawyer);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const status = client.lawyer_status;
  const badge = STATUS_BADGES[status];

  const saveEdit = async (values: LawyerFormValues) => {
    if (!lawyer) return;
    const changes = changedLawyerPayload(lawyer, values);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await editLawyer(client.id, lawyer.id, changes);
      await queryClient.invalidateQueries({ queryKey: lawyerKeys.customer(client.id) });
      toast.success("The lawyer's details have been saved");
      setEditing(false);
    } catch (error) {
      toastError(error, 'Something went wrong!');
    } finally {
      setSaving(false);
    }
  };

  if (isPending && !lawyer) return <Skeleton h={200} radius="lg" />;
  return (
    <Stack gap="md">
      <StatusNote status={status} staff={scope.staff} />
      {lawyer ? (
        <ContactCard
          data-testid="selected-lawyer"
          eyebrow={scope.staff ? 'Lawyer' : 'Your lawyer'}
          name={personName(lawyer)}
          company={lawyer.company}
          phone={lawyer.phone_number}
          email={lawyer.email}
          address={lawyer.address_line}
          badges={
            <>
              <LawyerBadges lawyer={lawyer} />
              {badge && (
                <Badge size="sm" variant="light" color={badge.color} radius="sm" tt="none">
                  {badge.label}
                </Badge>
              )}
            </>
          }
          actions={
            <LawyerControls
              key={status}
              client={client}
              lawyer={lawyer}
              scope={scope}
              onEdit={() => setEditing((value) => !value)}
            />
          }
        />
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Text c="dimmed">The lawyer's details could not be loaded.</Text>
            <Group gap="xs">
              <LawyerControls
                key={status}
                client={client}
                lawyer={null}
                scope={scope}
                onEdit={() => undefined}
              />
            </Group>
          </Stack>
        </Paper>
      )}
      {editing && lawyer && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Text fw={700} c="navy.9">
              Edit the lawyer's details
            </Text>
            <LawyerForm
              initialValues={lawyerToForm(lawyer)}
              onSubmit={saveEdit}
              submitLabel="Save"
              busy={saving}
              onCancel={() => setEditing(false)}
              testId="edit-lawyer-form"
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
