import type { PipelineFigures } from '@machines/pipeline';
import { api, request } from '../../api/http';

/** The Pipeline page's figures: the whole brokerage, or one broker's clients (a broker gets their own). */
export function getPipeline(broker: string, signal?: AbortSignal) {
  return api.core.get<PipelineFigures>('/pipeline/', broker ? { broker } : undefined, signal);
}

/** The same figures as CSV text, fetched with the session's bearer token. */
export async function getPipelineCsv(broker: string): Promise<string> {
  const envelope = await request<unknown>('core', '/pipeline/', {
    query: { format: 'csv', broker: broker || undefined },
  });
  return typeof envelope.data === 'string' ? envelope.data : String(envelope.data ?? '');
}
