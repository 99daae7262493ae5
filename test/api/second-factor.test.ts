import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { INVALID_CODE, USED_CODE, USED_RECOVERY_CODE } from '../../server/src/users/user.decider.js';
import { USED_RECOVERY_CODES_FROM_LOG } from '../../migrations/1763700002500-used-recovery-codes.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { io } from 'socket.io-client';
import {
  bearer,
  eventually,
  PHONES,
  refreshCookieOf,
  startTestApp,
  type TestApp,
} from '../support/test-app.js';

/** Two-factor sign-in for staff: a code from an authenticator app after the password (TOTP, RFC 6238). */

const OBTAIN = '/auth/api/v3/auth/token/obtain/';
const CODE = '/auth/api/v3/auth/token/second_factor/';
const MINE = '/core/api/v3/users/me/second_factor/';
const ME = '/core/api/v3/users/me/';
const BROKERAGE = '/core/api/v3/brokerage/';
const PASSWORD = 'Demo#2026pass';
const STEP_S = 30;

let t: TestApp;
let db: DataSource;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
/** Each enrolled user's secret, as their app holds it. */
const secrets: Record<string, string> = {};
/** Each user's code steps already used, so a test asks for a later one. */
const lastOffset: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  for (const [key, phone] of Object.entries(PHONES)) {
    tokens[key] = (await t.login(phone)).access;
    ids[key] = (await db.query('SELECT id FROM users WHERE phone_number = $1', [phone]))[0].id;
  }
});

afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** The app's code `offsetSteps` time steps from now (the server accepts one step either way). */
function codeAt(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: now() + offsetSteps * STEP_S });
}

/** A code of a later step than any this user has used: now, then one step ahead (within the drift allowed). */
async function freshCode(who: string): Promise<string> {
  const offset = (lastOffset[who] ?? -1) + 1;
  if (offset > 1) throw new Error(`no fresh code left for ${who} in this time step`);
  lastOffset[who] = offset;
  return codeAt(secrets[who], offset);
}

/** A code the app would not show now. */
function wrong(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
}

async function enrol(who: string): Promise<string[]> {
  const started = await t.http().post(`${MINE}enrolment/`).set(bearer(tokens[who]));
  expect(started.status).toBe(200);
  secrets[who] = started.body.data.secret;
  lastOffset[who] = 0;
  const confirmed = await t
    .http()
    .post(MINE)
    .set(bearer(tokens[who]))
    .send({ enrolment: started.body.data.enrolment, code: await codeAt(secrets[who]) });
  expect(confirmed.status).toBe(201);
  return confirmed.body.data.recovery_codes;
}

async function challengeFor(phone: string): Promise<string> {
  const answer = await t.http().post(OBTAIN).send({ phone_number: phone, password: PASSWORD });
  expect(answer.status).toBe(200);
  expect(answer.body.data.access).toBeUndefined();
  expect(refreshCookieOf(answer)).toBeNull();
  return answer.body.data.challenge;
}

