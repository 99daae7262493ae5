import pg from 'pg';
import { DataSource } from 'typeorm';
import type { Role } from '../../machines/roles.js';
import { PasswordService } from '../../server/src/auth/password.service.js';
import { DEMO_PASSWORD } from '../../server/src/seeds/demo-accounts.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import type { PasswordDelivery } from '../../server/src/users/user.events.js';
import { PDF_MINIMAL, uploadMultipart } from './multipart-upload.js';
import { fillPath, routeTable, type Route } from './route-table.js';
import { bearer, PHONES, startTestApp, type TestApp } from './test-app.js';
import { addDays } from '../../machines/pipeline.js';
import { canadianToday } from '../../machines/validation.js';

/** Who calls: nobody, the two customers, their two brokers, the assistant and the principal broker. */
export const CALLERS = [
  'anonymous',
  'customerA',
  'customerB',
  'brokerA',
  'brokerB',
  'assistant',
  'principal',
] as const;
export type CallerName = (typeof CALLERS)[number];

/** A's objects are customer A's (brokered by the demo broker); B's are customer B's (another broker's). */
export const SIDES = ['A', 'B'] as const;
export type Side = (typeof SIDES)[number];

export interface SideObjects {
  customerId: string;
  userId: string;
  typedId: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  brokerId: string;
  code: string;
  fileId: string;
  /** Signed link token of the uploaded file. */
  token: string;
  commentId: string;
  noteId: string;
  lawyerId: string;
  lawyerEmail: string;
  appraiserId: string;
}

export interface World {
  t: TestApp;
  db: DataSource;
  tokens: Record<Exclude<CallerName, 'anonymous'>, string>;
  credentials: Record<Exclude<CallerName, 'anonymous'>, { phone: string; password: string }>;
  roles: Record<CallerName, Role | null>;
  staff: { principal: string; brokerA: string; brokerB: string; assistant: string };
  sides: Record<Side, SideObjects>;
}

export const FORM_FIELD = {
  type: 'file',
  name: 'bank_statement-a9f1',
  caption: 'Three months of bank statements',
  disabled: false,
  tutorial: { description: 'PDF from online banking', example: '' },
};

const PEOPLE: Record<Side, { first: string; last: string; phone: string; email: string; lawyer: string }> = {
  A: {
    first: 'Annika',
    last: 'Zephyrine',
    phone: '14165559001',
    email: 'annika.zephyrine@example.com',
    lawyer: 'lawyer.of.annika@example.com',
  },
  B: {
    first: 'Bertrand',
    last: 'Xylander',
    phone: '14165559002',
    email: 'bertrand.xylander@example.com',
    lawyer: 'lawyer.of.bertrand@example.com',
  },
};

const BROKER_B = { phone: '14165550150', password: 'Second#broker1' };
const CUSTOMER_PASSWORD = 'Customer#2026pass';

let nextPhone = 14165561000;

/** A new client of the given broker, created by the principal broker through the API. */
export async function createClient(
  w: Pick<World, 't' | 'tokens' | 'staff'>,
  brokerId: string,
  person?: { first: string; last: string; phone: string; email: string },
): Promise<{ id: string; userId: string; typedId: string }> {
  const phone = person?.phone ?? String(nextPhone++);
  const answer = await w.t
    .http()
    .post('/core/api/v3/customers/')
    .set(bearer(w.tokens.principal))
    .send({
      first_name: person?.first ?? 'Spare',
      last_name: person?.last ?? 'Client',
      email: person?.email ?? `spare.${phone}@example.com`,
      phone_number: phone,
      status: 'active',
      deal_type: 'purchase',
      broker: brokerId,
      assistant: w.staff.assistant,
    });
  if (answer.status !== 201) throw new Error(`creating a client failed: ${answer.status} ${answer.text}`);
  return { id: answer.body.data.id, userId: answer.body.data.user.id, typedId: answer.body.data.typed_id };
}

/** A new broker on the team, for routes that change or retire the staff member they act on. */
async function inviteBroker(w: Pick<World, 't' | 'tokens'>): Promise<string> {
  const phone = String(nextPhone++);
  const answer = await w.t
    .http()
    .post('/core/api/v3/team/')
    .set(bearer(w.tokens.principal))
    .send({
      first_name: 'Spare',
      last_name: 'Broker',
      email: `broker.${phone}@example.com`,
      phone_number: phone,
      role: 'broker',
    });
  if (answer.status !== 201) throw new Error(`inviting a broker failed: ${answer.status} ${answer.text}`);
  return answer.body.data.id;
}

