import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

/** The team page: principal brokers invite, edit, promote, deactivate and hand over staff. */

const T = '/core/api/v3/team/';
const C = '/core/api/v3/customers/';

let t: TestApp;
let db: DataSource;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let phoneSerial = 0;
const newPhone = () => `1416555${(7300 + phoneSerial++).toString()}`;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  tokens.pb = (await t.login(PHONES.principalBroker)).access;
  tokens.broker = (await t.login(PHONES.broker)).access;
  tokens.assistant = (await t.login(PHONES.assistant)).access;
  tokens.customer = (await t.login(PHONES.customer)).access;
  for (const [key, phone] of Object.entries(PHONES))
    ids[key] = (await db.query('SELECT id FROM users WHERE phone_number = $1', [phone]))[0].id;
});

afterAll(async () => {
  await t.close();
});

/** The one-time password texted to a phone number. */
async function textedPassword(phone: string): Promise<string> {
  const sms = await eventually(() => {
    const found = t.outbox.delivered.find((d) => d.to === `+${phone}`);
    if (!found) throw new Error('not yet');
    return found;
  });
  return /(\S+)$/.exec(sms.text)![1];
}

async function invite(role: string, overrides: Record<string, unknown> = {}) {
  const phone = newPhone();
  const answer = await t
    .http()
    .post(T)
    .set(bearer(tokens.pb))
    .send({
      first_name: 'Nora',
      last_name: 'Quinn',
      email: `nora.${phone}@example.com`,
      phone_number: phone,
      role,
      ...overrides,
    });
  expect(answer.status).toBe(201);
  return { id: answer.body.data.id as string, phone, member: answer.body.data };
}

