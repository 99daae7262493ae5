import { Alert, Badge, Button, Group, Paper, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconCheck, IconClockHour4, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Role } from '@machines/roles';
import type { CustomerView } from '../customers/types';
import { useCommand } from '../../api/use-command';
import { confirm } from '../../ui/confirm';
import { toastError } from '../../ui/toast';
import { clientViewKey, useStoreClientView, type ClientScope } from './client-scope';

/** An event of an assignment machine: what happens, and the role of whoever does it. */
interface AssignmentEvent {
  type: string;
  role: Role;
}

/** An assignment machine restored at the client's status: what it allows, and how it is told. */
export type AssignmentActor<Event extends AssignmentEvent> = readonly [
  { can: (event: Event) => boolean },
  (event: Event) => void,
];

export interface AssignmentStep {
  /** The confirmation asked first. */
  question: string;
  danger?: boolean;
  /** The server call, under the given request id; it answers the client as it now is. */
  call: (requestId: string) => Promise<CustomerView>;
  /** The message shown when the server gives none. */
  fallback: string;
  /** What follows once the server accepted it (where to go next). */
  then?: (view: CustomerView) => void;
}

/**
 * The controls of one assignment (lawyer or appraiser) for the viewer's role: `can` asks the machine
 * whether an event is allowed at this status; `action` makes the control of an event, which confirms,
 * calls the server, tells the machine, keeps the answered client and goes on. `busy` is the event
 * under way.
 */
export function useAssignmentControls<Event extends AssignmentEvent>(
  [snapshot, send]: AssignmentActor<Event>,
  scope: Pick<ClientScope, 'staff' | 'role'>,
  customerId: string,
) {
  const store = useStoreClientView(scope.staff);
  const { role } = scope;
  const event = (type: Event['type']) => ({ type, role }) as Event;
  const command = useCommand<CustomerView, { type: Event['type']; step: AssignmentStep }>({
    send: ({ step }, requestId) => step.call(requestId),
    answers: () => [clientViewKey(scope.staff, customerId)],
    onSuccess: (view, { type, step }) => {
      send(event(type));
      store(view);
      step.then?.(view);
    },
    onError: (error, { step }) => toastError(error, step.fallback),
  });
  const busy = command.isPending ? (command.variables?.type ?? null) : null;

  const can = (type: Event['type']) => snapshot.can(event(type));

  const run = async (type: Event['type'], step: AssignmentStep) => {
    if (await confirm({ title: step.question, danger: step.danger ?? false })) command.mutate({ type, step });
  };

  /** The part of a control that runs an event: shown where the machine allows it. */
  const action = (type: Event['type'], step: AssignmentStep) => ({
    key: type,
    shown: can(type),
    onClick: () => void run(type, step),
  });

  return { can, action, busy };
}

export interface AssignmentControl {
  key: string;
  label: string;
  icon: ReactNode;
  /** Whether the viewer has this control at this status. */
  shown: boolean;
  onClick: () => void;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
}

/** How Approve and Revoke look, the same for a lawyer and an appraiser. */
export const APPROVE_BUTTON = { label: 'Approve', icon: <IconCheck size={16} /> };
export const REVOKE_BUTTON = {
  label: 'Revoke',
  icon: <IconTrash size={16} />,
  variant: 'light',
  color: 'red',
} as const;

/** The buttons of the controls shown; while one runs it spins and the others wait. */
export function AssignmentButtons({
  controls,
  busy,
}: {
  controls: AssignmentControl[];
  busy: string | null;
}) {
  const shown = controls.filter((control) => control.shown);
  if (!shown.length) return null;
  return (
    <>
      {shown.map((control) => (
        <Button
          key={control.key}
          variant={control.variant}
          color={control.color}
          leftSection={control.icon}
          loading={busy === control.key}
          disabled={!!busy}
          onClick={control.onClick}
        >
          {control.label}
        </Button>
      ))}
    </>
  );
}

/** The status of an assignment beside the name ('Waiting for approval', 'Lawyer assigned'). */
export function AssignmentStatusBadge({ badge }: { badge: { label: string; color: string } | null }) {
  if (!badge) return null;
  return (
    <Badge size="sm" variant="light" color={badge.color} radius="sm" tt="none">
      {badge.label}
    </Badge>
  );
}

/** What an assignment waits for, above the card. */
export function AssignmentNote({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconClockHour4 />} title={title}>
      {children}
    </Alert>
  );
}

/** In place of the card when the person's details could not be read: the message and the controls. */
export function UnloadedContact({ message, actions }: { message: string; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Text c="dimmed">{message}</Text>
        {actions && <Group gap="xs">{actions}</Group>}
      </Stack>
    </Paper>
  );
}
