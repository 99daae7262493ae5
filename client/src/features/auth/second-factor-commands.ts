import type { SecondFactorEnabled, SecondFactorEnrolment } from '@machines/second-factor';
import { useCommand } from '../../api/use-command';
import {
  confirmSecondFactor,
  replaceRecoveryCodes,
  startSecondFactorEnrolment,
  turnOffSecondFactor,
} from './api';
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

/** New recovery codes, with a code from the app; the user is read again (ten codes left). */
export function useReplaceRecoveryCodes() {
  const reloadUser = useReloadCurrentUser();
  return useCommand<SecondFactorEnabled, string>({
    send: (code, requestId) => replaceRecoveryCodes(code, requestId),
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
