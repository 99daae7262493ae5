import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { ownChanges, type OwnChanges } from './own-changes';
import { isRefreshed, planRefresh } from './refresh-plan';
import { onDomainEvent, onReconnect, type DomainEvent } from './socket';

export type { DomainEvent } from './socket';

/** The pushes of one command come together; a short wait lets them refresh each read once. */
export const PUSH_BATCH_MS = 50;

/** Which events a listener reacts to: an exact type ('comment.added'), a prefix ('comment.*') or a list. */
export type DomainEventMatcher = string | string[];

export function matchesDomainEvent(matcher: DomainEventMatcher, event: DomainEvent): boolean {
  const patterns = Array.isArray(matcher) ? matcher : [matcher];
  return patterns.some((pattern) =>
    pattern.endsWith('*') ? event.type.startsWith(pattern.slice(0, -1)) : event.type === pattern,
  );
}

/**
 * Calls the handler for every change another person (or another tab) made, optionally only the matching
 * ones, while mounted. This tab's own changes are left out: its commands' answers hold them.
 */
export function useDomainEvents(handler: (event: DomainEvent) => void, match?: DomainEventMatcher): void {
  const onEvent = useEffectEvent((event: DomainEvent) => {
    if (ownChanges.of(event)) return;
    if (!match || matchesDomainEvent(match, event)) handler(event);
  });
  useEffect(() => onDomainEvent((event) => onEvent(event)), []);
}

/** Refreshes what the pushes of a short stretch make stale, in one pass over the cache. */
export function batchRefresh(
  queryClient: QueryClient,
  own: OwnChanges = ownChanges,
): { add: (event: DomainEvent) => void; stop: () => void } {
  let batch: DomainEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const targets = planRefresh(batch, (event) => own.of(event));
    batch = [];
    if (targets.length)
      void queryClient.invalidateQueries({ predicate: (query) => isRefreshed(query.queryKey, targets) });
  };
  return {
    add(event) {
      batch.push(event);
      timer ??= setTimeout(flush, PUSH_BATCH_MS);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      batch = [];
    },
  };
}

/**
 * While signed in: each push refreshes the reads the refresh table names for its type, and after a
 * dropped connection every read is refreshed, since pushes sent meanwhile were lost.
 */
export function useGlobalDomainEventInvalidation(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const batch = batchRefresh(queryClient);
    const stopEvents = onDomainEvent(batch.add);
    const stopReconnects = onReconnect(() => void queryClient.invalidateQueries());
    return () => {
      stopEvents();
      stopReconnects();
      batch.stop();
    };
  }, [queryClient]);
}