async function createForm(w: Pick<World, 't' | 'tokens'>, customerId: string): Promise<string> {
  const answer = await w.t
    .http()
    .post('/core/api/v3/forms/')
    .set(bearer(w.tokens.principal))
    .send({ customer_id: customerId, fields: [FORM_FIELD] });
  if (answer.status !== 201) throw new Error(`creating a form failed: ${answer.status} ${answer.text}`);
  return answer.body.data.code as string;
}

async function addNote(w: Pick<World, 't' | 'tokens'>, customerId: string, text: string): Promise<string> {
  const answer = await w.t
    .http()
    .post(`/core/api/v3/customers/${customerId}/notes/`)
    .set(bearer(w.tokens.principal))
    .field('text', text);
  if (answer.status !== 201) throw new Error(`adding a note failed: ${answer.status} ${answer.text}`);
  return answer.body.data.id as string;
}

async function addComment(
  t: TestApp,
  token: string,
  code: string,
  fileId: string,
  text: string,
): Promise<string> {
  const answer = await t
    .http()
    .post(`/core/api/v3/forms/${code}/files/${fileId}/comments/`)
    .set(bearer(token))
    .field('text', text);
  if (answer.status !== 201) throw new Error(`adding a comment failed: ${answer.status} ${answer.text}`);
  return answer.body.data.id as string;
}

/**
 * Signs in a new customer with the one-time password made for them (derived, as the text message does,
 * from the nonce their registration recorded), and replaces it with a known one.
 */
