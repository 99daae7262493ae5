import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { REFRESH_RACE_SECONDS } from '../../server/src/auth/session.decider.js';
import { RESET_PASSWORD_GAP_MS } from '../../server/src/users/user.decider.js';
import { Clock } from '../../server/src/platform/clock.js';
import { registerCustomer, signInNewClient, deleteClient, textedPassword } from '../support/accounts.js';
import {
  bearer,
  eventually,
  PHONES,
  refreshCookieOf,
  startTestApp,
  type TestApp,
} from '../support/test-app.js';

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
const REVOKE = '/auth/api/v3/auth/token/revoke/';

/** The refusal an ended session's access token gets: the client reads it as signed out. */
async function expectSessionEnded(access: string): Promise<void> {
  const answer = await t.http().get(ME).set(bearer(access));
  expect(answer.status).toBe(401);
  expect(answer.body.errors[0].code).toMatch(/session_ended|user_inactive/);
}

async function expectWorks(access: string): Promise<void> {
  expect((await t.http().get(ME).set(bearer(access))).status).toBe(200);
}

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

  it('refuses a token it has taken before from the second the token expires', async () => {
    const { access } = await t.login(PHONES.broker);
    await expectWorks(access);
    const { exp } = jwt.decode(access) as { exp: number };
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(exp * 1000 - 1);
      await expectWorks(access);
      now.mockReturnValue(exp * 1000);
      const answer = await t.http().get(ME).set(bearer(access));
      expect(answer.status).toBe(401);
      expect(answer.body.errors[0].code).toBe('token_expired');
    } finally {
      now.mockRestore();
    }
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

/** Moves the product's clock past the time a spent refresh token is still taken for a raced request. */
function afterRaceWindow(): void {
  const later = new Date(Date.now() + (REFRESH_RACE_SECONDS + 1) * 1000);
  jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
}

describe('refresh tokens', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const first = await t.login(PHONES.assistant);
    const rotated = await t.refresh(first.refresh);
    expect(rotated.status).toBe(200);
    const next = refreshCookieOf(rotated)!;
    expect(next).not.toBe(first.refresh);
    await expectWorks(rotated.body.data.access);
    expect((await t.refresh(next)).status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again, access tokens too', async () => {
    const first = await t.login(PHONES.assistant);
    const rotated = await t.refresh(first.refresh);
    afterRaceWindow();
    const reuse = await t.refresh(first.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.body.errors[0].code).toBe('token_not_valid');
    // The thief's replay also ends the legitimate holder's session, and every access token it issued.
    expect((await t.refresh(refreshCookieOf(rotated)!)).status).toBe(401);
    await expectSessionEnded(first.access);
    await expectSessionEnded(rotated.body.data.access);
  });

  it('keeps other sign-ins of the same user working after a reuse', async () => {
    const other = await t.login(PHONES.assistant);
    const victim = await t.login(PHONES.assistant);
    await t.refresh(victim.refresh);
    afterRaceWindow();
    await t.refresh(victim.refresh);
    expect((await t.refresh(other.refresh)).status).toBe(200);
    await expectWorks(other.access);
  });

  it('answers two refreshes sent at once with one token: one renews, the other is refused, the session lives', async () => {
    const first = await t.login(PHONES.assistant);
    const answers = await Promise.all([t.refresh(first.refresh), t.refresh(first.refresh)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!;
    expect(answers.find((a) => a.status === 401)!.body.errors[0].code).toBe('token_not_valid');
    await expectWorks(winner.body.data.access);
    await expectWorks(first.access);
    expect((await t.refresh(refreshCookieOf(winner)!)).status).toBe(200);
  });

  it('answers 401 to a refresh without the cookie', async () => {
    const answer = await t.http().post(REFRESH).send({});
    expect(answer.status).toBe(401);
  });
});

describe('the refresh-token cookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the token path, and the body carries only the access token', async () => {
    const answer = await t
      .http()
      .post(OBTAIN)
      .send({ phone_number: PHONES.broker, password: 'Demo#2026pass' });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data)).toEqual(['access']);
    const cookie = (answer.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('homeward_refresh='),
    )!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/auth\/api\/v3\/auth\/token\/(;|$)/);
    // Plain http here (as on localhost in development): a Secure cookie would never come back.
    expect(cookie).not.toMatch(/; Secure/i);

    const rotated = await t.refresh(refreshCookieOf(answer)!);
    expect(Object.keys(rotated.body.data)).toEqual(['access']);
    expect(JSON.stringify(rotated.body)).not.toContain(refreshCookieOf(rotated)!);
  });

  it('is Secure when the request came over https', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'true' }, seed: false });
    try {
      await registerCustomer(proxied, '14165550190', 'Proxied#pass1');
      const answer = await proxied
        .http()
        .post(OBTAIN)
        .set('X-Forwarded-Proto', 'https')
        .send({ phone_number: '14165550190', password: 'Proxied#pass1' });
      expect((answer.headers['set-cookie'] as unknown as string[]).join()).toMatch(/; Secure/i);
    } finally {
      await proxied.close();
    }
  });
});

