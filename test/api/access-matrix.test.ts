import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { Response } from 'supertest';
import { servedRoutes, type Route } from '../support/route-table.js';
import { bearer, eventually, type TestApp } from '../support/test-app.js';
import {
  CALLERS,
  type CallerName,
  coverageProblems,
  forbiddenSideFor,
  freshToken,
  identifiersOf,
  inParallel,
  isCapabilityLink,
  isScoped,
  mixedOverrides,
  needsFresh,
  noteOf,
  resolve,
  sees,
  type Side,
  SIDES,
  type World,
  startWorld,
} from '../support/world.js';

let t: TestApp;
let w: World;
let routes: Route[];
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ t, w, routes } = await startWorld());
}, 120000);

afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await t?.close();
});

/** What the rules say a caller gets: refused with a status, or let past authorisation. */
type Expected = 401 | 403 | 404 | 'allowed';

function expected(route: Route, caller: CallerName, side: Side): Expected {
  if (route.isPublic) return 'allowed';
  const role = w.roles[caller];
  if (!role) return 401;
  if (!route.roles.includes(role)) return 403;
  const note = noteOf(route);
  if (isScoped(route) && !note.objectIgnoredFor?.includes(role) && !sees(w, caller, side)) return 404;
  return 'allowed';
}

/**
 * Past authorisation: a success, a refusal of the (deliberately empty) input or of the current state, or
 * throttling (sign-in and password resets are rate limited, whoever asks).
 */
function passes(route: Route, caller: CallerName, status: number): boolean {
  if (status >= 200 && status < 300) return true;
  // A read sends no input that could be refused: it must succeed.
  if (route.method !== 'GET' && (status === 400 || status === 409 || status === 429)) return true;
  if (status === 401 && noteOf(route).ownCredential) return true;
  const role = w.roles[caller];
  return status === 403 && !!role && !!noteOf(route).domainForbidden?.roles.includes(role);
}

function textOf(answer: Response): string {
  if (answer.text) return answer.text;
  if (Buffer.isBuffer(answer.body)) return (answer.body as Buffer).toString('latin1');
  return JSON.stringify(answer.body ?? '');
}

interface Case {
  route: Route;
  caller: CallerName;
  side: Side;
}

interface Result extends Case {
  status: number;
  expected: Expected;
  ok: boolean;
  leaked: string[];
  detail: string;
}

async function send(
  route: Route,
  caller: CallerName,
  url: string,
  body: unknown,
  token?: string,
): Promise<Response> {
  let request = t.http()[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](url);
  if (caller !== 'anonymous') request = request.set(bearer(token ?? w.tokens[caller]));
  if (body !== undefined) request = request.send(body as object);
  return request;
}

async function run({ route, caller, side }: Case): Promise<Result> {
  const note = noteOf(route);
  const want = expected(route, caller, side);
  const overrides = note.fresh ? await note.fresh(w, side) : {};
  const url = resolve(route, w, side, overrides);
  // Where ownership must refuse, the body is valid, so that the refusal cannot come from validation;
  // elsewhere it is empty, so that nothing a caller may do is actually done to the shared world.
  const body =
    want === 404 && note.validBody ? note.validBody(w.sides[side], w) : route.body ? {} : undefined;
  const token = note.freshSession && caller !== 'anonymous' ? await freshToken(w, caller) : undefined;
  const answer = await send(route, caller, url, body, token);
  const forbidden = forbiddenSideFor(caller);
  const text = textOf(answer);
  // What the caller sent (a form code in the path, say) is not learnt from the answer.
  const sent = `${url} ${JSON.stringify(body ?? '')}`;
  const leaked =
    forbidden && !isCapabilityLink(route)
      ? identifiersOf(w.sides[forbidden]).filter((id) => text.includes(id) && !sent.includes(id))
      : [];
  const ok = want === 'allowed' ? passes(route, caller, answer.status) : answer.status === want;
  return {
    route,
    caller,
    side,
    status: answer.status,
    expected: want,
    ok,
    leaked,
    detail: answer.status >= 400 ? text.slice(0, 200) : '',
  };
}

describe('route table', () => {
  it('lists the application routes, each with roles or @Public, and the world fills every parameter', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'GET /core/api/v3/customers/:id/',
        'POST /auth/api/v3/auth/token/obtain/',
        'GET /core/api/v3/files/:token/',
      ]),
    );
    expect(coverageProblems(routes, w)).toEqual([]);
  });

  it('is what the HTTP router serves under the API prefixes, no more and no less', () => {
    const served = servedRoutes(t.app).filter((name) => /^\S+ \/(auth|core|events)\/api\//.test(name));
    const listed = routes
      .map((route) => route.name)
      .filter((name) => / \/(auth|core|events)\/api\//.test(name));
    // The router keeps paths without their trailing slash (and matches either).
    const bare = (names: string[]) => [...new Set(names.map((name) => name.replace(/\/$/, '')))].sort();
    expect(served.length).toBeGreaterThan(0);
    expect(bare(served)).toEqual(bare(listed));
  });
});

