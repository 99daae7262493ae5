import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconDotsVertical,
  IconPencil,
  IconPlayerPlay,
  IconShieldCheck,
  IconShieldOff,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { formatPhone } from '@machines/phone';
import { errorText } from '../../api/errors';
import { useCurrentUser } from '../../features/auth/session';
import { describeChange, personName, ROLE_LABELS, STATUS_LABELS } from '../../features/team/labels';
import {
  TEAM_HISTORY_PAGE,
  useDeactivateStaff,
  useEditStaff,
  useInviteStaff,
  useReactivateStaff,
  useReassignClients,
  useResetSecondFactor,
  useTeam,
  useTeamHistory,
} from '../../features/team/queries';
import { StaffForm } from '../../features/team/StaffForm';
import type { TeamMember } from '../../features/team/types';
import { confirm } from '../../ui/confirm';
import { formatDateTime } from '../../ui/date-time';
import { EmailText } from '../../ui/EmailText';
import { ScrollRegion } from '../../ui/scroll-edges';
import { toast, toastError } from '../../ui/toast';

type Dialog =
  { kind: 'invite' } | { kind: 'edit'; member: TeamMember } | { kind: 'handover'; member: TeamMember } | null;

function StatusBadge({ member }: { member: TeamMember }) {
  const status = STATUS_LABELS[member.status];
  return (
    <Badge variant="light" color={status.color} radius="sm" tt="none">
      {status.label}
    </Badge>
  );
}

