import { useLocalStorage } from '@mantine/hooks';

/**
 * State remembered in localStorage (page numbers, selections). Every key gets the same prefix, so logout
 * can remove all of it at once. What a user keeps across sessions on this device (the clients list's
 * filters) is kept under that user's own prefix, which logout leaves.
 */
const PREFIX = 'homeward.state.';
const USER_PREFIX = 'homeward.user.';

export function persistedKey(key: string): string {
  return PREFIX + key;
}

/** useState that survives reloads: `const [page, setPage] = usePersistedState('clients.page', 1)`. */
export function usePersistedState<T>(key: string, defaultValue: T) {
  return useLocalStorage<T>({ key: persistedKey(key), defaultValue, getInitialValueInEffect: false });
}

/** useState kept for one user on this device across sessions: logout keeps it, another user has their own. */
export function useUserPersistedState<T>(userId: string | number | undefined, key: string, defaultValue: T) {
  return useLocalStorage<T>({
    key: `${USER_PREFIX}${userId ?? 'none'}.${key}`,
    defaultValue,
    getInitialValueInEffect: false,
  });
}

export function readPersistedState<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(persistedKey(key));
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Removes every value of a storage whose key begins with the prefix. */
export function removeStored(storage: () => Storage, prefix: string): void {
  try {
    const store = storage();
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    keys.forEach((key) => store.removeItem(key));
  } catch {
    // Storage unavailable (private mode): nothing was stored either.
  }
}

/** Removes every remembered value but what is kept per user (on logout). */
export function clearPersistedState(): void {
  removeStored(() => localStorage, PREFIX);
}
