import { useQuery, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../api/query-keys';
import { useCommand } from '../../api/use-command';
import {
  deactivateStaff,
  editStaff,
  inviteStaff,
  listTeam,
  listTeamHistory,
  reactivateStaff,
  reassignClients,
  resetSecondFactor,
} from './api';
import type { EditStaff, InviteStaff, TeamMember } from './types';

export const TEAM_HISTORY_PAGE = 10;

export function useTeam() {
  return useQuery({ queryKey: teamKeys.members(), queryFn: ({ signal }) => listTeam(signal) });
}

export function useTeamHistory(page: number) {
  const offset = (page - 1) * TEAM_HISTORY_PAGE;
  return useQuery({
    queryKey: teamKeys.history(offset),
    queryFn: ({ signal }) => listTeamHistory(offset, TEAM_HISTORY_PAGE, signal),
    placeholderData: (previous) => previous,
  });
}

/** As the server lists the team: active members first, then by name. */
function inTeamOrder(members: TeamMember[]): TeamMember[] {
  const key = (m: TeamMember) => `${m.status === 'deactivated' ? 1 : 0} ${m.first_name} ${m.last_name}`;
  return members.sort((a, b) => key(a).localeCompare(key(b)));
}

/** A member as a command answered them, put straight into the list; the pushes refresh the history. */
function useMemberCommand<TVariables>(
  send: (variables: TVariables, requestId: string) => Promise<TeamMember>,
) {
  const queryClient = useQueryClient();
  return useCommand<TeamMember, TVariables>({
    send,
    answers: () => [teamKeys.members()],
    onSuccess: (member) =>
      queryClient.setQueryData<TeamMember[]>(teamKeys.members(), (members) =>
        inTeamOrder([...(members ?? []).filter((m) => m.id !== member.id), member]),
      ),
  });
}

export function useInviteStaff() {
  return useMemberCommand((payload: InviteStaff, requestId) => inviteStaff(payload, requestId));
}

export function useEditStaff() {
  return useMemberCommand(({ id, changes }: { id: string; changes: EditStaff }, requestId) =>
    editStaff(id, changes, requestId),
  );
}

export function useDeactivateStaff() {
  return useMemberCommand((id: string, requestId) => deactivateStaff(id, requestId));
}

export function useReactivateStaff() {
  return useMemberCommand((id: string, requestId) => reactivateStaff(id, requestId));
}

export function useResetSecondFactor() {
  return useMemberCommand((id: string, requestId) => resetSecondFactor(id, requestId));
}

export function useReassignClients() {
  return useCommand<{ moved: number }, { id: string; to: string }>({
    send: ({ id, to }, requestId) => reassignClients(id, to, requestId),
  });
}
