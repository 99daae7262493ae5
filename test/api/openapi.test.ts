import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The parts of an OpenAPI document this test reads. */
interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Media {
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const answer = await t.http().get('/api/docs-json');
  expect(answer.status).toBe(200);
  doc = answer.body as OpenApi;
});
afterAll(async () => {
  await t?.close();
});

function resolve(schema: Schema): Schema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`${schema.$ref} names no schema`);
    return resolve(target);
  }
  if (schema.allOf) {
    const parts = schema.allOf.map(resolve);
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) };
  }
  return schema;
}

/** Bytes sent as they are: a stored file or a CSV download. */
const isBinary = (schema: Schema): boolean => schema.type === 'string' && schema.format === 'binary';

/** An object that names its properties, or a map that says what each of its values is. */
const hasProperties = (schema: Schema): boolean => {
  const resolved = resolve(schema);
  if (resolved.type !== 'object') return false;
  if (resolved.properties && Object.keys(resolved.properties).length > 0) return true;
  return (
    typeof resolved.additionalProperties === 'object' &&
    undescribed(resolved.additionalProperties, '').length === 0
  );
};

/** Every part of the schema says what it holds: no property, item or value is left undescribed. */
function undescribed(schema: Schema, at: string, seen = new Set<string>()): string[] {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    seen.add(schema.$ref);
    return undescribed(resolve({ $ref: schema.$ref }), schema.$ref, seen);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (parts) return parts.flatMap((part, i) => undescribed(part, `${at}.${key}[${i}]`, seen));
  }
  if (!schema.type && !schema.enum) return [at];
  if (schema.type === 'array')
    return schema.items ? undescribed(schema.items, `${at}[]`, seen) : [`${at} (array without items)`];
  if (schema.type === 'object') {
    if (!schema.properties && schema.additionalProperties === undefined)
      return [`${at} (object without properties)`];
    const extra =
      typeof schema.additionalProperties === 'object'
        ? undescribed(schema.additionalProperties, `${at}{}`, seen)
        : [];
    return [
      ...Object.entries(schema.properties ?? {}).flatMap(([name, p]) =>
        undescribed(p, `${at}.${name}`, seen),
      ),
      ...extra,
    ];
  }
  return [];
}

function operations(): { name: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ name: `${m.toUpperCase()} ${path}`, operation: item[m] })),
  );
}

describe('the OpenAPI document at /api/docs-json', () => {
  it('lists the routes of every part of the API', () => {
    const paths = Object.keys(doc.paths);
    for (const prefix of ['/auth/api/v3/', '/core/api/v3/', '/events/api/v3/'])
      expect(paths.some((p) => p.startsWith(prefix))).toBe(true);
    expect(operations().length).toBeGreaterThan(40);
  });

  it('describes a success answer with its body for every operation', () => {
    const missing: string[] = [];
    for (const { name, operation } of operations()) {
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0) {
        missing.push(`${name}: no 2xx answer`);
        continue;
      }
      for (const [status, answer] of success) {
        if (status === '204') continue;
        const media = Object.entries(answer.content ?? {});
        if (media.length === 0) missing.push(`${name} ${status}: no body`);
        for (const [type, { schema }] of media) {
          if (!schema) missing.push(`${name} ${status} ${type}: no schema`);
          else if (!isBinary(schema) && !hasProperties(schema))
            missing.push(`${name} ${status} ${type}: the body names no properties`);
          else missing.push(...undescribed(schema, `${name} ${status}`));
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes every request body with its properties', () => {
    const missing: string[] = [];
    let bodies = 0;
    for (const { name, operation } of operations()) {
      for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
        bodies += 1;
        if (!schema) {
          missing.push(`${name} ${type}: no schema`);
          continue;
        }
        const resolved = resolve(schema);
        const object = resolved.type === 'array' && resolved.items ? resolved.items : schema;
        if (!hasProperties(object)) missing.push(`${name} ${type}: the body names no properties`);
        else missing.push(...undescribed(schema, `${name} body`));
      }
    }
    expect(bodies).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('gives the type of every parameter', () => {
    const missing = operations().flatMap(({ name, operation }) =>
      (operation.parameters ?? []).flatMap((p) =>
        p.schema ? undescribed(p.schema, `${name} ${p.in} ${p.name}`) : [`${name} ${p.in} ${p.name}`],
      ),
    );
    expect(missing).toEqual([]);
  });

  it('describes the paging parameters of every paged list', () => {
    // These answer the whole list at once, in the page envelope.
    const whole = [
      'GET /core/api/v3/forms',
      'GET /core/api/v3/forms/{code}/history',
      'PATCH /core/api/v3/forms/{code}/files/batch',
    ];
    const missing: string[] = [];
    for (const { name, operation } of operations()) {
      if (whole.includes(name)) continue;
      const json = operation.responses['200']?.content?.['application/json']?.schema;
      if (!json || !resolve(json).properties?.pagination) continue;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const parameter of ['offset', 'limit'])
        if (!query.includes(parameter)) missing.push(`${name}: no ${parameter}`);
    }
    expect(missing).toEqual([]);
  });
});
