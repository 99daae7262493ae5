import { useSessionStorage } from '@mantine/hooks';

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
  try {
    const keys: string[] = [];
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    keys.forEach((key) => sessionStorage.removeItem(key));
  } catch {
    // Storage unavailable (private mode): nothing was kept either.
  }
}
