import type { InspectionEvent, Observer } from 'xstate';

/**
 * Development only: opening any page with `?inspect` connects every actor to the Stately inspector.
 * Actors created by features pass `{ inspect: getInspect() }` in their options to join.
 */
let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

export async function setupInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  if (!new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

export function getInspect() {
  return inspect;
}
