import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import jwt from 'jsonwebtoken';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const OBTAIN = '/auth/api/v3/auth/token/obtain/';
const REFRESH = '/auth/api/v3/auth/token/refresh/';
const RESET = '/auth/api/v3/auth/reset_password/';
const ME = '/core/api/v3/users/me/';
const CHANGE = '/auth/api/v3/users/me/';

describe('sign in', () => {
  it.each([
    ['principal_broker', PHONES.principalBroker],
    ['broker', PHONES.broker],
    ['assistant', PHONES.assistant],
    ['customer', PHONES.customer],
  ])('signs in the demo %s and answers who they are', async (role, phone) => {
    const tokens = await t.login(phone);
    const me = await t.http().get(ME).set(bearer(tokens.access));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ role, phone_number: phone, require_change_password: false });
    expect(me.body.data.password_hash).toBeUndefined();
    expect((jwt.decode(tokens.access) as { user_id: string }).user_id).toBe(me.body.data.user_id);
  });

  it('refuses a wrong password with 401 invalid_credentials', async () => {
    const answer = await t
      .http()
      .post(OBTAIN)
      .send({ phone_number: PHONES.broker, password: 'wrong-password' });
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe('invalid_credentials');
  });

  it('answers 400 naming the field for a phone number that is not 11 digits', async () => {
    const answer = await t.http().post(OBTAIN).send({ phone_number: '4165550100', password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ field: 'phone_number' });
    expect(answer.body.errors[0].description).toMatch(/phone_number/);
  });

  it('answers 400 for unknown fields, malformed JSON and a body that is not an object', async () => {
    const unknown = await t
      .http()
      .post(OBTAIN)
      .send({ phone_number: PHONES.broker, password: 'x', admin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual(
      expect.objectContaining({ code: 'unknown_field', field: 'admin' }),
    );
    const malformed = await t
      .http()
      .post(OBTAIN)
      .set('Content-Type', 'application/json')
      .send('{"phone_number": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].code).toBe('malformed_body');
    const list = await t.http().post(OBTAIN).send([1, 2]);
    expect(list.status).toBe(400);
  });
});

describe('access tokens', () => {
  it('answers 401 without a token and 401 for an expired one', async () => {
    expect((await t.http().get(ME)).status).toBe(401);
    const expired = jwt.sign(
      { user_id: 'x', role: 'broker', typ: 'access', exp: Math.floor(Date.now() / 1000) - 10 },
      t.config.jwtSecret,
    );
    const answer = await t.http().get(ME).set(bearer(expired));
    expect(answer.status).toBe(401);
  });

  it('answers 403 token_not_valid for a malformed or tampered token', async () => {
    const malformed = await t.http().get(ME).set(bearer('not-a-token'));
    expect(malformed.status).toBe(403);
    expect(malformed.body.errors[0].code).toBe('token_not_valid');
    const { access } = await t.login(PHONES.broker);
    const [header, payload, signature] = access.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        role: 'principal_broker',
      }),
    ).toString('base64url');
    const tampered = await t
      .http()
      .get(ME)
      .set(bearer(`${header}.${forged}.${signature}`));
    expect(tampered.status).toBe(403);
    expect(tampered.body.errors[0].code).toBe('token_not_valid');
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refresh } = await t.login(PHONES.broker);
    const answer = await t.http().get(ME).set(bearer(refresh));
    expect(answer.status).toBe(403);
  });

  it('refuses a customer on a staff-only call with 403', async () => {
    const { access } = await t.login(PHONES.customer);
    const answer = await t.http().get('/core/api/v3/users/?role=broker').set(bearer(access));
    expect(answer.status).toBe(403);
  });

  it('lists brokers for staff, ordered by first name', async () => {
    const { access } = await t.login(PHONES.assistant);
    const answer = await t
      .http()
      .get('/core/api/v3/users/?role=broker&offset=0&limit=1000&ordering=first_name')
      .set(bearer(access));
    expect(answer.status).toBe(200);
    expect(answer.body.pagination.count).toBeGreaterThanOrEqual(1);
    expect(answer.body.data.every((u: { role: string }) => u.role === 'broker')).toBe(true);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const first = await t.login(PHONES.assistant);
    const rotated = await t.http().post(REFRESH).send({ refresh: first.refresh });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.refresh).not.toBe(first.refresh);
    expect((await t.http().get(ME).set(bearer(rotated.body.data.access))).status).toBe(200);
    const again = await t.http().post(REFRESH).send({ refresh: rotated.body.data.refresh });
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const first = await t.login(PHONES.assistant);
    const second = (await t.http().post(REFRESH).send({ refresh: first.refresh })).body.data;
    const reuse = await t.http().post(REFRESH).send({ refresh: first.refresh });
    expect(reuse.status).toBe(401);
    expect(reuse.body.errors[0].code).toBe('token_not_valid');
    // The thief's replay also ends the legitimate holder's session.
    const legit = await t.http().post(REFRESH).send({ refresh: second.refresh });
    expect(legit.status).toBe(401);
  });

  it('keeps other sign-ins of the same user working after a reuse', async () => {
    const other = await t.login(PHONES.assistant);
    const victim = await t.login(PHONES.assistant);
    await t.http().post(REFRESH).send({ refresh: victim.refresh });
    await t.http().post(REFRESH).send({ refresh: victim.refresh });
    expect((await t.http().post(REFRESH).send({ refresh: other.refresh })).status).toBe(200);
  });
});