/** Shown beside the status of a member who signs in with a code from an authenticator app. */
function SecondFactorBadge({ member }: { member: TeamMember }) {
  if (!member.second_factor) return null;
  return (
    <Tooltip label="Signs in with a code from an authenticator app" withArrow>
      <Badge
        variant="light"
        color="teal"
        radius="sm"
        tt="none"
        leftSection={<IconShieldCheck size={12} aria-hidden />}
      >
        <span aria-hidden>2FA</span>
        <VisuallyHidden>Two-factor sign-in on</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

function Codes({ codes }: { codes: string[] }) {
  if (codes.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={4}>
      {codes.map((code) => (
        <Badge key={code} variant="outline" color="gray" radius="sm" tt="none">
          {code}
        </Badge>
      ))}
    </Group>
  );
}

/** What can be done with a member: edit, hand over their clients, deactivate or reactivate. */
function MemberActions({ member, onDialog }: { member: TeamMember; onDialog: (dialog: Dialog) => void }) {
  const me = useCurrentUser();
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const resetSecondFactor = useResetSecondFactor();
  const active = member.status !== 'deactivated';

  const askResetSecondFactor = async () => {
    const ok = await confirm({
      title: `Reset two-factor sign-in for ${personName(member)}?`,
      message:
        'They will sign in with their password alone, or set it up again if the brokerage requires it.',
      confirmLabel: 'Reset',
      danger: true,
    });
    if (!ok) return;
    resetSecondFactor.mutate(member.id, {
      onSuccess: () => toast.success(`Two-factor sign-in is reset for ${personName(member)}`),
      onError: (error) => toastError(error),
    });
  };

  const askDeactivate = async () => {
    const clients =
      member.client_count > 0
        ? ` They still have ${member.client_count} client${member.client_count === 1 ? '' : 's'}: hand them over first, or afterwards.`
        : '';
    const ok = await confirm({
      title: `Deactivate ${personName(member)}?`,
      message: `They are signed out everywhere at once and can no longer sign in.${clients}`,
      confirmLabel: 'Deactivate',
      danger: true,
    });
    if (!ok) return;
    deactivate.mutate(member.id, {
      onSuccess: () => toast.success(`${personName(member)} is deactivated`),
      onError: (error) => toastError(error),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${personName(member)}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {active && (
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            onClick={() => onDialog({ kind: 'edit', member })}
          >
            Edit
          </Menu.Item>
        )}
        {member.client_count > 0 && (
          <Menu.Item
            leftSection={<IconArrowsExchange size={16} />}
            onClick={() => onDialog({ kind: 'handover', member })}
          >
            Hand over clients
          </Menu.Item>
        )}
        {member.second_factor && (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => void askResetSecondFactor()}>
            Reset two-factor sign-in
          </Menu.Item>
        )}
        {active && member.id !== me?.id && (
          <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={() => void askDeactivate()}>
            Deactivate
          </Menu.Item>
        )}
        {!active && (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() =>
              reactivate.mutate(member.id, {
                onSuccess: () => toast.success(`${personName(member)} can sign in again`),
                onError: (error) => toastError(error),
              })
            }
          >
            Reactivate
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Moves every client of a member to one other member who can take them. */
function HandoverDialog({
  member,
  team,
  onClose,
}: {
  member: TeamMember;
  team: TeamMember[];
  onClose: () => void;
}) {
  const [to, setTo] = useState<string | null>(null);
  const reassign = useReassignClients();
  const takers = team.filter(
    (other) =>
      other.id !== member.id &&
      other.status !== 'deactivated' &&
      (member.role === 'assistant' ? other.role === 'assistant' : other.role !== 'assistant'),
  );
  return (
    <Modal opened onClose={onClose} title={`Hand over ${personName(member)}'s clients`} centered>
      <Stack gap="sm">
        <Text size="sm">
          All {member.client_count} client{member.client_count === 1 ? '' : 's'} move to the person you
          choose; each move is recorded in the client's history.
        </Text>
        <Select
          label={member.role === 'assistant' ? 'New assistant' : 'New broker'}
          placeholder="Choose a team member"
          data={takers.map((other) => ({
            value: other.id,
            label: `${personName(other)} (${ROLE_LABELS[other.role]})`,
          }))}
          value={to}
          onChange={setTo}
          searchable
          nothingFoundMessage="No one else can take these clients"
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!to}
            loading={reassign.isPending}
            onClick={() =>
              reassign.mutate(
                { id: member.id, to: to! },
                {
                  onSuccess: ({ moved }) => {
                    toast.success(`${moved} client${moved === 1 ? '' : 's'} handed over`);
                    onClose();
                  },
                  onError: (error) => toastError(error),
                },
              )
            }
          >
            Hand over
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TeamTable({ team, onDialog }: { team: TeamMember[]; onDialog: (dialog: Dialog) => void }) {
  return (
    <ScrollRegion label="Team">
      <Table verticalSpacing="sm" highlightOnHover miw={820}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Broker codes</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Clients</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.map((member) => (
            <Table.Tr key={member.id} data-testid={`member-${member.phone_number}`}>
              <Table.Td fw={600}>{personName(member)}</Table.Td>
              <Table.Td>{ROLE_LABELS[member.role]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(member.phone_number)}</Table.Td>
              <Table.Td>
                <EmailText email={member.email} />
              </Table.Td>
              <Table.Td>
                <Codes codes={member.broker_codes} />
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge member={member} />
                  <SecondFactorBadge member={member} />
                </Group>
              </Table.Td>
              <Table.Td ta="right">{member.client_count}</Table.Td>
              <Table.Td>
                <MemberActions member={member} onDialog={onDialog} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function TeamCards({ team, onDialog }: { team: TeamMember[]; onDialog: (dialog: Dialog) => void }) {
  return (
    <Stack gap="sm" p="sm">
      {team.map((member) => (
        <Card
          key={member.id}
          withBorder
          radius="md"
          padding="sm"
          data-testid={`member-${member.phone_number}`}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{personName(member)}</Text>
              <Text size="sm" c="dimmed">
                {ROLE_LABELS[member.role]} · {member.client_count} client
                {member.client_count === 1 ? '' : 's'}
              </Text>
              <Text size="sm">{formatPhone(member.phone_number)}</Text>
              <Text size="sm">
                <EmailText email={member.email} />
              </Text>
              <Group gap="xs" mt={4}>
                <StatusBadge member={member} />
                <SecondFactorBadge member={member} />
                {member.broker_codes.length > 0 && <Codes codes={member.broker_codes} />}
              </Group>
            </Stack>
            <MemberActions member={member} onDialog={onDialog} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Who changed what of whom, newest first. */
function TeamHistory() {
  const [page, setPage] = useState(1);
  const history = useTeamHistory(page);
  const pages = Math.max(1, Math.ceil((history.data?.count ?? 0) / TEAM_HISTORY_PAGE));
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="md">
        Changes to the team
      </Title>
      {history.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : history.isError ? (
        <Alert color="red">{errorText(history.error)}</Alert>
      ) : history.data.data.length === 0 ? (
        <Text c="dimmed">No changes yet.</Text>
      ) : (
        <Timeline bulletSize={10} lineWidth={2}>
          {history.data.data.map((change) => (
            <Timeline.Item key={change.id}>
              <Text size="sm">
                <Text span fw={600}>
                  {change.actor ? personName(change.actor) : 'Homeward'}
                </Text>{' '}
                {describeChange(change)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(change.created)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Paper>
  );
}

/** RouteTeam: the principal broker's team page; anyone else is sent to the dashboard before it reads. */
export function TeamPage() {
  const me = useCurrentUser();
  if (me && me.role !== 'principal_broker') return <Navigate to="/dashboard" replace />;
  return <Team />;
}

function Team() {
  const phone = useMediaQuery('(max-width: 48em)');
  const team = useTeam();
  const invite = useInviteStaff();
  const edit = useEditStaff();
  const [dialog, setDialog] = useState<Dialog>(null);
  const members = team.data ?? [];
  const close = () => setDialog(null);

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Team
          </Title>
          <Text c="dimmed" size="sm">
            Invite brokers and assistants, keep their details and codes, and hand over clients when someone
            leaves.
          </Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'invite' })}>
          Invite a team member
        </Button>
      </Group>
      <Paper withBorder radius="md">
        {team.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : team.isError ? (
          <Alert color="red" m="md">
            {errorText(team.error)}
          </Alert>
        ) : phone ? (
          <TeamCards team={members} onDialog={setDialog} />
        ) : (
          <TeamTable team={members} onDialog={setDialog} />
        )}
      </Paper>
      <TeamHistory />
      {dialog?.kind === 'invite' && (
        <StaffForm
          opened
          onClose={close}
          onSubmit={async (values) => {
            const member = await invite.mutateAsync(values);
            toast.success(`Invitation texted to ${personName(member)}`);
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <StaffForm
          opened
          member={dialog.member}
          onClose={close}
          onSubmit={async ({ phone_number: _phone, ...changes }) => {
            await edit.mutateAsync({ id: dialog.member.id, changes });
            toast.success('Saved');
          }}
        />
      )}
      {dialog?.kind === 'handover' && (
        <HandoverDialog member={dialog.member} team={members} onClose={close} />
      )}
    </Stack>
  );
}