describe('turning two-factor sign-in on', () => {
  let recoveryCodes: string[];

  it('shows a QR code and a key, and keeps nothing until a first code confirms it', async () => {
    const before = (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
    const started = await t.http().post(`${MINE}enrolment/`).set(bearer(tokens.broker));
    expect(started.status).toBe(200);
    const { secret, uri, qr_svg, enrolment } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);
    expect(enrolment).not.toContain(secret);
    await t.drain();
    expect((await db.query('SELECT count(*)::int AS n FROM events'))[0].n).toBe(before);

    const refused = await t
      .http()
      .post(MINE)
      .set(bearer(tokens.broker))
      .send({ enrolment, code: wrong(await codeAt(secret)) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'code' });
  });

  it('gives ten single-use recovery codes once, and says so on the signed-in user', async () => {
    recoveryCodes = await enrol('broker');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const me = await t.http().get(ME).set(bearer(tokens.broker));
    expect(me.body.data.second_factor).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
  });

  it('records neither the secret nor a recovery code in clear, in the log or the read tables', async () => {
    await t.drain();
    const log: { text: string }[] = await db.query('SELECT data::text || metadata::text AS text FROM events');
    const users: { text: string }[] = await db.query('SELECT row_to_json(u)::text AS text FROM users u');
    const history: { text: string }[] = await db.query('SELECT changes::text AS text FROM team_history');
    const stored = [...log, ...users, ...history].map((r) => r.text).join('\n');
    expect(stored).toContain('sealedSecret');
    expect(stored).not.toContain(secrets.broker);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('is for staff only: a customer cannot turn it on', async () => {
    const answer = await t.http().post(`${MINE}enrolment/`).set(bearer(tokens.customer));
    expect(answer.status).toBe(403);
  });

  it('cannot be turned on twice', async () => {
    const answer = await t.http().post(`${MINE}enrolment/`).set(bearer(tokens.broker));
    expect(answer.status).toBe(409);
  });

  describe('signing in with it', () => {
    it('asks for the code after a right password, and signs in with a right one', async () => {
      const challenge = await challengeFor(PHONES.broker);
      const refused = await t
        .http()
        .post(CODE)
        .send({ challenge, code: wrong(await codeAt(secrets.broker, 1)) });
      expect(refused.status).toBe(401);
      expect(refused.body.errors[0].code).toBe('invalid_code');

      const answer = await t
        .http()
        .post(CODE)
        .send({ challenge, code: await freshCode('broker') });
      expect(answer.status).toBe(200);
      expect(answer.body.data.access).toEqual(expect.any(String));
      expect(refreshCookieOf(answer)).not.toBeNull();
      expect((await t.http().get(ME).set(bearer(answer.body.data.access))).status).toBe(200);
    });

    it('refuses a code used once already, and an older one, saying to wait for the next', async () => {
      const used = await codeAt(secrets.broker, lastOffset.broker);
      const challenge = await challengeFor(PHONES.broker);
      const replayed = await t.http().post(CODE).send({ challenge, code: used });
      expect(replayed.status).toBe(401);
      expect(replayed.body.errors[0]).toMatchObject({ code: 'invalid_code', description: USED_CODE });
      const older = await t
        .http()
        .post(CODE)
        .send({ challenge, code: await codeAt(secrets.broker, -1) });
      expect(older.status).toBe(401);
      expect(older.body.errors[0].description).toBe(USED_CODE);
      const mistyped = await t
        .http()
        .post(CODE)
        .send({ challenge, code: wrong(used) });
      expect(mistyped.body.errors[0].description).toBe(INVALID_CODE);
    });

    it('signs in with a recovery code once, and says so when it is typed again', async () => {
      const code = recoveryCodes[3];
      const first = await t
        .http()
        .post(CODE)
        .send({ challenge: await challengeFor(PHONES.broker), code });
      expect(first.status).toBe(200);
      const again = await t
        .http()
        .post(CODE)
        .send({ challenge: await challengeFor(PHONES.broker), code });
      expect(again.status).toBe(401);
      expect(again.body.errors[0]).toMatchObject({ code: 'invalid_code', description: USED_RECOVERY_CODE });
      const me = await t.http().get(ME).set(bearer(first.body.data.access));
      expect(me.body.data.second_factor.recovery_codes_left).toBe(9);
    });

    it('refuses a forged or changed challenge as expired, and a malformed code naming the field', async () => {
      const challenge = await challengeFor(PHONES.broker);
      const forged = await t
        .http()
        .post(CODE)
        .send({ challenge: `${challenge}x`, code: '123456' });
      expect(forged.status).toBe(401);
      expect(forged.body.errors[0].code).toBe('challenge_expired');
      const malformed = await t.http().post(CODE).send({ challenge, code: '12ab' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0].field).toBe('code');
    });

    it('does not ask a customer for a code', async () => {
      const answer = await t.http().post(OBTAIN).send({ phone_number: PHONES.customer, password: PASSWORD });
      expect(answer.body.data.access).toEqual(expect.any(String));
    });

    it('limits wrong codes like wrong passwords', async () => {
      await enrol('assistant');
      const challenge = await challengeFor(PHONES.assistant);
      const bad = wrong(await codeAt(secrets.assistant, 1));
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await t.http().post(CODE).send({ challenge, code: bad })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const blocked = await t
        .http()
        .post(CODE)
        .send({ challenge, code: await codeAt(secrets.assistant, 1) });
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toEqual(expect.any(String));
    });
  });
});

describe('a principal broker', () => {
  it("resets a colleague's second factor: they sign in with the password alone", async () => {
    const reset = await t
      .http()
      .delete(`/core/api/v3/team/${ids.broker}/second_factor/`)
      .set(bearer(tokens.principalBroker));
    expect(reset.status).toBe(200);
    expect(reset.body.data.second_factor).toBe(false);
    const answer = await t.http().post(OBTAIN).send({ phone_number: PHONES.broker, password: PASSWORD });
    expect(answer.body.data.access).toEqual(expect.any(String));
    tokens.broker = answer.body.data.access;
    const history = await t.http().get('/core/api/v3/team/history/').set(bearer(tokens.principalBroker));
    expect(history.body.data[0]).toMatchObject({
      type: 'user.second_factor_removed',
      changes: { reason: 'reset' },
      actor: { id: ids.principalBroker },
      user: { id: ids.broker },
    });
  });

  it('lifts the wrong-code block with a reset: the member sets a new one up and signs in with its code', async () => {
    // The assistant is blocked by the wrong codes above.
    const reset = await t
      .http()
      .delete(`/core/api/v3/team/${ids.assistant}/second_factor/`)
      .set(bearer(tokens.principalBroker));
    expect(reset.status).toBe(200);
    const signedIn = await t.http().post(OBTAIN).send({ phone_number: PHONES.assistant, password: PASSWORD });
    tokens.assistant = signedIn.body.data.access;
    lastOffset.assistant = -1;
    await enrol('assistant');
    const answer = await t
      .http()
      .post(CODE)
      .send({ challenge: await challengeFor(PHONES.assistant), code: await freshCode('assistant') });
    expect(answer.status).toBe(200);
  });

  it('is the only one who may reset one', async () => {
    const answer = await t
      .http()
      .delete(`/core/api/v3/team/${ids.assistant}/second_factor/`)
      .set(bearer(tokens.broker));
    expect(answer.status).toBe(403);
  });

  it('cannot require it of all staff before turning it on for themselves', async () => {
    const answer = await t
      .http()
      .patch(BROKERAGE)
      .set(bearer(tokens.principalBroker))
      .send({ second_factor_required: true });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('second_factor_required');
  });
});

describe('when the brokerage requires it', () => {
  beforeAll(async () => {
    await enrol('principalBroker');
    const answer = await t
      .http()
      .patch(BROKERAGE)
      .set(bearer(tokens.principalBroker))
      .send({ second_factor_required: true });
    expect(answer.status).toBe(200);
    expect(answer.body.data.second_factor_required).toBe(true);
  });

  it('staff without it can only set it up, then work as before', async () => {
    const refused = await t.http().get('/core/api/v3/customers/').set(bearer(tokens.broker));
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('second_factor_setup_required');
    const me = await t.http().get(ME).set(bearer(tokens.broker));
    expect(me.body.data.second_factor).toEqual({ enabled: false, required: true, recovery_codes_left: 0 });

    await enrol('broker');
    const allowed = await t.http().get('/core/api/v3/customers/').set(bearer(tokens.broker));
    expect(allowed.status).toBe(200);
  });

  it('a socket of staff without it hears only their own account until they set it up', async () => {
    await t
      .http()
      .delete(`/core/api/v3/team/${ids.assistant}/second_factor/`)
      .set(bearer(tokens.principalBroker))
      .expect(200);
    const socket = io(t.url, {
      auth: { token: tokens.assistant },
      transports: ['websocket'],
      reconnection: false,
    });
    const heard: string[] = [];
    socket.on('domain-event', (push: { type: string }) => heard.push(push.type));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      const clientsOf = async (token: string) =>
        (await t.http().get('/core/api/v3/customers/').set(bearer(token))).body.data as { id: string }[];
      const [client] = await clientsOf(tokens.principalBroker);
      const touch = (status: string) =>
        t
          .http()
          .patch(`/core/api/v3/customers/${client.id}/`)
          .set(bearer(tokens.principalBroker))
          .send({ status });
      await touch('approved');
      await t.drain();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).not.toContain('customer.status_changed');

      // Set up: the same socket now hears the clients, without reconnecting.
      await enrol('assistant');
      await t.drain();
      await touch('active');
      await eventually(() => expect(heard).toContain('customer.status_changed'));
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('cannot be turned off', async () => {
    const answer = await t
      .http()
      .post(`${MINE}turn_off/`)
      .set(bearer(tokens.broker))
      .send({ code: await freshCode('broker') });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].code).toBe('second_factor_required');
  });

  it('asks nothing more of customers', async () => {
    const me = await t.http().get(ME).set(bearer(tokens.customer));
    expect(me.body.data.second_factor).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    expect((await t.http().get('/core/api/v3/customers/me/').set(bearer(tokens.customer))).status).toBe(200);
  });
});

describe('turning it off', () => {
  beforeAll(async () => {
    await t
      .http()
      .patch(BROKERAGE)
      .set(bearer(tokens.principalBroker))
      .send({ second_factor_required: false });
  });

  it('takes a current code; then the password alone signs in', async () => {
    const refused = await t
      .http()
      .post(`${MINE}turn_off/`)
      .set(bearer(tokens.principalBroker))
      .send({ code: wrong(await codeAt(secrets.principalBroker, 1)) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('code');
    const answer = await t
      .http()
      .post(`${MINE}turn_off/`)
      .set(bearer(tokens.principalBroker))
      .send({ code: await freshCode('principalBroker') });
    expect(answer.status).toBe(200);
    const signIn = await t
      .http()
      .post(OBTAIN)
      .send({ phone_number: PHONES.principalBroker, password: PASSWORD });
    expect(signIn.body.data.access).toEqual(expect.any(String));
  });

  it('a rebuild reproduces the users and the team history', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});

describe('new recovery codes', () => {
  it('take a current code from the app, never a recovery code, and the old codes stop working', async () => {
    const reset = await t
      .http()
      .delete(`/core/api/v3/team/${ids.broker}/second_factor/`)
      .set(bearer(tokens.principalBroker));
    expect(reset.status).toBe(200);
    tokens.broker = (await t.login(PHONES.broker)).access;
    const old = await enrol('broker');
    const replace = (code: string) =>
      t.http().post(`${MINE}recovery_codes/`).set(bearer(tokens.broker)).send({ code });

    for (const code of [old[0], wrong(await codeAt(secrets.broker, 1))]) {
      const refused = await replace(code);
      expect([refused.status, refused.body.errors[0].field]).toEqual([400, 'code']);
    }
    const answer = await replace(await freshCode('broker'));
    expect(answer.status).toBe(200);
    const fresh: string[] = answer.body.data.recovery_codes;
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    const me = await t.http().get(ME).set(bearer(tokens.broker));
    expect(me.body.data.second_factor.recovery_codes_left).toBe(10);

    const withOld = await t
      .http()
      .post(CODE)
      .send({ challenge: await challengeFor(PHONES.broker), code: old[1] });
    expect(withOld.status).toBe(401);
    const withNew = await t
      .http()
      .post(CODE)
      .send({ challenge: await challengeFor(PHONES.broker), code: fresh[0] });
    expect(withNew.status).toBe(200);
    for (const [code, description] of [
      [fresh[0], USED_RECOVERY_CODE],
      [old[1], INVALID_CODE],
    ]) {
      const again = await t
        .http()
        .post(CODE)
        .send({ challenge: await challengeFor(PHONES.broker), code });
      expect(again.body.errors[0].description).toBe(description);
    }
    // A sign-in clears the wrong codes counted, which the tests below count from none.
    const next = await t
      .http()
      .post(CODE)
      .send({ challenge: await challengeFor(PHONES.broker), code: fresh[1] });
    expect(next.status).toBe(200);
    const workedOut: { kept: unknown; fromLog: unknown }[] = await db.query(
      `SELECT u.second_factor_recovery_used AS kept, ${USED_RECOVERY_CODES_FROM_LOG} AS "fromLog"
         FROM users u WHERE u.second_factor_recovery IS NOT NULL`,
    );
    expect(workedOut.length).toBeGreaterThan(0);
    for (const row of workedOut) expect(row.kept).toEqual(row.fromLog);

    const recorded: { data: unknown }[] = await db.query(
      "SELECT data FROM events WHERE type = 'user.recovery_codes_replaced' AND stream_id = $1",
      [ids.broker],
    );
    expect(recorded).toHaveLength(1);
    const text = JSON.stringify(recorded);
    for (const code of fresh) expect(text).not.toContain(code.replace('-', ''));
    await expectRebuildToReproduceReadTables(t);
  });

  it('are refused while two-factor sign-in is off', async () => {
    const answer = await t
      .http()
      .post(`${MINE}recovery_codes/`)
      .set(bearer(tokens.principalBroker))
      .send({ code: '123456' });
    expect([answer.status, answer.body.errors[0].code]).toEqual([409, 'second_factor_off']);
  });
});

describe('wrong codes from a signed-in staff member', () => {
  it('are limited like at sign-in, whether turning it off or asking for new recovery codes', async () => {
    const bad = wrong(await codeAt(secrets.broker, 1));
    const statuses: number[] = [];
    for (const route of [
      'recovery_codes/',
      'turn_off/',
      'recovery_codes/',
      'turn_off/',
      'recovery_codes/',
      'turn_off/',
    ])
      statuses.push(
        (await t.http().post(`${MINE}${route}`).set(bearer(tokens.broker)).send({ code: bad })).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await t
      .http()
      .post(`${MINE}recovery_codes/`)
      .set(bearer(tokens.broker))
      .send({ code: await codeAt(secrets.broker, 1) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
  });
});
