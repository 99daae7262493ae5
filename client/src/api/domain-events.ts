import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { onDomainEvent, type DomainEvent } from './socket';

export type { DomainEvent } from './socket';

/** Which events a rule reacts to: an exact type ('customer.created'), a prefix ('customer.*'), a list or a test. */
export type DomainEventMatcher = string | string[] | RegExp | ((event: DomainEvent) => boolean);

export interface InvalidationRule {
  match: DomainEventMatcher;
  /** The query keys to invalidate; a function can pick keys from the event (customer id, stream id). */
  queryKeys: QueryKey[] | ((event: DomainEvent) => QueryKey[]);
}

export function matchesDomainEvent(matcher: DomainEventMatcher, event: DomainEvent): boolean {
  if (typeof matcher === 'function') return matcher(event);
  if (matcher instanceof RegExp) return matcher.test(event.type);
  const patterns = Array.isArray(matcher) ? matcher : [matcher];
  return patterns.some((pattern) =>
    pattern.endsWith('*') ? event.type.startsWith(pattern.slice(0, -1)) : event.type === pattern,
  );
}

function keysOf(rule: InvalidationRule, event: DomainEvent): QueryKey[] {
  return typeof rule.queryKeys === 'function' ? rule.queryKeys(event) : rule.queryKeys;
}

/**
 * Rules that hold for the whole application, applied while signed in (see DomainEventsBridge).
 * Features add theirs at module load: `registerInvalidationRule({ match: 'note.*', queryKeys: [['notes']] })`.
 */
const globalRules: InvalidationRule[] = [];

export function registerInvalidationRule(rule: InvalidationRule): () => void {
  globalRules.push(rule);
  return () => {
    const index = globalRules.indexOf(rule);
    if (index >= 0) globalRules.splice(index, 1);
  };
}

export function invalidationKeysFor(event: DomainEvent, rules: InvalidationRule[] = globalRules): QueryKey[] {
  return rules.filter((rule) => matchesDomainEvent(rule.match, event)).flatMap((rule) => keysOf(rule, event));
}

/** Calls the handler for every domain event (optionally only the matching ones) while mounted. */
export function useDomainEvents(handler: (event: DomainEvent) => void, match?: DomainEventMatcher): void {
  const onEvent = useEffectEvent((event: DomainEvent) => {
    if (!match || matchesDomainEvent(match, event)) handler(event);
  });
  useEffect(() => onDomainEvent((event) => onEvent(event)), []);
}

/** Applies the registered application-wide rules. */
export function useGlobalDomainEventInvalidation(): void {
  const queryClient = useQueryClient();
  useDomainEvents((event) => {
    for (const key of invalidationKeysFor(event)) void queryClient.invalidateQueries({ queryKey: key });
  });
}
