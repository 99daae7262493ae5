/**
 * What a rule refuses, in the domain's words: a kind the HTTP layer maps to a status, and a code per
 * feature the client can act on. Deciders and services throw these; only the error filter knows HTTP.
 */
export type DomainErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }

  static invalid(code: string, description: string, field?: string): DomainError {
    return new DomainError('invalid', code, description, field);
  }

  static unauthorized(code: string, description: string): DomainError {
    return new DomainError('unauthorized', code, description);
  }

  static forbidden(
    description = 'You do not have permission to do this.',
    code = 'permission_denied',
  ): DomainError {
    return new DomainError('forbidden', code, description);
  }

  static notFound(description = 'Not found.', code = 'not_found'): DomainError {
    return new DomainError('not_found', code, description);
  }

  static conflict(code: string, description: string): DomainError {
    return new DomainError('conflict', code, description);
  }
}