async function eventCount(): Promise<number> {
  await t.drain();
  return (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
}

/** The principal broker hands every client of `from` over to `to`. */
function reassign(from: string, to: string) {
  return t.http().post(`${T}${from}/reassign/`).set(bearer(tokens.pb)).send({ to });
}

/** A new client of `brokerId`, created by the principal broker; its e-mail made from its name. */
function clientOf(brokerId: string, firstName: string, lastName: string) {
  return t
    .http()
    .post(C)
    .set(bearer(tokens.pb))
    .send({
      first_name: firstName,
      last_name: lastName,
      email: `${firstName}.${lastName}@example.com`.toLowerCase().replace(/ /g, '.'),
      phone_number: newPhone(),
      status: 'active',
      deal_type: 'purchase',
      broker: brokerId,
    });
}

describe('who may manage the team', () => {
  it.each(['broker', 'assistant', 'customer'])('refuses a %s every team action', async (who) => {
    const token = tokens[who];
    const target = ids.broker;
    const answers = await Promise.all([
      t.http().get(T).set(bearer(token)),
      t.http().get(`${T}history/`).set(bearer(token)),
      t.http().post(T).set(bearer(token)).send({}),
      t.http().patch(`${T}${target}/`).set(bearer(token)).send({ first_name: 'X' }),
      t.http().post(`${T}${target}/deactivate/`).set(bearer(token)),
      t.http().post(`${T}${target}/reactivate/`).set(bearer(token)),
      t.http().post(`${T}${target}/reassign/`).set(bearer(token)).send({ to: ids.principalBroker }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });
});

describe('the team', () => {
  it('lists every staff member with role, phone, e-mail, codes, status and client count', async () => {
    const answer = await t.http().get(T).set(bearer(tokens.pb));
    expect(answer.status).toBe(200);
    const broker = answer.body.data.find((m: { id: string }) => m.id === ids.broker);
    expect(broker).toMatchObject({
      role: 'broker',
      phone_number: PHONES.broker,
      status: 'active',
      broker_codes: [],
    });
    expect(broker.client_count).toBeGreaterThan(0);
    expect(answer.body.data.some((m: { role: string }) => m.role === 'customer')).toBe(false);
  });

  it('invites a broker, who gets a one-time password by text and must choose their own first', async () => {
    const { id, phone, member } = await invite('broker', { broker_codes: ['brx1042'] });
    expect(member).toMatchObject({
      role: 'broker',
      status: 'invited',
      broker_codes: ['BRX1042'],
      client_count: 0,
    });
    const password = await textedPassword(phone);
    expect(JSON.stringify(await db.query('SELECT data FROM events'))).not.toContain(password);
    const session = await t.login(phone, password);
    const me = await t.http().get('/core/api/v3/users/me/').set(bearer(session.access));
    expect(me.body.data).toMatchObject({ id, role: 'broker', require_change_password: true });
    const blocked = await t.http().get(C).set(bearer(session.access));
    expect(blocked.status).toBe(403);
  });

  it.each([
    ['phone_number', { phone_number: '4165550199' }],
    ['role', { role: 'customer' }],
    ['email', { email: 'nope' }],
    ['broker_codes', { broker_codes: ['has space'] }],
    ['broker_codes', { role: 'assistant', broker_codes: ['ABC1'] }],
  ])('answers 400 naming %s for a bad invitation and writes nothing', async (field, overrides) => {
    const before = await eventCount();
    const answer = await t
      .http()
      .post(T)
      .set(bearer(tokens.pb))
      .send({
        first_name: 'Bad',
        last_name: 'Input',
        email: 'bad@example.com',
        phone_number: newPhone(),
        role: 'broker',
        ...overrides,
      });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe(field);
    expect(await eventCount()).toBe(before);
  });

  it("answers 409 naming phone_number for an invitation with another account's number, and writes nothing", async () => {
    const before = await eventCount();
    const answer = await t.http().post(T).set(bearer(tokens.pb)).send({
      first_name: 'Taken',
      last_name: 'Number',
      email: 'taken@example.com',
      phone_number: PHONES.broker,
      role: 'broker',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0]).toMatchObject({ code: 'phone_number_taken', field: 'phone_number' });
    expect(await eventCount()).toBe(before);
  });

  it('edits names, e-mail, codes and role, and lists each change with who made it', async () => {
    const { id } = await invite('broker');
    const edited = await t
      .http()
      .patch(`${T}${id}/`)
      .set(bearer(tokens.pb))
      .send({ first_name: 'Norah', email: 'norah@example.com', broker_codes: ['ABC123', 'XYZ9'] });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      first_name: 'Norah',
      email: 'norah@example.com',
      broker_codes: ['ABC123', 'XYZ9'],
    });
    const promoted = await t.http().patch(`${T}${id}/`).set(bearer(tokens.pb)).send({ role: 'assistant' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ role: 'assistant', broker_codes: [] });

    const history = await t.http().get(`${T}history/?limit=10`).set(bearer(tokens.pb));
    const mine = history.body.data.filter((h: { user: { id: string } }) => h.user.id === id);
    expect(mine.map((h: { type: string }) => h.type)).toEqual([
      'user.broker_codes_changed',
      'user.role_changed',
      'user.broker_codes_changed',
      'user.profile_updated',
      'user.registered',
    ]);
    expect(mine[1]).toMatchObject({
      changes: { from: 'broker', to: 'assistant' },
      actor: { id: ids.principalBroker },
    });
    expect(JSON.stringify(history.body)).not.toMatch(/passwordHash|\$argon/);
  });

  it("gives the client's view the broker's first code, for the mortgage application link", async () => {
    const edited = await t
      .http()
      .patch(`${T}${ids.broker}/`)
      .set(bearer(tokens.pb))
      .send({ broker_codes: ['HW2024', 'LND7'] });
    expect(edited.status).toBe(200);
    const own = await t.http().get('/core/api/v3/customers/me/').set(bearer(tokens.customer));
    expect(own.status).toBe(200);
    expect(own.body.data.broker.codes[0]).toBe('HW2024');
  });

  it("lets a broker keep their own codes, which their clients' links carry; an assistant has none", async () => {
    const mine = '/core/api/v3/users/me/broker_codes/';
    const kept = await t
      .http()
      .put(mine)
      .set(bearer(tokens.broker))
      .send({ broker_codes: ['own77', 'HW2024'] });
    expect(kept.status).toBe(200);
    expect(kept.body.data.broker_codes).toEqual(['OWN77', 'HW2024']);
    const me = await t.http().get('/core/api/v3/users/me/').set(bearer(tokens.broker));
    expect(me.body.data.broker_codes).toEqual(['OWN77', 'HW2024']);
    const own = await t.http().get('/core/api/v3/customers/me/').set(bearer(tokens.customer));
    expect(own.body.data.broker.codes[0]).toBe('OWN77');

    const bad = await t
      .http()
      .put(mine)
      .set(bearer(tokens.broker))
      .send({ broker_codes: ['no spaces'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('broker_codes');
    const missing = await t.http().put(mine).set(bearer(tokens.broker)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('broker_codes');
    const assistant = await t
      .http()
      .put(mine)
      .set(bearer(tokens.assistant))
      .send({ broker_codes: ['A1'] });
    expect(assistant.status).toBe(403);
  });
});

describe('the last principal broker', () => {
  it('refuses to demote or deactivate the only active principal broker', async () => {
    const demote = await t
      .http()
      .patch(`${T}${ids.principalBroker}/`)
      .set(bearer(tokens.pb))
      .send({ role: 'broker' });
    expect(demote.status).toBe(409);
    expect(demote.body.errors[0].code).toBe('last_principal_broker');
    const { id } = await invite('broker');
    await t.http().patch(`${T}${id}/`).set(bearer(tokens.pb)).send({ role: 'principal_broker' });
    const self = await t.http().post(`${T}${ids.principalBroker}/deactivate/`).set(bearer(tokens.pb));
    expect(self.status).toBe(400);
  });

  it('lets only one of two principal brokers be removed when each removes the other at once', async () => {
    const a = await invite('principal_broker');
    const b = await invite('principal_broker');
    const asA = await signInChosen(a.phone);
    const asB = await signInChosen(b.phone);
    const principals = async (): Promise<string[]> =>
      (await db.query("SELECT id FROM users WHERE role = 'principal_broker' AND is_active")).map(
        (r: { id: string }) => r.id,
      );
    // Leave exactly these two: the others are deactivated, and the demo principal broker steps down.
    for (const id of await principals())
      if (![a.id, b.id, ids.principalBroker].includes(id))
        expect((await t.http().post(`${T}${id}/deactivate/`).set(bearer(asA))).status).toBe(200);
    const down = await t
      .http()
      .patch(`${T}${ids.principalBroker}/`)
      .set(bearer(asA))
      .send({ role: 'broker' });
    expect(down.status).toBe(200);
    expect(await principals()).toHaveLength(2);

    const answers = await Promise.all([
      t.http().post(`${T}${b.id}/deactivate/`).set(bearer(asA)),
      t.http().patch(`${T}${a.id}/`).set(bearer(asB)).send({ role: 'assistant' }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await principals()).toHaveLength(1);
    tokens.pb = (await principals())[0] === a.id ? asA : asB;
    ids.principalBroker = (await principals())[0];
  });
});

/** Signs in a new member with their texted password and chooses a password, answering an access token. */
async function signInChosen(phone: string): Promise<string> {
  const session = await t.login(phone, await textedPassword(phone));
  const chosen = 'Chosen#2026pass';
  const changed = await t
    .http()
    .patch('/auth/api/v3/users/me/')
    .set(bearer(session.access))
    .send({ password: chosen });
  if (changed.status !== 200)
    throw new Error(`password change: ${changed.status} ${JSON.stringify(changed.body)}`);
  return (await t.login(phone, chosen)).access;
}

describe('deactivation and handover', () => {
  it('ends every session of a deactivated member at once, and lets them back in when reactivated', async () => {
    const { id, phone } = await invite('broker');
    const access = await signInChosen(phone);
    expect((await t.http().get(C).set(bearer(access))).status).toBe(200);
    const off = await t.http().post(`${T}${id}/deactivate/`).set(bearer(tokens.pb));
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe('deactivated');
    expect((await t.http().get(C).set(bearer(access))).status).toBe(401);
    const refused = await t
      .http()
      .post('/auth/api/v3/auth/token/obtain/')
      .send({ phone_number: phone, password: 'Chosen#2026pass' });
    expect(refused.status).toBe(401);
    const brokers = await t.http().get('/core/api/v3/users/?role=broker').set(bearer(tokens.pb));
    expect(brokers.body.data.some((u: { id: string }) => u.id === id)).toBe(false);

    const on = await t.http().post(`${T}${id}/reactivate/`).set(bearer(tokens.pb));
    expect(on.status).toBe(200);
    expect((await t.login(phone, 'Chosen#2026pass')).access).toBeTruthy();
  });

  it("moves all of a departing broker's clients to another broker, each recorded, keeping edits made meanwhile", async () => {
    const from = await invite('broker');
    const to = await invite('broker');
    const clients: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await clientOf(from.id, 'Hand', `Over ${'abcdefgh'[i]}`);
      expect([created.status, created.body.errors]).toEqual([201, undefined]);
      clients.push(created.body.data.id);
    }
    const [moved, ...edits] = await Promise.all([
      reassign(from.id, to.id),
      ...clients.map((id, i) =>
        t
          .http()
          .patch(`${C}${id}/`)
          .set(bearer(tokens.pb))
          .send({ lender: `Lender ${i}` }),
      ),
    ]);
    expect(moved.status).toBe(200);
    expect(moved.body.data.moved).toBe(8);
    expect(edits.map((e) => e.status)).toEqual(clients.map(() => 200));
    const rows: { broker_id: string; lender: string }[] = await db.query(
      'SELECT broker_id, lender FROM customers WHERE id = ANY($1) ORDER BY last_name',
      [clients],
    );
    expect(rows.every((r) => r.broker_id === to.id)).toBe(true);
    expect(rows.map((r) => r.lender).sort()).toEqual(clients.map((_, i) => `Lender ${i}`).sort());
    const recorded = await db.query(
      `SELECT count(*)::int AS n FROM events WHERE type = 'customer.updated' AND stream_id = ANY($1)
          AND data->'changes'->>'brokerId' = $2`,
      [clients, to.id],
    );
    expect(recorded[0].n).toBe(8);
  });

  it("refuses to give a broker's clients to an assistant", async () => {
    const answer = await reassign(ids.broker, ids.assistant);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('to');
  });

  it('refuses to make an assistant of a broker who still brokers clients, until they are moved', async () => {
    const member = await invite('broker');
    const client = await clientOf(member.id, 'Kept', 'Client');
    expect(client.status).toBe(201);
    const demote = () =>
      t.http().patch(`${T}${member.id}/`).set(bearer(tokens.pb)).send({ role: 'assistant' });
    const refused = await demote();
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'clients_to_move',
      description: 'This member brokers 1 client. Move them to another broker first, then change the role.',
    });
    const moved = await reassign(member.id, ids.broker);
    expect(moved.status).toBe(200);
    expect((await demote()).status).toBe(200);
  });

  it('moves no client to a member after they were deactivated, when both are asked at once', async () => {
    const from = await invite('broker');
    const to = await invite('broker');
    const clients: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await clientOf(from.id, 'Moving', `Client ${'abc'[i]}`);
      clients.push(created.body.data.id);
    }
    const [moved, deactivated] = await Promise.all([
      reassign(from.id, to.id),
      t.http().post(`${T}${to.id}/deactivate/`).set(bearer(tokens.pb)),
    ]);
    expect(deactivated.status).toBeLessThan(300);
    expect([200, 400]).toContain(moved.status);
    // Moved before the deactivation (a deactivated member may keep clients until handed over), never after.
    const late: unknown[] = await db.query(
      `SELECT 1 FROM events m
        WHERE m.type = 'customer.updated' AND m.stream_id = ANY($1) AND m.data->'changes'->>'brokerId' = $2
          AND m.global_position > (SELECT global_position FROM events
                                    WHERE stream_id = $2 AND type = 'user.deactivated')`,
      [clients, to.id],
    );
    expect(late).toEqual([]);
  });

  it('rebuilds the team and its history from the events alone', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
