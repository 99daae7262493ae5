import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  appraiserSelectionMachine,
  type AppraiserSelectionContext,
} from '@machines/appraiser-selection.machine';
import { persistedKey, readPersistedState } from '../../app/local-state';
import { getInspect } from '../../app/inspect';

/** What is remembered of a client's appraiser selection across reloads: the chosen set and the filters. */
export type StoredSelection = Pick<AppraiserSelectionContext, 'selected' | 'bank' | 'location'>;

const storageKey = (clientID: string) => `appraisers.selection.${clientID}`;

export function readSelection(clientID: string): StoredSelection {
  const stored = readPersistedState<Partial<StoredSelection> | null>(storageKey(clientID), null) ?? {};
  return {
    selected: Array.isArray(stored.selected)
      ? stored.selected.filter((id): id is string => typeof id === 'string')
      : [],
    bank: typeof stored.bank === 'string' ? stored.bank : '',
    location: typeof stored.location === 'string' ? stored.location : '',
  };
}

function saveSelection(clientID: string, selection: StoredSelection): void {
  try {
    localStorage.setItem(persistedKey(storageKey(clientID)), JSON.stringify(selection));
  } catch {
    // Storage unavailable: the selection lives as long as the page.
  }
}

/**
 * The appraiser selection machine of a client, seeded from what was remembered and saved after every
 * change, so the dashboard, the quote request and the add-details pages share one selection. `send`
 * is the quote request call used when the machine sends (it may change between renders).
 */
export function useAppraiserSelection(
  clientID: string,
  send: (appraiserIds: string[]) => Promise<void> = async () => undefined,
) {
  // Provided at every render: the hook hands the latest implementation to the running actor.
  const logic = useMemo(
    () =>
      appraiserSelectionMachine.provide({
        actors: {
          sendQuoteRequest: fromPromise<void, { appraiserIds: string[] }>(({ input }) =>
            send(input.appraiserIds),
          ),
        },
      }),
    [send],
  );
  const actorRef = useActorRef(logic, { input: readSelection(clientID), inspect: getInspect() });
  useEffect(() => {
    const subscription = actorRef.subscribe((snapshot) => {
      const { selected, bank, location } = snapshot.context;
      saveSelection(clientID, { selected, bank, location });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, clientID]);
  const snapshot = useSelector(actorRef, (s) => s);
  return { snapshot, send: actorRef.send, actorRef };
}
