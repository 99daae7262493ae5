import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Response } from 'supertest';
import { isId } from '../../machines/validation.js';
import { dtoFields, type Route } from '../support/route-table.js';
import { PDF_MINIMAL } from '../support/multipart-upload.js';
import { bearer, type TestApp } from '../support/test-app.js';
import {
  type CallerName,
  coverageProblems,
  FORM_FIELD,
  needsFresh,
  noteOf,
  requestEventCount,
  resolve,
  type Values,
  type World,
  startWorld,
} from '../support/world.js';

let t: TestApp;
let w: World;
let routes: Route[];
let database: pg.Pool;

beforeAll(async () => {
  ({ t, w, routes } = await startWorld());
  database = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
}, 120000);

afterAll(async () => {
  await database?.end();
  await t?.close();
});

/** Who may call a route: anonymous on public ones, the principal broker on staff ones, else customer A. */
function callerFor(route: Route): CallerName {
  if (route.isPublic) return 'anonymous';
  if (route.roles.includes('principal_broker')) return 'principal';
  return 'customerA';
}

interface BadCase {
  route: Route;
  what: string;
  /** Path parameters to replace with malformed values (others come from A's objects). */
  params?: Values;
  /** Extra query string. */
  query?: string;
  /** A JSON value, raw text sent as JSON, or a multipart form. */
  body?: { json: unknown } | { raw: string } | { multipart: Multipart };
  /** The field a 400 must name. */
  field?: string;
}

const HUGE = 'x'.repeat(100 * 1024);
const WITH_NUL = 'before\u0000after';
const FIELD_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 12345],
  ['a list', [1, 2]],
  ['an object', { nested: true }],
  ['a 100 KB string', HUGE],
  ['a string with a NUL byte', WITH_NUL],
];
const PAGING_VALUES = ['-1', '1e30', 'abc'];
const PARAM_VALUES: [string, string][] = [
  ['x', 'x'],
  ['the zero uuid', '00000000-0000-0000-0000-000000000000'],
  ['a NUL byte', '\u0000'],
  ['5,000 characters', 'y'.repeat(5000)],
];
/** Field names to try on routes whose body has no DTO (multipart and body-less routes). */
const GENERIC_FIELDS = ['text', 'id', 'status'];
interface Multipart {
  fields: Record<string, string>;
  files: { field: string; name: string; bytes: Buffer }[];
}

/** File fields the multipart routes read: a note's or a message's attachment, and the form's own field. */
const FILE_FIELDS = ['comment-file', FORM_FIELD.name];
const NOT_A_DOCUMENT = Buffer.from('#!/bin/sh\necho this is not a document\n');

const multipartCases = (route: Route): BadCase[] =>
  route.isPublic || route.method !== 'POST' || route.body
    ? []
    : [
        {
          route,
          what: 'a multipart text with a NUL byte',
          body: { multipart: { fields: { text: WITH_NUL }, files: [] } },
        },
        {
          route,
          what: 'a multipart text of 100 KB',
          body: { multipart: { fields: { text: HUGE }, files: [] } },
        },
        ...FILE_FIELDS.flatMap((field): BadCase[] => [
          {
            route,
            what: `a script uploaded as ${field}`,
            body: {
              multipart: {
                fields: { text: 'see attached' },
                files: [{ field, name: 'run.pdf', bytes: NOT_A_DOCUMENT }],
              },
            },
          },
          {
            route,
            what: `a PDF with a 5,000-character name as ${field}`,
            body: {
              multipart: {
                fields: {},
                files: [{ field, name: `${'n'.repeat(5000)}.pdf`, bytes: PDF_MINIMAL }],
              },
            },
          },
        ]),
      ];

const DEEP = `${'['.repeat(20000)}${']'.repeat(20000)}`;

function bodyWith(route: Route, field: string, value: unknown): unknown {
  const valid = noteOf(route).validBody?.(w.sides.A, w);
  if (Array.isArray(valid)) return [{ ...(valid[0] as object), [field]: value }, ...valid.slice(1)];
  return { ...((valid as object | undefined) ?? {}), [field]: value };
}

function fieldsOf(route: Route): string[] {
  const declared = dtoFields(route.body);
  if (declared.length > 0) return declared;
  const valid = noteOf(route).validBody?.(w.sides.A, w);
  const sample = Array.isArray(valid) ? valid[0] : valid;
  if (sample && typeof sample === 'object') return Object.keys(sample);
  return route.method === 'GET' ? [] : GENERIC_FIELDS;
}

const bodyCases = (route: Route): BadCase[] => [
  { route, what: 'malformed JSON', body: { raw: '{"first_name": "Ann' } },
  { route, what: 'a list as body', body: { raw: '[]' } },
  { route, what: 'a string as body', body: { raw: '"text"' } },
  { route, what: 'a number as body', body: { raw: '42' } },
  { route, what: 'null as body', body: { raw: 'null' } },
];

const fieldCases = (route: Route): BadCase[] =>
  fieldsOf(route).flatMap((field) =>
    FIELD_VALUES.map(([label, value]) => ({
      route,
      what: `${field} as ${label}`,
      body: { json: bodyWith(route, field, value) },
    })),
  );

const queryCases = (route: Route): BadCase[] =>
  route.method !== 'GET'
    ? []
    : [
        ...['offset', 'limit'].flatMap((name) =>
          PAGING_VALUES.map((value) => ({ route, what: `${name}=${value}`, query: `${name}=${value}` })),
        ),
        ...dtoFields(route.query)
          .filter((name) => name !== 'offset' && name !== 'limit')
          .flatMap((name) => [
            { route, what: `${name} with a NUL byte`, query: `${name}=a%00b` },
            { route, what: `${name} of 5,000 characters`, query: `${name}=${'q'.repeat(5000)}` },
            { route, what: `${name} given twice`, query: `${name}=a&${name}=b` },
          ]),
      ];

