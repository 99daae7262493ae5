import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { registerCustomer } from '../support/accounts.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let db: DataSource;
let staff: string;
const C = '/core/api/v3/customers/';

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  staff = (await t.login(PHONES.principalBroker)).access;
});

afterAll(async () => {
  await t.close();
});

const newClient = (phoneNumber: string, n: number) => ({
  first_name: 'Ada',
  last_name: `Race${String.fromCharCode(97 + n)}`,
  email: `ada${n}@example.com`,
  phone_number: phoneNumber,
  status: 'active',
  deal_type: 'purchase',
  broker: brokerId,
});
let brokerId: string;

/** Events per stream type, once the side effects of earlier commands have settled. */
async function eventsByStreamType(): Promise<Record<string, number>> {
  await t.drain();
  const rows: { stream_type: string; n: number }[] = await db.query(
    'SELECT stream_type, count(*)::int AS n FROM events GROUP BY stream_type',
  );
  return Object.fromEntries(rows.map((r) => [r.stream_type, r.n]));
}

async function create(phoneNumber: string, n = 0) {
  return t.http().post(C).set(bearer(staff)).send(newClient(phoneNumber, n));
}

describe('one account per phone number', () => {
  beforeAll(async () => {
    brokerId = (await db.query('SELECT id FROM users WHERE phone_number = $1', [PHONES.broker]))[0].id;
  });

  it('creates one of twenty clients sent at once with the same number, and writes nothing for the rest', async () => {
    const phoneNumber = '14165558001';
    const before = await eventsByStreamType();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => create(phoneNumber, n)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // Found taken by the read before the command or by the reservation in it: the same answer either way.
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({ code: 'phone_number_taken', field: 'phone_number' });
    }

    expect(await db.query('SELECT id FROM users WHERE phone_number = $1', [phoneNumber])).toHaveLength(1);
    expect(await db.query('SELECT id FROM customers WHERE phone_number = $1', [phoneNumber])).toHaveLength(1);
    const reservations = await db.query(
      "SELECT data FROM events WHERE stream_type = 'phone_number' AND stream_id = $1",
      [phoneNumber],
    );
    expect(reservations).toHaveLength(1);
    const after = await eventsByStreamType();
    const added = (type: string) => (after[type] ?? 0) - (before[type] ?? 0);
    expect(added('customer')).toBe(1);
    expect(added('user')).toBe(1);
    expect(added('phone_number')).toBe(1);
    expect(added('note')).toBe(0);
  });

  it('refuses a number held by an account that has no reservation yet, naming the field', async () => {
    const answer = await create(PHONES.customer);
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].field).toBe('phone_number');
  });

  it('frees the old number when a client changes number, and refuses a number another client holds', async () => {
    const first = await create('14165558002', 1);
    const second = await create('14165558003', 2);
    expect([first.status, second.status]).toEqual([201, 201]);
    const moved = await t
      .http()
      .patch(`${C}${first.body.data.id}/`)
      .set(bearer(staff))
      .send({ phone_number: '14165558004' });
    expect(moved.status).toBe(200);
    const taken = await t
      .http()
      .patch(`${C}${second.body.data.id}/`)
      .set(bearer(staff))
      .send({ phone_number: '14165558004' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].field).toBe('phone_number');
    expect((await create('14165558002', 3)).status).toBe(201);
  });

  it("lets a new client use a deleted client's number", async () => {
    const created = await create('14165558005', 4);
    expect((await t.http().delete(`${C}${created.body.data.id}/`).set(bearer(staff))).status).toBe(200);
    expect((await create('14165558005', 5)).status).toBe(201);
  });
});

describe('signing in on several devices at once', () => {
  it('signs each device in and records one first sign-in', async () => {
    const phoneNumber = '14165558010';
    const userId = await registerCustomer(t, phoneNumber, 'Several#devices1');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t
          .http()
          .post('/auth/api/v3/auth/token/obtain/')
          .send({ phone_number: phoneNumber, password: 'Several#devices1' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const signIns: { type: string }[] = await db.query(
      "SELECT type FROM events WHERE stream_type = 'user' AND stream_id = $1 AND type LIKE 'auth.%'",
      [userId],
    );
    expect(signIns.filter((e) => e.type === 'auth.first_login')).toHaveLength(1);
    expect(signIns.filter((e) => e.type === 'auth.logged_in')).toHaveLength(11);
  });
});

describe('signing in while the password changes', () => {
  it('leaves no session running that was signed in with the old password after the change', async () => {
    const phoneNumber = '14165558011';
    const userId = await registerCustomer(t, phoneNumber, 'Before#change1');
    const changer = await t.login(phoneNumber, 'Before#change1');
    const signIn = () =>
      t
        .http()
        .post('/auth/api/v3/auth/token/obtain/')
        .send({ phone_number: phoneNumber, password: 'Before#change1' });
    const [changed, ...signIns] = await Promise.all([
      t
        .http()
        .patch('/auth/api/v3/users/me/')
        .set(bearer(changer.access))
        .send({ password: 'After#change2' }),
      ...Array.from({ length: 6 }, signIn),
    ]);
    expect(changed.status).toBe(200);
    expect(signIns.every((a) => a.status === 200 || a.status === 401)).toBe(true);
    // Every session but the changer's was started with the old password, so each must have ended.
    const live: { id: string }[] = await db.query(
      'SELECT id FROM refresh_sessions WHERE user_id = $1 AND NOT revoked',
      [userId],
    );
    expect(live).toHaveLength(1);
    expect((await signIn()).status).toBe(401);
  });
});

describe('notes while their client is deleted', () => {
  it('records no note after the client is deleted, and answers every note either written or not found', async () => {
    const created = await create('14165558020', 6);
    const id: string = created.body.data.id;
    const answers = await Promise.all([
      t.http().delete(`${C}${id}/`).set(bearer(staff)),
      ...Array.from({ length: 8 }, (_, n) =>
        t.http().post(`${C}${id}/notes/`).set(bearer(staff)).field('text', `Note ${n}`),
      ),
    ]);
    expect(answers[0].status).toBe(200);
    for (const answer of answers.slice(1)) expect([201, 404]).toContain(answer.status);
    const late: unknown[] = await db.query(
      `SELECT 1 FROM events e
        WHERE e.type = 'note.added' AND e.data->>'customerId' = $1
          AND e.global_position > (SELECT global_position FROM events
                                    WHERE stream_id = $1 AND type = 'customer.deleted')`,
      [id],
    );
    expect(late).toEqual([]);
  });
});
