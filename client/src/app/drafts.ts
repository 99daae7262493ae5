import { useSessionStorage } from '@mantine/hooks';
import { removeStored } from './local-state';

/**
 * Text typed and not sent yet (a note, a chat message), kept in this tab for the user who typed it: it is
 * there again when the popup is opened anew, and after signing in again when the session ran out. Signing
 * out forgets every draft; closing the tab does too.
 */
const PREFIX = 'homeward.draft.';

export function useDraft(userId: string | undefined, key: string) {
  const [text, setText] = useSessionStorage<string>({
    key: `${PREFIX}${userId ?? 'none'}.${key}`,
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  return [text, setText] as const;
}

/** Forgets every draft of this tab (on signing out). */
export function clearDrafts(): void {
  removeStored(() => sessionStorage, PREFIX);
}
