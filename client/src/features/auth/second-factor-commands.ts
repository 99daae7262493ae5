import type { SecondFactorEnabled, SecondFactorEnrolment } from '@machines/second-factor';
import { useCommand } from '../../api/use-command';
import { confirmSecondFactor, startSecondFactorEnrolment, turnOffSecondFactor } from './api';
import { useReloadCurrentUser } from './session';

/** Asks for a new secret to show as a QR code and a key. */
export function useStartSecondFactorEnrolment() {
  return useCommand<SecondFactorEnrolment, void>({
    send: (_, requestId) => startSecondFactorEnrolment(requestId),
  });
}

/** Confirms the enrolment with the app's first code; the signed-in user is read again (now enabled). */
export function useConfirmSecondFactor() {
  const reloadUser = useReloadCurrentUser();
  return useCommand<SecondFactorEnabled, { enrolment: string; code: string }>({
    send: (input, requestId) => confirmSecondFactor(input, requestId),
    onSuccess: () => void reloadUser().catch(() => undefined),
  });
}

export function useTurnOffSecondFactor() {
  const reloadUser = useReloadCurrentUser();
  return useCommand<unknown, string>({
    send: (code, requestId) => turnOffSecondFactor(code, requestId),
    onSuccess: () => void reloadUser().catch(() => undefined),
  });
}