const paramCases = (route: Route): BadCase[] =>
  route.params.flatMap((param) =>
    PARAM_VALUES.map(([label, value]) => ({
      route,
      what: `:${param} as ${label}`,
      params: { [param]: value },
      // A body-less request refused for its path alone must say which parameter is wrong.
      field: isId(value) || !['GET', 'DELETE'].includes(route.method) ? undefined : param,
    })),
  );

const nestingCases = (route: Route): BadCase[] => [
  { route, what: 'a list nested 20,000 deep', body: { raw: DEEP } },
];

interface Outcome {
  line: string;
  problem: string | null;
  status: number;
}

function errorShapeProblem(answer: Response): string | null {
  const body = answer.body as { errors?: { code?: unknown; description?: unknown }[] } | undefined;
  const errors = body?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return `no errors list in ${answer.text.slice(0, 120)}`;
  if (errors.some((e) => typeof e.code !== 'string' || typeof e.description !== 'string'))
    return `an error without code or description: ${JSON.stringify(errors).slice(0, 160)}`;
  return null;
}

async function attempt(c: BadCase): Promise<Outcome> {
  const note = noteOf(c.route);
  const caller = callerFor(c.route);
  const overrides = needsFresh(c.route) && note.fresh ? await note.fresh(w, 'A') : {};
  let url = resolve(c.route, w, 'A', { ...overrides, ...c.params });
  if (c.query) url += `${url.includes('?') ? '&' : '?'}${c.query}`;
  const before = await requestEventCount(database);
  let request = t.http()[c.route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](url);
  if (caller !== 'anonymous') request = request.set(bearer(w.tokens[caller]));
  if (c.body && 'raw' in c.body) request = request.set('Content-Type', 'application/json').send(c.body.raw);
  else if (c.body && 'multipart' in c.body) {
    for (const [name, value] of Object.entries(c.body.multipart.fields)) request = request.field(name, value);
    for (const file of c.body.multipart.files)
      request = request.attach(file.field, file.bytes, {
        filename: file.name,
        contentType: 'application/pdf',
      });
  } else if (c.body) request = request.send(c.body.json as object);
  const answer = await request;
  const line = `${c.route.name} as ${caller} with ${c.what}: ${answer.status}`;
  if (answer.status >= 500)
    return { line, problem: `${line} ${answer.text.slice(0, 160)}`, status: answer.status };
  if (answer.status < 400) return { line, problem: null, status: answer.status };
  const shape = errorShapeProblem(answer);
  if (shape) return { line, problem: `${line}: ${shape}`, status: answer.status };
  const named = (answer.body as { errors: { field?: string }[] }).errors[0].field;
  if (c.field && answer.status === 400 && named !== c.field)
    return { line, problem: `${line}: the error names ${named ?? 'no field'}, not ${c.field}`, status: 400 };
  const after = await requestEventCount(database);
  if (after !== before)
    return { line, problem: `${line}: refused, yet wrote ${after - before} event(s)`, status: answer.status };
  return { line, problem: null, status: answer.status };
}

async function sweep(kind: string, build: (route: Route) => BadCase[]): Promise<void> {
  const cases = routes.flatMap(build);
  // Destroying routes go last, and everything runs one at a time so that the event count is the request's.
  const ordered = [...cases.filter((c) => !needsFresh(c.route)), ...cases.filter((c) => needsFresh(c.route))];
  const outcomes: Outcome[] = [];
  for (const c of ordered) outcomes.push(await attempt(c));
  const accepted = outcomes.filter((o) => o.status < 400).length;
  console.log(
    `bad input, ${kind}: ${outcomes.length} cases over ${new Set(cases.map((c) => c.route.name)).size} routes (${accepted} accepted as legal)`,
  );
  expect(outcomes.length).toBeGreaterThan(0);
  expect(outcomes.map((o) => o.problem).filter(Boolean)).toEqual([]);
}

describe('bad input never answers 5xx, always answers errors as {errors:[{code, description}]}, and writes nothing', () => {
  it('covers every route of the application, and sees what a request writes', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const before = await requestEventCount(database);
    const edit = await t
      .http()
      .patch(`/core/api/v3/customers/${w.sides.A.customerId}/`)
      .set(bearer(w.tokens.principal))
      .send({ lender: 'First National' });
    expect(edit.status).toBe(200);
    expect(await requestEventCount(database)).toBeGreaterThan(before);
    // Every parameter of every route can be filled, and routes that destroy their object have throwaways.
    expect(coverageProblems(routes, w)).toEqual([]);
  });

  it('refuses malformed JSON and bodies of the wrong type', async () => {
    await sweep('malformed and mistyped bodies', bodyCases);
  }, 300000);

  it('refuses every known body field set to null, a number, a list, an object, 100 KB or a NUL byte', async () => {
    await sweep('body fields', fieldCases);
  }, 300000);

  it('refuses negative, huge and non-numeric paging, and odd query values', async () => {
    await sweep('paging and query', queryCases);
  }, 300000);

  it('refuses malformed ids in every path parameter', async () => {
    await sweep('path parameters', paramCases);
  }, 300000);

  it('refuses NUL bytes and oversized text in multipart forms, and files that are not documents', async () => {
    await sweep('multipart forms', multipartCases);
  }, 300000);

  it('refuses a body nested 20,000 lists deep', async () => {
    await sweep('deep nesting', nestingCases);
  }, 300000);
});
