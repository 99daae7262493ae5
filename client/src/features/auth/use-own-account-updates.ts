import { useDomainEvents } from '../../api/domain-events';
import { useReloadCurrentUser, useSessionState } from './session';

/** Changes elsewhere that alter what the signed-in user may do: the brokerage's rule, their second factor. */
const WATCHED = [
  'brokerage.settings_changed',
  'user.second_factor_enabled',
  'user.second_factor_removed',
  'user.role_changed',
];

/**
 * Reads the signed-in user again when the brokerage starts (or stops) requiring a second factor, when
 * theirs is turned on or reset elsewhere, or when their role changes: the session then routes them to
 * enrolment or lets them go, and the pages show what the new role may see and do.
 */
export function useOwnAccountUpdates(): void {
  const reloadUser = useReloadCurrentUser();
  const userId = useSessionState((s) => s.context.user?.user_id ?? null, null);
  useDomainEvents((event) => {
    if (event.type.startsWith('user.') && event.stream_id !== userId) return;
    void reloadUser().catch(() => undefined);
  }, WATCHED);
}