describe('realtime isolation', () => {
  function connect(token: string): Promise<{ socket: Socket; pushes: { customer_id: string | null }[] }> {
    return new Promise((done, fail) => {
      const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const pushes: { customer_id: string | null }[] = [];
      socket.on('domain-event', (push: { customer_id: string | null }) => pushes.push(push));
      socket.on('connect', () => done({ socket, pushes }));
      socket.on('connect_error', fail);
    });
  }

  it("tells B's customer, B's broker and the staff of a change to B's file, and never customer A or broker A", async () => {
    const listeners = Object.fromEntries(
      await Promise.all(
        (['customerA', 'customerB', 'brokerA', 'brokerB', 'assistant', 'principal'] as const).map(
          async (caller) => [caller, (await connect(w.tokens[caller])).pushes] as const,
        ),
      ),
    );
    const b = w.sides.B;
    const edit = await t
      .http()
      .patch(`/core/api/v3/customers/${b.customerId}/`)
      .set(bearer(w.tokens.principal))
      .send({ lender: 'Credit Union of B' });
    expect(edit.status).toBe(200);
    const chat = await t
      .http()
      .post(`/core/api/v3/forms/${b.code}/files/${b.fileId}/comments/`)
      .set(bearer(w.tokens.brokerB))
      .field('text', 'Please upload page two as well.');
    expect(chat.status).toBe(201);
    const aboutB = (caller: string) => listeners[caller].filter((push) => push.customer_id === b.customerId);
    await eventually(() => {
      for (const caller of ['customerB', 'brokerB', 'assistant', 'principal'])
        expect(aboutB(caller).length).toBeGreaterThanOrEqual(2);
    }, 5000);
    await new Promise((settle) => setTimeout(settle, 500));
    expect(aboutB('customerA')).toEqual([]);
    expect(aboutB('brokerA')).toEqual([]);
  });
});

describe('access matrix', () => {
  it('answers every route x caller x object as the roles and ownership say, and leaks nothing across clients', async () => {
    const cases: Case[] = routes.flatMap((route) =>
      CALLERS.flatMap((caller) => SIDES.map((side) => ({ route, caller, side }))),
    );
    const results: Result[] = [];
    // Routes that destroy or retire their object run after the others, on throwaway objects.
    const ordered = [
      ...cases.filter((c) => !needsFresh(c.route)),
      ...cases.filter((c) => needsFresh(c.route)),
    ];
    await inParallel(ordered, 6, async (c) => {
      results.push(await run(c));
    });
    console.log(
      `access matrix: ${routes.length} routes x ${CALLERS.length} callers x ${SIDES.length} objects = ${results.length} cases`,
    );
    const describeCase = (r: Result) =>
      `${r.route.name} as ${r.caller} on ${r.side}'s object: ${r.status}, expected ${r.expected} ${r.detail}`;
    const wrong = results.filter((r) => !r.ok).map(describeCase);
    const leaks = results
      .filter((r) => r.leaked.length > 0)
      .map((r) => `${r.route.name} as ${r.caller} on ${r.side}'s object leaked ${r.leaked.join(', ')}`);
    expect(results).toHaveLength(routes.length * CALLERS.length * SIDES.length);
    expect(wrong).toEqual([]);
    expect(leaks).toEqual([]);
  }, 300000);

  it("refuses another client's note, file, message or lawyer reached through one's own client with 404", async () => {
    const problems: string[] = [];
    let cases = 0;
    for (const route of routes.filter((r) => !r.isPublic)) {
      for (const { param, values } of await mixedOverrides(route, w)) {
        for (const caller of ['customerA', 'brokerA', 'principal'] as const) {
          const role = w.roles[caller]!;
          if (!route.roles.includes(role)) continue;
          const note = noteOf(route);
          const body = note.validBody ? note.validBody(w.sides.A, w) : route.body ? {} : undefined;
          const answer = await send(route, caller, resolve(route, w, 'A', values), body);
          cases++;
          if (answer.status !== 404)
            problems.push(
              `${route.name} as ${caller} with B's :${param}: ${answer.status} ${textOf(answer).slice(0, 160)}`,
            );
        }
      }
    }
    console.log(`mixed objects: ${cases} cases`);
    expect(cases).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('checks ownership before validation, or refuses the body without looking at the object', async () => {
    // A broker sending an empty body about another broker's client: 404 shows ownership is checked first;
    // 400 shows validation ran first (it reveals nothing about the client, since any id answers alike).
    const probed = routes.filter(
      (route) => isScoped(route) && route.roles.includes('broker') && route.body && !needsFresh(route),
    );
    expect(probed.length).toBeGreaterThan(0);
    const answers: string[] = [];
    for (const route of probed) {
      const answer = await send(route, 'brokerA', resolve(route, w, 'B'), {});
      expect([400, 404]).toContain(answer.status);
      if (answer.status === 400) answers.push(route.name);
    }
    console.log(`validated before the ownership check (400, not 404): ${answers.join('; ') || 'none'}`);
  });
});
