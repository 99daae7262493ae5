import { replaceEqualDeep, useQuery, type QueryClient } from '@tanstack/react-query';
import { customerKeys, documentKeys, ownProfileKey } from '../../api/query-keys';
import { keptLink } from '../../api/signed-links';
import { getForm, getHistory, getOwnProfile, listTemplates } from './api';
import type { DocumentForm, FormFile } from './types';

/** Query keys of documents; everything of a client sits under `documentKeys.customer(id)`. */
export { documentKeys, ownProfileKey };

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

/** The files' signed links last 15 minutes: fresh ones come before the old ones expire. */
const HISTORY_REFRESH_MS = 10 * 60_000;
/** A link shown is kept only while it outlives the next timed read by a minute. */
const KEEP_LINK_SECONDS = HISTORY_REFRESH_MS / 1000 + 60;

/** A history read again, with the links already shown kept, so the previews are not downloaded again. */
function withShownLinks(shown: FormFile[] | undefined, fresh: FormFile[]): FormFile[] {
  if (!shown) return fresh;
  const now = Date.now() / 1000;
  const byId = new Map(shown.map((file) => [file.id, file]));
  return fresh.map((file) => {
    const old = byId.get(file.id);
    if (!old) return file;
    return {
      ...file,
      url: keptLink(old.url, file.url, now, KEEP_LINK_SECONDS),
      thumbnail_url: keptLink(old.thumbnail_url, file.thumbnail_url, now, KEEP_LINK_SECONDS),
    };
  });
}

export function useFormHistory(customerId: string | undefined, code: string | undefined, enabled = true) {
  return useQuery({
    queryKey: documentKeys.history(customerId ?? '', code ?? ''),
    queryFn: ({ signal }) => getHistory(code!, signal),
    enabled: !!customerId && !!code && enabled,
    refetchInterval: HISTORY_REFRESH_MS,
    structuralSharing: (shown, fresh) =>
      replaceEqualDeep(shown, withShownLinks(shown as FormFile[] | undefined, fresh as FormFile[])),
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

/**
 * A change here was refused as stale (a conflict): the client's forms, histories and counters are read
 * again. A change that went through needs nothing: its pushes refresh what it touched.
 */
export function refreshDocuments(queryClient: QueryClient, customerId: string) {
  void queryClient.invalidateQueries({ queryKey: documentKeys.customer(customerId) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
}
