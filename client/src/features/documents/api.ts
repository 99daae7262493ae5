import type { FormField } from '@machines/documents';
import { ApiError } from '../../api/errors';
import {
  api,
  buildUrl,
  IDEMPOTENCY_KEY_HEADER,
  isTokenError,
  REQUEST_ID_HEADER,
  sendWithOneResend,
} from '../../api/http';
import { newRequestId } from '../../api/own-changes';
import { getAccessToken } from '../../api/tokens';
import type { CustomerView } from '../customers/types';
import type { DocumentForm, FileComment, FileStatus, FormFile, FormTemplate } from './types';

/** The calls of document-request forms, uploads, review statuses and the chat about each file (spec section 7). */

export function listTemplates(signal?: AbortSignal) {
  return api.core.get<FormTemplate[]>('/forms/templates/', undefined, signal);
}

export function getForm(code: string, signal?: AbortSignal) {
  return api.core.get<DocumentForm>(`/forms/${code}/`, undefined, signal);
}

export function createForm(customerId: string, fields: FormField[]) {
  return api.core.post<{ code: string; customer: { id: string } }>('/forms/', {
    customer_id: customerId,
    fields,
  });
}

export function saveForm(code: string, fields: FormField[], requestId?: string) {
  return api.core.patch<DocumentForm>(`/forms/${code}/`, { fields }, { requestId });
}

/** Archives the form; the answer is the client's new active form (same fields, new code). */
export function archiveForm(code: string) {
  return api.core.patch<DocumentForm>(`/forms/${code}/archive/`);
}

export async function getHistory(code: string, signal?: AbortSignal): Promise<FormFile[]> {
  const page = await api.core.list<FormFile>(`/forms/${code}/history/`, undefined, signal);
  return page.data;
}

/** Saves review statuses at once; the answer is the whole history. */
export async function setFileStatuses(
  code: string,
  changes: { id: string; status: FileStatus }[],
  requestId?: string,
) {
  const answer = await api.core.patch<FormFile[]>(`/forms/${code}/files/batch/`, changes, { requestId });
  return Array.isArray(answer) ? answer : [];
}

export function getOwnProfile(signal?: AbortSignal) {
  return api.core.get<CustomerView>('/customers/me/', undefined, signal);
}

export function listComments(
  code: string,
  fileId: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  return api.core.list<FileComment>(
    `/forms/${code}/files/${fileId}/comments/`,
    { offset, limit, ordering: '-created' },
    signal,
  );
}

export function addComment(code: string, fileId: string, text: string, file: File | null) {
  const body = new FormData();
  body.append('text', text);
  if (file) body.append('comment-file', file, file.name);
  return api.core.post<FileComment>(`/forms/${code}/files/${fileId}/comments/`, body);
}

export function deleteComment(code: string, fileId: string, commentId: string) {
  return api.core.delete<object>(`/forms/${code}/files/${fileId}/comments/${commentId}/`);
}

export function markCommentsRead(code: string, fileId: string) {
  return api.core.patch<{ unread: number }>(`/forms/${code}/files/${fileId}/comments/mark_read/`);
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendWithProgress(
  url: string,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
  ids: { requestId: string; idempotencyKey: string },
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(REQUEST_ID_HEADER, ids.requestId);
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, ids.idempotencyKey);
    const access = getAccessToken();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const payload = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload);
      else reject(new ApiError(xhr.status, payload));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Uploads files to a form, one multipart part per form field name, reporting the bytes sent. It goes
 * through XMLHttpRequest for the upload progress, with the session's token; an expired token is renewed
 * through the HTTP client and the upload sent again.
 */
export async function uploadFiles(
  code: string,
  parts: { field: string; file: File }[],
  onProgress: (progress: UploadProgress) => void,
  requestId: string,
  signal?: AbortSignal,
): Promise<FormFile[]> {
  const url = buildUrl('core', `/forms/${code}/files/`);
  const body = () => {
    const form = new FormData();
    for (const { field, file } of parts) form.append(field, file, file.name);
    return form;
  };
  // A light call through the HTTP client renews the session the way every other call does (and ends it
  // when it cannot be renewed).
  const renewSession = () => api.core.get<unknown>('/users/me/', undefined, signal);
  if (!getAccessToken()) await renewSession();
  // Each batch is a request of its own, known by its own key; the batches of one upload share its request id.
  const ids = { requestId, idempotencyKey: newRequestId() };
  // A batch that got no answer may be stored: it is sent again once, and its key has the server say so.
  const sendBatch = () =>
    sendWithOneResend(() => sendWithProgress(url, body(), onProgress, ids, signal), signal);
  let payload: unknown;
  try {
    payload = await sendBatch();
  } catch (error) {
    if (!isTokenError(error)) throw error;
    await renewSession();
    payload = await sendBatch();
  }
  const data = (payload as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as FormFile[]) : [];
}

/**
 * A link to a client's lender package (a ZIP of the checked documents, with the files in review when
 * asked), valid for a minute: the browser follows it and saves the ZIP to disk as it arrives.
 */
export async function lenderPackageLink(customerId: string, includeInReview: boolean): Promise<string> {
  const query = includeInReview ? '?include=in_review' : '';
  const { url } = await api.core.post<{ url: string }>(
    `/customers/${customerId}/lender_package/link/${query}`,
  );
  return url;
}