async function signInNewCustomer(t: TestApp, userId: string, phone: string): Promise<string> {
  const db = t.app.get(DataSource);
  const [registered] = (await db.query(
    "SELECT data FROM events WHERE stream_id = $1 AND type = 'user.registered'",
    [userId],
  )) as { data: { passwordDelivery?: PasswordDelivery } }[];
  const delivery = registered?.data.passwordDelivery;
  if (!delivery) throw new Error(`no one-time password was made for ${phone}`);
  const first = await t.login(phone, t.app.get(PasswordService).oneTimePassword(delivery));
  const changed = await t
    .http()
    .patch('/auth/api/v3/users/me/')
    .set(bearer(first.access))
    .send({ password: CUSTOMER_PASSWORD });
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.status} ${changed.text}`);
  return (await t.login(phone, CUSTOMER_PASSWORD)).access;
}

/**
 * Two complete client files side by side: customer A with the demo broker and customer B with a second
 * broker, each with a form holding an uploaded PDF, a chat comment, a note, their own lawyer (waiting for
 * approval) and an appraiser assigned for approval.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.app.get(DataSource);
  await t.app.get(SeedService).registerUser(
    {
      role: 'broker',
      phoneNumber: BROKER_B.phone,
      firstName: 'Bruno',
      lastName: 'Secondbroker',
      email: 'bruno.secondbroker@homeward.example',
    },
    BROKER_B.password,
  );
  const idOf = async (phone: string): Promise<string> =>
    (await db.query('SELECT id FROM users WHERE phone_number = $1', [phone]))[0].id as string;
  const staff = {
    principal: await idOf(PHONES.principalBroker),
    brokerA: await idOf(PHONES.broker),
    brokerB: await idOf(BROKER_B.phone),
    assistant: await idOf(PHONES.assistant),
  };
  const tokens = {
    principal: (await t.login(PHONES.principalBroker)).access,
    brokerA: (await t.login(PHONES.broker)).access,
    brokerB: (await t.login(BROKER_B.phone, BROKER_B.password)).access,
    assistant: (await t.login(PHONES.assistant)).access,
    customerA: '',
    customerB: '',
  };
  const partial = { t, tokens, staff };
  const [appraiser] = (await db.query('SELECT id FROM appraisers ORDER BY id LIMIT 1')) as { id: string }[];
  if (!appraiser) throw new Error('the seed has no appraiser');

  const sides = {} as Record<Side, SideObjects>;
  for (const side of SIDES) {
    const person = PEOPLE[side];
    const brokerId = side === 'A' ? staff.brokerA : staff.brokerB;
    const client = await createClient(partial, brokerId, person);
    const customerToken = await signInNewCustomer(t, client.userId, person.phone);
    tokens[side === 'A' ? 'customerA' : 'customerB'] = customerToken;
    const code = await createForm(partial, client.id);
    const upload = await uploadMultipart(`${t.url}/core/api/v3/forms/${code}/files/`, customerToken, [
      { field: FORM_FIELD.name, fileName: `statement-${side}.pdf`, body: PDF_MINIMAL },
    ]);
    if (upload.status !== 201)
      throw new Error(`upload failed: ${upload.status} ${JSON.stringify(upload.body)}`);
    const file = (upload.body as { data: { id: string; url: string }[] }).data[0];
    const token = /\/files\/([^/]+)\/$/.exec(file.url)?.[1];
    if (!token) throw new Error(`no signed link in ${file.url}`);
    const commentId = await addComment(t, customerToken, code, file.id, `A question from customer ${side}`);
    const noteId = await addNote(partial, client.id, `Internal note about customer ${side}`);
    const lawyer = await t
      .http()
      .post(`/core/api/v3/customers/${client.id}/lawyers/`)
      .set(bearer(customerToken))
      .send({
        first_name: 'Own',
        last_name: `Lawyer${side}`,
        email: person.lawyer,
        phone_number: side === 'A' ? '14165559101' : '14165559102',
        company: `Counsel ${side} LLP`,
        address_line: '100 King St W, Toronto',
      });
    if (lawyer.status !== 201) throw new Error(`own lawyer failed: ${lawyer.status} ${lawyer.text}`);
    const assigned = await t
      .http()
      .post(`/core/api/v3/customers/${client.id}/appraisers/${appraiser.id}/add/`)
      .set(bearer(tokens.principal))
      .send(appraisalDetails(person));
    if (assigned.status !== 200) throw new Error(`appraiser failed: ${assigned.status} ${assigned.text}`);
    sides[side] = {
      customerId: client.id,
      userId: client.userId,
      typedId: client.typedId,
      firstName: person.first,
      lastName: person.last,
      phone: person.phone,
      email: person.email,
      brokerId,
      code,
      fileId: file.id,
      token,
      commentId,
      noteId,
      lawyerId: lawyer.body.data.lawyer as string,
      lawyerEmail: person.lawyer,
      appraiserId: appraiser.id,
    };
  }
  const credentials = {
    principal: { phone: PHONES.principalBroker, password: DEMO_PASSWORD },
    brokerA: { phone: PHONES.broker, password: DEMO_PASSWORD },
    brokerB: { phone: BROKER_B.phone, password: BROKER_B.password },
    assistant: { phone: PHONES.assistant, password: DEMO_PASSWORD },
    customerA: { phone: PEOPLE.A.phone, password: CUSTOMER_PASSWORD },
    customerB: { phone: PEOPLE.B.phone, password: CUSTOMER_PASSWORD },
  };
  return {
    t,
    db,
    tokens,
    credentials,
    roles: {
      anonymous: null,
      customerA: 'customer',
      customerB: 'customer',
      brokerA: 'broker',
      brokerB: 'broker',
      assistant: 'assistant',
      principal: 'principal_broker',
    },
    staff,
    sides,
  };
}

/** One application, its two client files and its route table, shared by every case of a suite. */
export async function startWorld(): Promise<{ t: TestApp; w: World; routes: Route[] }> {
  const t = await startTestApp();
  return { t, w: await buildWorld(t), routes: routeTable(t.app) };
}

function appraisalDetails(person: { first: string; last: string; phone: string; email: string }) {
  return {
    first_name: person.first,
    last_name: person.last,
    email: person.email,
    phone_number: person.phone,
    expected_value: 640000,
    address: '12 Elm St, Toronto, ON',
    expected_date: '2027-03-01',
    access_details: 'owner',
    mortgage_position: 'first',
    lender: 'Scotiabank',
    underwriter_email: 'underwriter@scotia.example',
    underwriter_name: 'Dana Ortiz',
    mortgage_number: 'SC-44120',
  };
}

/** Whether a caller may see a side's client file: staff who handle it, and its own customer. */
export function sees(w: World, caller: CallerName, side: Side): boolean {
  switch (caller) {
    case 'principal':
    case 'assistant':
      return true;
    case 'brokerA':
    case 'customerA':
      return side === 'A';
    case 'brokerB':
    case 'customerB':
      return side === 'B';
    case 'anonymous':
      return false;
  }
}

/** The identifiers of a side's customer that must never reach the other side's customer or broker. */
export function identifiersOf(objects: SideObjects): string[] {
  return [
    objects.customerId,
    objects.userId,
    objects.typedId,
    objects.firstName,
    objects.lastName,
    objects.phone,
    objects.email,
    objects.code,
    objects.fileId,
    objects.lawyerEmail,
  ];
}

/** Which side's identifiers a caller must never receive. */
export function forbiddenSideFor(caller: CallerName): Side | null {
  if (caller === 'customerA' || caller === 'brokerA') return 'B';
  if (caller === 'customerB' || caller === 'brokerB') return 'A';
  return null;
}

/** Path parameters the world can fill, by name. */
const PARAM_OBJECTS: Record<string, keyof SideObjects> = {
  id: 'customerId',
  customerId: 'customerId',
  code: 'code',
  fileId: 'fileId',
  commentId: 'commentId',
  noteId: 'noteId',
  lawyerId: 'lawyerId',
  appraiserId: 'appraiserId',
  token: 'token',
};

/** Parameters that are capabilities on their own (a signed link): they do not name a client to check. */
const CAPABILITY_PARAMS = new Set(['token']);

export type Values = Record<string, string>;

/** What the tests need to know about one route beyond what its metadata says. */
export interface RouteNote {
  /** Query string with `:param` placeholders filled from the side's objects. */
  query?: string;
  /** A body that passes validation: sent where the object must be refused, so a refusal never rests on validation. */
  validBody?: (o: SideObjects, w: World) => unknown;
  /** Roles the route admits that the domain still refuses with 403 on objects they may see (with the reason). */
  domainForbidden?: { roles: Role[]; why: string };
  /** A public route whose own credential (not the bearer token) is missing in the cases: 401 is its answer. */
  ownCredential?: string;
  /** Roles for which the route ignores the object in the request and answers about the caller's own. */
  objectIgnoredFor?: Role[];
  /** Builds a throwaway object for each case, for routes that destroy or retire what they act on. */
  fresh?: (w: World, side: Side) => Promise<Values>;
  /** Ends the caller's session: each case signs the caller in anew and spends that session. */
  freshSession?: boolean;
}

/** A new session of a caller, for routes that end the session they are called with. */
export async function freshToken(w: World, caller: Exclude<CallerName, 'anonymous'>): Promise<string> {
  const { phone, password } = w.credentials[caller];
  return (await w.t.login(phone, password)).access;
}

const C = '/core/api/v3';

const STEPS = ['application', 'uploads', 'lawyers', 'appraisers', 'sign_documents'];

const checkedFiles = new Map<string, Promise<void>>();

/** Marks a side's file checked (sent again if a preview recorded on it meanwhile). */
async function checkFile(w: World, side: Side): Promise<void> {
  const { code, fileId } = w.sides[side];
  for (let attempt = 1; ; attempt++) {
    const answer = await w.t
      .http()
      .patch(`${C}/forms/${code}/files/batch/`)
      .set(bearer(w.tokens.principal))
      .send([{ id: fileId, status: 'checked' }]);
    if (answer.status === 200) return;
    if (answer.status !== 409 || attempt >= 5)
      throw new Error(`checking a file failed: ${answer.status} ${answer.text}`);
  }
}

async function withCheckedFile(w: World, side: Side): Promise<Values> {
  const key = `${w.sides[side].fileId}`;
  if (!checkedFiles.has(key)) checkedFiles.set(key, checkFile(w, side));
  await checkedFiles.get(key);
  return {};
}

export const ROUTE_NOTES: Record<string, RouteNote> = {
  [`POST /auth/api/v3/auth/token/revoke/`]: { freshSession: true },
  [`POST /auth/api/v3/auth/token/refresh/`]: { ownCredential: 'the refresh cookie' },
  [`POST /events/api/v3/sms/status/`]: { ownCredential: "the carrier's signature" },
  [`PATCH ${C}/team/:id/`]: { fresh: async (w) => ({ id: await inviteBroker(w) }) },
  [`POST ${C}/team/:id/deactivate/`]: { fresh: async (w) => ({ id: await inviteBroker(w) }) },
  [`POST ${C}/team/:id/reactivate/`]: { fresh: async (w) => ({ id: await inviteBroker(w) }) },
  [`DELETE ${C}/team/:id/second_factor/`]: { fresh: async (w) => ({ id: await inviteBroker(w) }) },
  [`POST ${C}/team/:id/reassign/`]: {
    fresh: async (w) => ({ id: await inviteBroker(w) }),
    validBody: (_o, w) => ({ to: w.staff.principal }),
  },
  [`GET ${C}/forms/`]: { query: 'customer_id=:customerId', objectIgnoredFor: ['customer'] },
  [`GET /events/api/v3/events/`]: { query: 'rel_type=User&rel_id=:userId&offset=0&limit=100' },
  [`POST ${C}/forms/`]: {
    validBody: (o) => ({ customer_id: o.customerId, fields: [FORM_FIELD] }),
  },
  // A status alone is decided on the client's own stream, without the client's row: its own check.
  [`PATCH ${C}/customers/:id/`]: { validBody: () => ({ status: 'funded' }) },
  [`PATCH ${C}/forms/:code/`]: { validBody: () => ({ fields: [FORM_FIELD] }) },
  [`PATCH ${C}/forms/:code/files/batch/`]: { validBody: (o) => [{ id: o.fileId, status: 'in_review' }] },
  [`PATCH ${C}/forms/:code/archive/`]: {
    fresh: async (w, side) => {
      const client = await createClient(w, w.sides[side].brokerId);
      return { code: await createForm(w, client.id) };
    },
  },
  // A package needs a checked file: the side's file is marked checked once, before its first case.
  [`GET ${C}/customers/:id/lender_package/`]: { fresh: withCheckedFile },
  [`POST ${C}/customers/:id/lender_package/link/`]: { fresh: withCheckedFile },
  // The link is the credential: whoever follows it gets the package of the principal broker who asked.
  [`GET ${C}/lender_packages/:token/`]: {
    fresh: async (w, side) => {
      await withCheckedFile(w, side);
      const link = await w.t
        .http()
        .post(`${C}/customers/${w.sides[side].customerId}/lender_package/link/`)
        .set(bearer(w.tokens.principal));
      const token = /\/lender_packages\/([^/]+)\/$/.exec(String(link.body?.data?.url))?.[1];
      if (!token) throw new Error(`no lender package link: ${link.status} ${link.text}`);
      return { token };
    },
  },
  [`POST ${C}/customers/:id/notify/`]: { validBody: () => ({ notify_type: 'form_sent' }) },
  [`PATCH ${C}/customers/:id/steps/`]: {
    validBody: () => STEPS.map((step) => ({ step, is_active: true, is_completed: false })),
  },
  [`DELETE ${C}/customers/:id/`]: {
    fresh: async (w, side) => ({ id: (await createClient(w, w.sides[side].brokerId)).id }),
  },
  [`DELETE ${C}/customers/:customerId/notes/:noteId/`]: {
    domainForbidden: {
      roles: ['broker', 'assistant'],
      why: 'a note is deleted by its author or a principal broker',
    },
    fresh: async (w, side) => ({
      noteId: await addNote(w, w.sides[side].customerId, 'A note to delete'),
    }),
  },
  [`DELETE ${C}/forms/:code/files/:fileId/comments/:commentId/`]: {
    domainForbidden: {
      roles: ['broker', 'assistant'],
      why: 'a chat message is deleted by its author or a principal broker',
    },
    fresh: async (w, side) => {
      const o = w.sides[side];
      const token = w.tokens[side === 'A' ? 'customerA' : 'customerB'];
      return { commentId: await addComment(w.t, token, o.code, o.fileId, 'A message to delete') };
    },
  },
  [`POST ${C}/customers/:customerId/lawyers/`]: {
    validBody: (o) => ({
      first_name: 'Other',
      last_name: 'Counsel',
      email: `other.${o.customerId.slice(0, 8)}@example.com`,
      phone_number: '14165559199',
      company: 'Other Counsel LLP',
      address_line: '1 Front St, Toronto',
    }),
  },
  [`PATCH ${C}/customers/:customerId/lawyers/approve/`]: {
    domainForbidden: { roles: ['customer'], why: 'only staff approve a lawyer' },
  },
  [`PATCH ${C}/customers/:customerId/lawyers/reject_revoke/`]: {
    domainForbidden: { roles: ['customer'], why: 'only staff reject a revoke' },
  },
  [`PATCH ${C}/customers/:customerId/lawyers/:lawyerId/`]: {
    domainForbidden: { roles: ['customer'], why: 'only staff edit a lawyer' },
  },
  [`PATCH ${C}/customers/:customerId/appraisers/approve/`]: {
    domainForbidden: { roles: ['customer'], why: 'only staff approve an appraiser' },
  },
  [`PATCH ${C}/customers/:customerId/appraisers/revoke/`]: {
    domainForbidden: { roles: ['customer'], why: 'only staff revoke an appraiser' },
  },
  [`POST ${C}/customers/:customerId/appraisers/:appraiserId/add/`]: {
    domainForbidden: { roles: ['customer'], why: 'only staff assign an appraiser' },
    validBody: (o) => appraisalDetails({ first: 'Val', last: 'Id', phone: o.phone, email: o.email }),
  },
  [`POST ${C}/customers/:customerId/appraisers/appraiser_request/`]: {
    validBody: (o) => ({
      appraiser_ids: [o.appraiserId],
      property_address: '12 Elm St, Toronto, ON',
      lender: 'Scotiabank',
      mortgage_position: 'first',
      ltv: 80,
      expected_value: 640000,
      due_date: addDays(canadianToday(), 60),
      comment: '',
    }),
  },
};

export function noteOf(route: Route): RouteNote {
  return ROUTE_NOTES[route.name] ?? {};
}

/**
 * Routes reached through a signed link: the link answers whoever holds it, having been handed only to
 * someone who may see what it names, so what it answers is no leak.
 */
export function isCapabilityLink(route: Route): boolean {
  return route.params.some((p) => CAPABILITY_PARAMS.has(p));
}

/** Routes whose object (path or query) names a client file, so ownership decides the answer. */
export function isScoped(route: Route): boolean {
  if (route.isPublic) return false;
  const query = noteOf(route).query ?? '';
  return route.params.some((p) => !CAPABILITY_PARAMS.has(p)) || /:[A-Za-z]+/.test(query);
}

/**
 * Fills a route's path and query with one side's objects; a parameter the world cannot fill fails with the
 * route's name, so a new route cannot go without cases.
 */
export function resolve(route: Route, w: World, side: Side, overrides: Values = {}): string {
  const objects = w.sides[side];
  const values: Values = {};
  for (const param of route.params) {
    const key = PARAM_OBJECTS[param];
    if (overrides[param] !== undefined) values[param] = overrides[param];
    else if (key) values[param] = objects[key];
    else throw new Error(`${route.name}: the world has no object for :${param}`);
  }
  const path = fillPath(route.path, values);
  const query = noteOf(route).query;
  if (!query) return path;
  const filled = query.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (objects as unknown as Record<string, string>)[name];
    if (value === undefined)
      throw new Error(`${route.name}: the world has no object for :${name} in the query`);
    return encodeURIComponent(value);
  });
  return `${path}?${filled}`;
}

/**
 * Mixed objects: the route's first parameter from A and one later parameter from B (say A's client with
 * B's note), for each later parameter whose value differs between the sides.
 */
export async function mixedOverrides(route: Route, w: World): Promise<{ param: string; values: Values }[]> {
  const fresh = needsFresh(route) && noteOf(route).fresh ? await noteOf(route).fresh!(w, 'B') : {};
  return route.params.slice(1).flatMap((param) => {
    const key = PARAM_OBJECTS[param];
    const foreign = fresh[param] ?? (key ? w.sides.B[key] : undefined);
    if (!key || foreign === undefined || foreign === w.sides.A[key]) return [];
    return [{ param, values: { [param]: foreign } }];
  });
}

/** Routes that destroy or retire what they act on must build throwaway objects. */
export function needsFresh(route: Route): boolean {
  return route.method === 'DELETE' || /\/(archive|token\/revoke|logout|sign_out)\/?$/.test(route.path);
}

/** Problems that keep a route from having its cases: each names the route. */
export function coverageProblems(routes: Route[], w: World): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (!route.isPublic && route.roles.length === 0)
      problems.push(`${route.name}: declares neither roles nor @Public`);
    if (needsFresh(route) && !noteOf(route).fresh && !noteOf(route).freshSession)
      problems.push(`${route.name}: destroys its object but has no throwaway builder in ROUTE_NOTES`);
    for (const side of SIDES) {
      try {
        resolve(route, w, side);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
  }
  for (const name of Object.keys(ROUTE_NOTES))
    if (!routes.some((route) => route.name === name)) problems.push(`${name}: noted but no longer a route`);
  return [...new Set(problems)];
}

/**
 * Events written by requests so far (background work, such as messages going out, records no request id),
 * read over a connection of its own to the application's database.
 */
export async function requestEventCount(database: pg.Pool): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM events WHERE metadata->>'requestId' IS NOT NULL",
  );
  return rows[0].n;
}

/** Runs tasks with at most `limit` in flight. */
export async function inParallel<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}
