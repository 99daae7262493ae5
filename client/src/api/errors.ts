/** The error shape of every service: `{ errors: [{ code, description, field }] }` with an HTTP 4xx. */
export interface ApiErrorItem {
  code?: string;
  description?: string;
  field?: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const errors = readErrors(body);
    super(errors[0]?.description ?? (status ? `Request failed with status ${status}` : 'Network error'));
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first error's code, for example `token_not_valid` or `invalid_credentials`. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

function readErrors(body: unknown): ApiErrorItem[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is ApiErrorItem => typeof e === 'object' && e !== null)
    : [];
}

export const FALLBACK_ERROR_TEXT = 'Something went wrong, please contact your broker.';
/** No answer at all: the person's connection, or the server restarting. */
export const UNREACHABLE_TEXT = 'Cannot reach Homeward. Check your connection and try again.';

/**
 * The text of an error toast: the server's error descriptions joined with line breaks, or the
 * fallback when there are none.
 */
export function errorText(error: unknown, fallback: string = FALLBACK_ERROR_TEXT): string {
  const errors = error instanceof ApiError ? error.errors : readErrors(error);
  const descriptions = errors.map((e) => e.description).filter((d): d is string => !!d && d.trim() !== '');
  if (descriptions.length) return descriptions.join('\n');
  return error instanceof ApiError && error.status === 0 ? UNREACHABLE_TEXT : fallback;
}
