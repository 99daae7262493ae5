import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, type SchemaObject } from '@nestjs/swagger';

/** A file part of a multipart body, as OpenAPI describes it. */
export const FILE_PART: SchemaObject = { type: 'string', format: 'binary' };

/**
 * OpenAPI description of a route that reads a `multipart/form-data` body itself (see `multipart.ts`):
 * its text and file parts, by name.
 */
export function ApiMultipartBody(schema: SchemaObject, description?: string) {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({ description, schema: { type: 'object', ...schema } }),
  );
}

/** A note or comment: its `text` part and at most one attached file in the `comment-file` part. */
export function ApiTextWithFileBody(maxLength: number) {
  return ApiMultipartBody({
    properties: {
      text: { type: 'string', maxLength },
      'comment-file': { ...FILE_PART, description: 'One attached file, if any.' },
    },
  });
}
