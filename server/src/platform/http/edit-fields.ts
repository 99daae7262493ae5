import { applyDecorators, type Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import { getMetadataStorage, ValidateBy, ValidateIf } from 'class-validator';

/** The name of the rule; the validation pipe reports it before the field's other rules. */
export const NOT_NULL = 'notNull';

/** Refuses `null`: the fields that accept it say so with `@IsOptional()`, which skips every rule on null. */
export function NotNull(): PropertyDecorator {
  return ValidateBy({
    name: NOT_NULL,
    validator: {
      validate: (value: unknown) => value !== null,
      defaultMessage: (args) => `The ${args?.property ?? 'value'} field may not be null`,
    },
  });
}

/**
 * May be left out, but not sent as null. class-validator's `@IsOptional()` lets null through to the
 * handler, where a column or rule that expects a value fails.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    NotNull(),
  );
}

/**
 * The body of an edit: every field of `base` may be left out, but none may be null unless `base`
 * marks it `@IsOptional()` (a value the edit may clear).
 */
export function EditType<T>(base: Type<T>): Type<Partial<T>> {
  const edit = PartialType(base, { skipNullProperties: false });
  const fields = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(base, '', true, false)
      .map((rule) => rule.propertyName),
  );
  for (const field of fields) NotNull()(edit.prototype as object, field);
  return edit;
}