describe('sessions that end', () => {
  it('ends the session at sign-out: its access and refresh tokens stop, the cookie is cleared', async () => {
    const other = await t.login(PHONES.broker);
    const session = await t.login(PHONES.broker);
    const out = await t
      .http()
      .post(REVOKE)
      .set('Cookie', `homeward_refresh=${session.refresh}`)
      .set(bearer(session.access));
    expect(out.status).toBe(200);
    expect((out.headers['set-cookie'] as unknown as string[]).join()).toMatch(/homeward_refresh=;/);
    await expectSessionEnded(session.access);
    expect((await t.refresh(session.refresh)).status).toBe(401);
    await expectWorks(other.access);
  });

  it('ends the session named by the access token alone', async () => {
    const session = await t.login(PHONES.broker);
    expect((await t.http().post(REVOKE).set(bearer(session.access))).status).toBe(200);
    await expectSessionEnded(session.access);
  });

  it('ends every other session when the password is changed; the current one keeps working', async () => {
    const phone = '14165550178';
    await registerCustomer(t, phone, 'Change#pass1');
    const elsewhere = await t.login(phone, 'Change#pass1');
    const here = await t.login(phone, 'Change#pass1');
    const changed = await t.http().patch(CHANGE).set(bearer(here.access)).send({ password: 'Changed#pass2' });
    expect(changed.status).toBe(200);
    await expectSessionEnded(elsewhere.access);
    expect((await t.refresh(elsewhere.refresh)).status).toBe(401);
    await expectWorks(here.access);
    expect((await t.refresh(here.refresh)).status).toBe(200);
  });

  it('ends every session of a client who is deleted', async () => {
    const { customerId, tokens } = await signInNewClient(t, '14165557101');
    await expectWorks(tokens.access);
    await deleteClient(t, customerId);
    await expectSessionEnded(tokens.access);
    expect((await t.refresh(tokens.refresh)).status).toBe(401);
  });
});

describe('access-token claims', () => {
  const sign = (claims: object) => jwt.sign({ typ: 'access', role: 'broker', ...claims }, t.config.jwtSecret);

  it.each([
    ['a user_id that is not a UUID', { user_id: 'not-a-uuid', sid: randomUUID() }],
    ['a missing sid', { user_id: randomUUID() }],
    ['a sid that is not a UUID', { user_id: randomUUID(), sid: "1' OR '1'='1" }],
    ['a user_id that is a number', { user_id: 42, sid: randomUUID() }],
  ])('refuses %s with 403 token_not_valid, never a 500', async (_, claims) => {
    const answer = await t
      .http()
      .get(ME)
      .set(bearer(sign(claims)));
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].code).toBe('token_not_valid');
  });

  it('refuses a signed token for a session that never existed with 401', async () => {
    const { access } = await t.login(PHONES.broker);
    const { user_id } = jwt.decode(access) as { user_id: string };
    const answer = await t
      .http()
      .get(ME)
      .set(bearer(sign({ user_id, sid: randomUUID() })));
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe('session_ended');
  });
});

