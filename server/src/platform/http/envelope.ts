/** Answers wrap their payload in `data`; lists also carry `pagination.count`. */
export interface DataEnvelope<T> {
  data: T;
}

export interface PageEnvelope<T> {
  data: T[];
  pagination: { count: number; offset: number; limit: number };
}

export function ok<T>(data: T): DataEnvelope<T> {
  return { data };
}

export function page<T>(data: T[], count: number, offset: number, limit: number): PageEnvelope<T> {
  return { data, pagination: { count, offset, limit } };
}
