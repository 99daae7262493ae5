import { HttpStatus } from '@nestjs/common';

export interface ApiErrorItem {
  code: string;
  description: string;
  field?: string;
}

/**
 * A refusal the caller can act on. Every feature throws these (or its own subclasses) and one filter
 * turns them into `{ errors: [{ code, description, field }] }` with the right status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly field?: string,
    readonly extra: ApiErrorItem[] = [],
  ) {
    super(description);
  }

  items(): ApiErrorItem[] {
    const first: ApiErrorItem = { code: this.code, description: this.message };
    if (this.field) first.field = this.field;
    return [first, ...this.extra];
  }

  static badRequest(code: string, description: string, field?: string): AppError {
    return new AppError(HttpStatus.BAD_REQUEST, code, description, field);
  }

  static invalidField(field: string, description: string): AppError {
    return new AppError(HttpStatus.BAD_REQUEST, 'invalid', description, field);
  }

  static unauthorized(code: string, description: string): AppError {
    return new AppError(HttpStatus.UNAUTHORIZED, code, description);
  }

  static forbidden(
    description = 'You do not have permission to do this.',
    code = 'permission_denied',
  ): AppError {
    return new AppError(HttpStatus.FORBIDDEN, code, description);
  }

  static notFound(description = 'Not found.', code = 'not_found'): AppError {
    return new AppError(HttpStatus.NOT_FOUND, code, description);
  }

  static conflict(code: string, description: string): AppError {
    return new AppError(HttpStatus.CONFLICT, code, description);
  }
}
