import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError, type ApiErrorItem } from './app-error.js';
import { MAX_BODY_DEPTH, nestedDeeperThan, pathOfNulCharacter } from './request-shape.js';
import { NOT_NULL } from './edit-fields.js';

// One message per field is enough to act on; class-validator reports the last-declared rule first.
function flatten(errors: ValidationError[], parent = ''): ApiErrorItem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    // A null in an edit fails every rule of its field; saying it may not be null is the one that helps.
    const chosen = constraints.find(([rule]) => rule === NOT_NULL) ?? constraints[constraints.length - 1];
    const own =
      constraints.length === 0
        ? []
        : [chosen].map(([rule, message]) => ({
            code: rule === 'whitelistValidation' ? 'unknown_field' : 'invalid',
            field,
            description: rule === 'whitelistValidation' ? `The field ${field} is not allowed here.` : message,
          }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

const CHECKED_SOURCES = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/** Refuses input no handler can store (NUL characters) or transform (absurd nesting), naming the field. */
function refuseUnsafeInput(value: unknown, metadata: ArgumentMetadata): void {
  if (!CHECKED_SOURCES.has(metadata.type)) return;
  if (nestedDeeperThan(value, MAX_BODY_DEPTH)) {
    throw new AppError(
      400,
      'too_deeply_nested',
      `The request ${metadata.type} may not nest lists or objects more than ${MAX_BODY_DEPTH} levels deep.`,
      metadata.data,
    );
  }
  const path = pathOfNulCharacter(value, metadata.data ?? '');
  if (path !== null) {
    const field = path || metadata.type;
    throw new AppError(
      400,
      'invalid_character',
      `The ${field} field may not contain a NUL character.`,
      field,
    );
  }
}

class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Runs for every body, query and path parameter, with or without a DTO, before any transformation.
    refuseUnsafeInput(value, metadata);
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      const wantsList = metadata.metatype === Array;
      if (value === null || typeof value !== 'object' || Array.isArray(value) !== wantsList) {
        throw new AppError(
          400,
          'malformed_body',
          `The request body must be a JSON ${wantsList ? 'list' : 'object'}.`,
        );
      }
    }
    return super.transform(value, metadata);
  }
}

/** Turns class-validator errors into the API's error list, first field first. */
export function validationErrors(errors: ValidationError[]): AppError {
  const items = flatten(errors);
  const [first, ...rest] =
    items.length > 0 ? items : [{ code: 'invalid', description: 'The request body is not valid.' }];
  return new AppError(400, first.code, first.description, first.field, rest);
}

/** Refuses unknown fields and wrong types with a 400 that names each field; nothing reaches a handler unchecked. */
export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: validationErrors,
  });
}
