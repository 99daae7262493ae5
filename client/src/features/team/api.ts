import { api } from '../../api/http';
import type { EditStaff, InviteStaff, TeamChange, TeamMember } from './types';

/** The team page's calls: principal brokers only. */

export function listTeam(signal?: AbortSignal) {
  return api.core.get<TeamMember[]>('/team/', undefined, signal);
}

export function listTeamHistory(offset: number, limit: number, signal?: AbortSignal) {
  return api.core.list<TeamChange>('/team/history/', { offset, limit }, signal);
}

export function inviteStaff(payload: InviteStaff, requestId: string) {
  return api.core.post<TeamMember>('/team/', payload, { requestId });
}

export function editStaff(id: string, payload: EditStaff, requestId: string) {
  return api.core.patch<TeamMember>(`/team/${id}/`, payload, { requestId });
}

export function deactivateStaff(id: string, requestId: string) {
  return api.core.post<TeamMember>(`/team/${id}/deactivate/`, undefined, { requestId });
}

export function reactivateStaff(id: string, requestId: string) {
  return api.core.post<TeamMember>(`/team/${id}/reactivate/`, undefined, { requestId });
}

export function reassignClients(id: string, to: string, requestId: string) {
  return api.core.post<{ moved: number }>(`/team/${id}/reassign/`, { to }, { requestId });
}

/** Removes a member's second factor (a lost phone): they sign in with the password, or enrol again. */
export function resetSecondFactor(id: string, requestId: string) {
  return api.core.delete<TeamMember>(`/team/${id}/second_factor/`, { requestId });
}
