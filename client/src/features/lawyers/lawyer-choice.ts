import { persistedKey, readPersistedState } from '../../app/local-state';
import type { LawyerChoice } from './types';

/**
 * The lawyer picked on the add step is kept until the details step sends it (across a reload too);
 * one per client.
 */
const key = (customerId: string) => `lawyer.choice.${customerId}`;

/** Used when the browser keeps no storage (private mode): the choice lives as long as the page. */
const memory = new Map<string, LawyerChoice>();

export function readLawyerChoice(customerId: string | undefined): LawyerChoice | null {
  if (!customerId) return null;
  const choice = readPersistedState<LawyerChoice | null>(key(customerId), memory.get(customerId) ?? null);
  return choice && (choice.kind === 'trusted' || choice.kind === 'own') && choice.lawyer ? choice : null;
}

export function saveLawyerChoice(customerId: string, choice: LawyerChoice): void {
  memory.set(customerId, choice);
  try {
    localStorage.setItem(persistedKey(key(customerId)), JSON.stringify(choice));
  } catch {
    // Storage unavailable: the memory copy is used.
  }
}

export function forgetLawyerChoice(customerId: string): void {
  memory.delete(customerId);
  try {
    localStorage.removeItem(persistedKey(key(customerId)));
  } catch {
    // Nothing was stored.
  }
}
