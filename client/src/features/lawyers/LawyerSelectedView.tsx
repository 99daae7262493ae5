import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { canEmailLawyer, personName } from '@machines/customer.rules';
import type { LawyerStatus } from '@machines/lawyer-assignment.machine';
import { ROUTES } from '../../app/routes';
import { useLawyerAssignmentActor } from '../assignments/assignment-actors';
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
import { ContactCard } from '../assignments/ContactCard';
import type { CustomerView } from '../customers/types';
import { useCustomerActions } from '../customers/use-customer-actions';
import { toast, toastError } from '../../ui/toast';
import { approveLawyer, rejectLawyerRevoke, revokeLawyer } from './api';
import { changedLawyerPayload, lawyerToForm, type LawyerFormValues } from './lawyer-form';
import { LawyerBadges } from './LawyerSearchList';
import { LawyerForm } from './OwnLawyerForm';
import { useClientLawyer, useEditLawyer } from './queries';
import { lawyerRoutes } from './routes';
import type { Lawyer } from './types';

const LAWYER_REVOKE_ERROR = 'Error while revoking lawyer';
const LAWYER_APPROVE_ERROR = 'Error while approving request';

const STATUS_BADGES: Record<LawyerStatus, { label: string; color: string } | null> = {
  empty: null,
  pending_approve: { label: 'Waiting for approval', color: 'yellow' },
  pending_revoke: { label: 'Waiting for revoke approval', color: 'yellow' },
  assigned: { label: 'Lawyer assigned', color: 'teal' },
};

function StatusNote({ status, staff }: { status: LawyerStatus; staff: boolean }) {
  if (status === 'pending_approve')
    return (
      <AssignmentNote title={staff ? 'Waiting for your approval' : undefined}>
        {staff
          ? 'The client chose this lawyer. Approve the choice, or revoke it to let the client choose again.'
          : 'Waiting for approval from your mortgage agent'}
      </AssignmentNote>
    );
  if (status === 'pending_revoke')
    return (
      <AssignmentNote title={staff ? 'The client asks to revoke this lawyer' : 'Waiting for revoke approval'}>
        {staff
          ? 'Approve the request to clear the lawyer, or reject it to keep this lawyer on the file.'
          : 'Your mortgage agent will confirm the change. The lawyer stays on your file until then.'}
      </AssignmentNote>
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
  const { can, action, busy } = useAssignmentControls(useLawyerAssignmentActor(status), scope, client.id);
  const navigate = useNavigate();
  const actions = useCustomerActions();
  const routes = lawyerRoutes(scope.staff, client.id);

  return (
    <AssignmentButtons
      busy={busy}
      controls={[
        {
          ...APPROVE_BUTTON,
          ...action('APPROVE', {
            question:
              status === 'pending_revoke'
                ? 'Are you sure to approve this request?'
                : 'Are you sure to approve this lawyer?',
            call: (requestId) => approveLawyer(client.id, requestId),
            fallback: LAWYER_APPROVE_ERROR,
            // After a pick the broker goes back to the clients; after a revoke, on to choose another lawyer.
            then: () => navigate(status === 'pending_revoke' ? routes.add : ROUTES.RouteDashboard),
          }),
        },
        {
          label: 'Reject revoke',
          icon: <IconArrowBackUp size={16} />,
          variant: 'light',
          ...action('REJECT_REVOKE', {
            question: 'Are you sure to reject revoking this lawyer?',
            call: (requestId) => rejectLawyerRevoke(client.id, requestId),
            fallback: LAWYER_APPROVE_ERROR,
            then: () => navigate(ROUTES.RouteDashboard),
          }),
        },
        {
          key: 'EDIT',
          label: 'Edit',
          icon: <IconEdit size={16} />,
          variant: 'default',
          shown: can('EDIT') && !!lawyer && !lawyer.is_internal,
          onClick: onEdit,
        },
        {
          key: 'EMAIL',
          label: 'Email the lawyer',
          icon: <IconMail size={16} />,
          variant: 'default',
          shown: scope.staff && canEmailLawyer({ lawyer_status: status }),
          onClick: () => void actions.emailLawyer(client),
        },
        {
          ...REVOKE_BUTTON,
          ...action('REVOKE', {
            question: 'Are you sure to revoke this lawyer?',
            danger: true,
            call: (requestId) => revokeLawyer(client.id, requestId),
            fallback: LAWYER_REVOKE_ERROR,
            then: (view) => {
              if (!view.lawyer) navigate(routes.add, { replace: true });
            },
          }),
        },
      ]}
    />
  );
}

/** The assigned (or pending) lawyer of a file with its status and the controls of the viewer's role. */
export function LawyerSelectedView({ client, scope }: { client: CustomerView; scope: ClientScope }) {
  const { lawyer, isPending } = useClientLawyer(client.id, client.lawyer);
  const edit = useEditLawyer(client.id);
  const [editing, setEditing] = useState(false);
  const saving = edit.isPending;
  const status = client.lawyer_status;

  const saveEdit = async (values: LawyerFormValues) => {
    if (!lawyer) return;
    const changes = changedLawyerPayload(lawyer, values);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    try {
      await edit.mutateAsync({ lawyerId: lawyer.id, changes });
      toast.success("The lawyer's details have been saved");
      setEditing(false);
    } catch (error) {
      toastError(error, 'Something went wrong!');
    }
  };

  const controls = (
    <LawyerControls
      key={status}
      client={client}
      lawyer={lawyer}
      scope={scope}
      onEdit={() => setEditing((value) => !value)}
    />
  );

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
              <AssignmentStatusBadge badge={STATUS_BADGES[status]} />
            </>
          }
          actions={controls}
        />
      ) : (
        <UnloadedContact message="The lawyer's details could not be loaded." actions={controls} />
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