describe('password reset', () => {
  const phone = '14165550177';

  beforeAll(async () => {
    // Accounts just for these tests, so other tests keep the demo password.
    await registerCustomer(t, phone, 'Initial#pass1');
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('texts a pending password that only takes over, ending every other session, when it is used', async () => {
    const before = await t.login(phone, 'Initial#pass1');
    const answer = await t.http().post(RESET).send({ phone_number: phone });
    expect(answer.status).toBe(200);

    const password = await textedPassword(t, phone);
    const sms = t.outbox.delivered.find((d) => d.to === `+${phone}` && d.subject === 'New password')!;
    expect(sms.maskedText).toContain('********');
    expect(sms.maskedText).not.toContain(password);
    // The password ends the text alone on its own line: nothing is copied with it.
    expect(sms.text.endsWith(`\n${password}`)).toBe(true);
    expect(sms.maskedText.endsWith('\n********')).toBe(true);
    const rows: { data: unknown }[] = await t.app
      .get((await import('typeorm')).DataSource)
      .query('SELECT data FROM events');
    expect(JSON.stringify(rows)).not.toContain(password);
    expect(JSON.stringify(rows)).toContain('********');

    // Until the texted password is used, nothing changes for the owner.
    await expectWorks(before.access);
    await t.login(phone, 'Initial#pass1');

    const tokens = await t.login(phone, password);
    const me = await t.http().get(ME).set(bearer(tokens.access));
    expect(me.body.data.require_change_password).toBe(true);
    await expectSessionEnded(before.access);
    expect((await t.refresh(before.refresh)).status).toBe(401);
    expect(
      (await t.http().post(OBTAIN).send({ phone_number: phone, password: 'Initial#pass1' })).status,
    ).toBe(401);
    // Used once: it is now the password, and the sign-in asks for a new one at once.
    expect((await t.http().get('/core/api/v3/customers/').set(bearer(tokens.access))).status).toBe(403);

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

  it('lets a later request replace the first texted password', async () => {
    const other = '14165550176';
    await registerCustomer(t, other, 'Initial#pass1');
    await t.http().post(RESET).send({ phone_number: other });
    const first = await textedPassword(t, other, 1);
    // The same request sent again at once sends nothing: the first text's password stays the one.
    await t.http().post(RESET).send({ phone_number: other });
    await t.drain();
    expect(
      t.outbox.delivered.filter((d) => d.to === `+${other}` && d.subject === 'New password'),
    ).toHaveLength(1);
    // Later, a new request replaces it.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + RESET_PASSWORD_GAP_MS));
    await t.http().post(RESET).send({ phone_number: other });
    const second = await textedPassword(t, other, 2);
    expect((await t.http().post(OBTAIN).send({ phone_number: other, password: first })).status).toBe(401);
    await t.login(other, second);
  });

  it('expires an unused texted password after 30 minutes; the old password keeps working', async () => {
    const other = '14165550175';
    await registerCustomer(t, other, 'Initial#pass1');
    const session = await t.login(other, 'Initial#pass1');
    await t.http().post(RESET).send({ phone_number: other });
    const texted = await textedPassword(t, other);

    const later = new Date(Date.now() + 30 * 60 * 1000 + 1000);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
    expect((await t.http().post(OBTAIN).send({ phone_number: other, password: texted })).status).toBe(401);
    await expectWorks(session.access);
    await t.login(other, 'Initial#pass1');
  });

  it('keeps a client signed in when their broker resends a password, until the texted one is used', async () => {
    const phoneNumber = '14165557102';
    const { customerId, tokens } = await signInNewClient(t, phoneNumber);
    const broker = await t.login(PHONES.broker);
    const resent = await t
      .http()
      .post(`/core/api/v3/customers/${customerId}/notify/`)
      .set(bearer(broker.access))
      .send({ notify_type: 'resend_password' });
    expect(resent.status).toBeLessThan(300);
    const texted = await textedPassword(t, phoneNumber);
    await expectWorks(tokens.access);
    await t.login(phoneNumber, texted);
    await expectSessionEnded(tokens.access);
  });

  it('answers the same for an unknown phone number and sends nothing', async () => {
    await t.drain();
    const before = t.outbox.delivered.length;
    const answer = await t.http().post(RESET).send({ phone_number: '14165559999' });
    expect(answer.status).toBe(200);
    await t.drain();
    expect(t.outbox.delivered.length).toBe(before);
  });

  it('answers a known and an unknown phone number in about the same time', async () => {
    const known = ['14165550171', '14165550172', '14165550173'];
    for (const number of known) await registerCustomer(t, number, 'Initial#pass1');
    const timed = async (number: string) => {
      const started = performance.now();
      expect((await t.http().post(RESET).send({ phone_number: number })).status).toBe(200);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (const [i, number] of known.entries()) {
      knownTimes.push(await timed(number));
      unknownTimes.push(await timed(`1416555998${i}`));
    }
    const ratio = median(knownTimes) / median(unknownTimes);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
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

describe('choosing a password', () => {
  beforeAll(() => registerCustomer(t, '14165550174', 'Initial#pass1'));

  it.each([
    ['only whitespace', '            '],
    ['the phone number', '14165550174'],
    ['the phone number without the leading 1', '4165550174'],
  ])('refuses %s with 400 naming the password field', async (_, password) => {
    const { access } = await t.login('14165550174', 'Initial#pass1');
    const answer = await t.http().patch(CHANGE).set(bearer(access)).send({ password });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ field: 'password' });
    expect(answer.body.errors[0].description).toMatch(/password/);
  });
});

describe('sign-in limits', () => {
  let limited: TestApp;
  const owner = '14165550180';
  beforeAll(async () => {
    limited = await startTestApp({
      seed: false,
      env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_PHONE: '10', AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    await registerCustomer(limited, owner, 'Owner#pass1');
  });
  afterAll(() => limited.close());

  const attempt = (ip: string, password: string) =>
    limited.http().post(OBTAIN).set('X-Forwarded-For', ip).send({ phone_number: owner, password });

  it('stops a stranger after ten wrong passwords without locking the owner out', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.7', `Wrong#guess${i}`)).status).toBe(401);
    await eventually(async () => expect((await attempt('203.0.113.7', 'Owner#pass1')).status).toBe(429));
    expect((await attempt('198.51.100.20', 'Owner#pass1')).status).toBe(200);
  });

  it('checks no more than ten of 25 wrong passwords sent at once; the rest wait', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt('203.0.113.50', `Burst#guess${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('forgets the owner’s own mistakes once they sign in', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < 9; i++) expect((await attempt(ip, 'Typo#pass1')).status).toBe(401);
    expect((await attempt(ip, 'Owner#pass1')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(ip, 'Typo#pass1')).status).toBe(401);
    expect((await attempt(ip, 'Owner#pass1')).status).toBe(200);
  });
});

describe('the web client', () => {
  const built = existsSync('dist/client/index.html');
  (built ? it : it.skip)('is served on every client route with its settings', async () => {
    for (const path of ['/', '/dashboard', '/auth/reset', '/form/some-code']) {
      const page = await t.http().get(path).set('Accept', 'text/html');
      expect(page.status).toBe(200);
      const settings = /<script type="application\/json" id="homeward-settings">(.*?)<\/script>/.exec(
        page.text,
      );
      expect(JSON.parse(settings![1])).toMatchObject({
        mortgageApplicationUrl: 'https://apply.homeward.example/mortgage-application',
        brokerage: { name: 'Homeward Mortgage Brokerage Inc.', timeZone: 'America/Toronto' },
      });
    }
    expect((await t.http().get('/core/api/v3/nothing-here/')).status).toBe(404);
  });
});
