import { useQuery, type QueryClient } from '@tanstack/react-query';
import { registerInvalidationRule } from '../../api/domain-events';
import { customerKeys } from '../customers/queries';
import { getForm, getHistory, getOwnProfile, listTemplates } from './api';
import type { DocumentForm, FormFile } from './types';

/**
 * Query keys of documents. Everything of a client sits under `documentKeys.customer(id)`, so a push about
 * that client refreshes its forms and histories at once.
 */
export const documentKeys = {
  all: ['documents'] as const,
  templates: () => ['documents', 'templates'] as const,
  customer: (customerId: string) => ['documents', 'customer', customerId] as const,
  form: (customerId: string, code: string) => ['documents', 'customer', customerId, 'form', code] as const,
  history: (customerId: string, code: string) =>
    ['documents', 'customer', customerId, 'history', code] as const,
};

/** The signed-in customer's own client view (form codes, steps, broker). */
export const ownProfileKey = ['customers', 'me'] as const;

export function useTemplates(enabled = true) {
  return useQuery({
    queryKey: documentKeys.templates(),
    queryFn: ({ signal }) => listTemplates(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useDocumentForm(customerId: string | undefined, code: string | undefined) {
  return useQuery({
    queryKey: documentKeys.form(customerId ?? '', code ?? ''),
    queryFn: ({ signal }) => getForm(code!, signal),
    enabled: !!customerId && !!code,
  });
}

export function useFormHistory(customerId: string | undefined, code: string | undefined, enabled = true) {
  return useQuery({
    queryKey: documentKeys.history(customerId ?? '', code ?? ''),
    queryFn: ({ signal }) => getHistory(code!, signal),
    enabled: !!customerId && !!code && enabled,
    // The files' signed links last 15 minutes: fresh ones come before the old ones expire.
    refetchInterval: 10 * 60_000,
  });
}

export function useOwnProfile(enabled = true) {
  return useQuery({ queryKey: ownProfileKey, queryFn: ({ signal }) => getOwnProfile(signal), enabled });
}

export function storeHistory(queryClient: QueryClient, customerId: string, code: string, files: FormFile[]) {
  queryClient.setQueryData(documentKeys.history(customerId, code), files);
}

export function storeForm(queryClient: QueryClient, form: DocumentForm) {
  queryClient.setQueryData(documentKeys.form(form.customer_id, form.code), form);
}

/** After a change here: the client's forms and histories, and the client's counters in the lists. */
export function refreshDocuments(queryClient: QueryClient, customerId: string) {
  void queryClient.invalidateQueries({ queryKey: documentKeys.customer(customerId) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: ownProfileKey });
}

/**
 * Live updates: a status set by staff, a file uploaded by the customer or a chat message reaches every
 * open page of that client without a reload. Pushes say what changed and for which client; the data is
 * read again.
 */
registerInvalidationRule({
  match: ['form.*', 'form_file.*', 'comment.*', 'comments.marked_read'],
  queryKeys: (event) =>
    event.customer_id
      ? [
          [...documentKeys.customer(event.customer_id)],
          [...customerKeys.detail(event.customer_id)],
          [...customerKeys.lists()],
          [...ownProfileKey],
        ]
      : [],
});

registerInvalidationRule({ match: 'customer.*', queryKeys: [[...ownProfileKey]] });