describe('password reset and change', () => {
  const phone = '14165550177';

  beforeAll(async () => {
    // A fresh customer-role account just for this block, so other tests keep the demo password.
    const { SeedService } = await import('../../server/src/seeds/seed.service.js');
    await t.app.get(SeedService).registerUser(
      {
        role: 'customer',
        phoneNumber: phone,
        firstName: 'Reset',
        lastName: 'Tester',
        email: 'reset@example.com',
      },
      'Initial#pass1',
    );
  });

  it('texts a new password, masks it in the event store, and asks for a change at sign-in', async () => {
    const before = await t.login(phone, 'Initial#pass1');
    const answer = await t.http().post(RESET).send({ phone_number: phone });
    expect(answer.status).toBe(200);

    const sms = await eventually(() => {
      const found = t.outbox.delivered.find((d) => d.to === `+${phone}`);
      if (!found) throw new Error('no text message yet');
      return found;
    });
    const password = /password is (\S+)\./.exec(sms.text)?.[1];
    expect(password).toBeDefined();
    expect(sms.maskedText).toContain('********');
    expect(sms.maskedText).not.toContain(password!);

    const rows: { data: unknown }[] = await t.app
      .get((await import('typeorm')).DataSource)
      .query('SELECT data FROM events');
    expect(JSON.stringify(rows)).not.toContain(password!);
    expect(JSON.stringify(rows)).toContain('********');

    // Every earlier session is signed out.
    expect((await t.http().post(REFRESH).send({ refresh: before.refresh })).status).toBe(401);
    expect(
      (await t.http().post(OBTAIN).send({ phone_number: phone, password: 'Initial#pass1' })).status,
    ).toBe(401);

    const tokens = await t.login(phone, password!);
    const me = await t.http().get(ME).set(bearer(tokens.access));
    expect(me.body.data.require_change_password).toBe(true);

    const short = await t.http().patch(CHANGE).set(bearer(tokens.access)).send({ password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe('password');

    const changed = await t
      .http()
      .patch(CHANGE)
      .set(bearer(tokens.access))
      .send({ password: 'My-own#pass2026' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.require_change_password).toBe(false);
    await t.login(phone, 'My-own#pass2026');
  });

  it('answers the same for an unknown phone number and sends nothing', async () => {
    await t.drain();
    const before = t.outbox.delivered.length;
    const answer = await t.http().post(RESET).send({ phone_number: '14165559999' });
    expect(answer.status).toBe(200);
    await t.drain();
    expect(t.outbox.delivered.length).toBe(before);
  });

  it('records the text message in the user event log with the password masked', async () => {
    const { access } = await t.login(PHONES.principalBroker);
    const user = (
      await t.app
        .get((await import('typeorm')).DataSource)
        .query('SELECT id FROM users WHERE phone_number = $1', [phone])
    )[0];
    await t.drain();
    const log = await t
      .http()
      .get(`/events/api/v3/events/?rel_type=User&rel_id=${user.id}&offset=0&limit=10000`)
      .set(bearer(access));
    expect(log.status).toBe(200);
    const sms = log.body.data.find((e: { type: string }) => e.type === 'sms.sent');
    expect(sms.context.recipient).toBe(`+${phone}`);
    expect(sms.context.text).toContain('********');
    expect(log.body.data.map((e: { type: string }) => e.type)).toContain('auth.first_login');
  });
});

describe('the web client', () => {
  const built = existsSync('dist/client/index.html');
  (built ? it : it.skip)('is served on every client route with its settings', async () => {
    for (const path of ['/', '/dashboard', '/auth/reset', '/form/some-code']) {
      const page = await t.http().get(path).set('Accept', 'text/html');
      expect(page.status).toBe(200);
      expect(page.text).toContain(
        '<script type="application/json" id="homeward-settings">{"mortgageApplicationUrl":"https://apply.homeward.example/mortgage-application"}</script>',
      );
    }
    expect((await t.http().get('/core/api/v3/nothing-here/')).status).toBe(404);
  });
});
