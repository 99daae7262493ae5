import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiProperty,
  getSchemaPath,
  type ApiResponseNoStatusOptions,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';

/**
 * OpenAPI documentation of the envelopes in `envelope.ts`: `{ data }` and `{ data: [], pagination }`.
 * A route names the class (or schema) of its payload; the envelope around it is described here once.
 */

export class PaginationDoc {
  @ApiProperty({ description: 'How many items the whole list has.', example: 42 })
  count: number;

  @ApiProperty({ description: 'How many items were skipped.', example: 0 })
  offset: number;

  @ApiProperty({ description: 'At most this many items are in `data`.', example: 10 })
  limit: number;
}

/** The answer of a command that returns nothing but its success: `{ "data": {} }`. */
export class EmptyDataDoc {
  @ApiProperty({ type: 'object', properties: {}, example: {} })
  data: Record<string, never>;
}

/** The answer of a mark-read: nothing stays unread for the caller. */
export class UnreadDoc {
  @ApiProperty({ example: 0 })
  unread: number;
}

export type Payload = Type<unknown> | (SchemaObject & Partial<ReferenceObject>);

function isSchema(payload: Payload): payload is SchemaObject & Partial<ReferenceObject> {
  return typeof payload !== 'function';
}

/** The schema of one payload: a reference to a documented class, or the schema as given. */
export function payloadSchema(payload: Payload): SchemaObject | ReferenceObject {
  return isSchema(payload) ? payload : { $ref: getSchemaPath(payload) };
}

function models(payloads: Payload[]): Type<unknown>[] {
  return payloads.filter((p): p is Type<unknown> => !isSchema(p));
}

/** `{ data: <payload> }`, or `{ data: <payload>[] }` with `isArray`. */
export function dataSchema(payload: Payload, isArray = false): SchemaObject {
  const item = payloadSchema(payload);
  return {
    type: 'object',
    required: ['data'],
    properties: { data: isArray ? { type: 'array', items: item } : item },
  };
}

/** `{ data: <payload>[], pagination }`, with any further properties the list answers with. */
export function pageSchema(payload: Payload, extra: Record<string, SchemaObject> = {}): SchemaObject {
  return {
    type: 'object',
    required: ['data', 'pagination', ...Object.keys(extra)],
    properties: {
      data: { type: 'array', items: payloadSchema(payload) },
      pagination: { $ref: getSchemaPath(PaginationDoc) },
      ...extra,
    },
  };
}

type Answer = typeof ApiOkResponse;
type Options = Omit<ApiResponseNoStatusOptions, 'schema' | 'type'> & { isArray?: boolean };

function documented(
  answer: Answer,
  payload: Payload,
  schema: SchemaObject & Partial<ReferenceObject>,
  options: Options,
) {
  const { isArray: _isArray, ...rest } = options;
  return applyDecorators(
    ApiExtraModels(PaginationDoc, ...models([payload])),
    answer({ description: 'Success.', ...rest, schema }),
  );
}

/** 200 with `{ data: <payload> }` (or a list of payloads with `isArray`). */
export const ApiOkData = (payload: Payload, options: Options = {}) =>
  documented(ApiOkResponse, payload, dataSchema(payload, options.isArray), options);

/** 201 with `{ data: <payload> }` (or a list of payloads with `isArray`). */
export const ApiCreatedData = (payload: Payload, options: Options = {}) =>
  documented(ApiCreatedResponse, payload, dataSchema(payload, options.isArray), options);

/** 200 with `{ data: <payload>[], pagination }`. */
export const ApiOkPage = (payload: Payload, options: Options = {}) =>
  documented(ApiOkResponse, payload, pageSchema(payload), options);

/** 200 with `{ data: {} }`: the command succeeded and has nothing to return. */
export const ApiOkEmpty = (options: Options = {}) =>
  documented(ApiOkResponse, EmptyDataDoc, { $ref: getSchemaPath(EmptyDataDoc) }, options);

/** 201 with `{ data: {} }`. */
export const ApiCreatedEmpty = (options: Options = {}) =>
  documented(ApiCreatedResponse, EmptyDataDoc, { $ref: getSchemaPath(EmptyDataDoc) }, options);
