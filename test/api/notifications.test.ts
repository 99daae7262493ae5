import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SendMessageJob } from '../../server/src/notifications/send-message.job.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { type ReceivedMail, startSmtpPeer, UNKNOWN_MAILBOX } from '../support/smtp-peer.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

describe('e-mail through a real SMTP peer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let received: ReceivedMail[];
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    received = smtp.received;
    t = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Homeward <no-reply@homeward.test>' } });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers an e-mail, records email.sent in the event log, and sends it once however often it is retried', async () => {
    const user = (
      await t.app.get(DataSource).query('SELECT id FROM users WHERE phone_number = $1', [PHONES.customer])
    )[0];
    const message = {
      id: 'test-email-1',
      channel: 'email' as const,
      to: 'lawyer@example.com',
      recipientUserId: null,
      rel: { type: 'User', id: user.id },
      subject: 'Your client Emma Wilson',
      text: 'Hello, please find the file details below.',
    };
    const job = t.app.get(SendMessageJob);
    await job.run(message);
    await job.run(message);
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe('lawyer@example.com');
    expect(received[0].raw).toContain('Subject: Your client Emma Wilson');

    const { access } = await t.login(PHONES.principalBroker);
    const log = await t
      .http()
      .get(`/events/api/v3/events/?rel_type=User&rel_id=${user.id}`)
      .set(bearer(access));
    expect(log.body.data).toContainEqual(
      expect.objectContaining({
        type: 'email.sent',
        context: {
          recipient: 'lawyer@example.com',
          subject: 'Your client Emma Wilson',
          text: 'Hello, please find the file details below.',
        },
      }),
    );
  });

  it('records a refusal for good (550, no such mailbox) at its first answer, without retrying', async () => {
    const message = {
      id: 'test-email-refused',
      channel: 'email' as const,
      to: UNKNOWN_MAILBOX,
      recipientUserId: null,
      rel: null,
      subject: 'Your client Emma Wilson',
      text: 'Hello.',
    };
    await t.app.get(SendMessageJob).run(message);
    const [failed] = await t.app
      .get(DataSource)
      .query("SELECT type, data FROM events WHERE stream_type = 'message' AND stream_id = $1", [message.id]);
    expect(failed.type).toBe('email.failed');
    expect(failed.data.reason).toContain('550');
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '50', AUTH_RATE_LIMIT_PER_PHONE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 throttled after too many sign-in attempts for one phone number', async () => {
    const attempt = () =>
      t
        .http()
        .post('/auth/api/v3/auth/token/obtain/')
        .send({ phone_number: PHONES.broker, password: 'guess' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe('throttled');
    expect(refused.headers['retry-after']).toBeDefined();
    // Another number from the same address is still let through.
    expect(
      (
        await t
          .http()
          .post('/auth/api/v3/auth/token/obtain/')
          .send({ phone_number: PHONES.assistant, password: 'guess' })
      ).status,
    ).toBe(401);
  });

  it('answers 429 after too many attempts from one IP address across numbers', async () => {
    const limited = await startTestApp({
      env: { AUTH_RATE_LIMIT_PER_IP: '4', AUTH_RATE_LIMIT_PER_PHONE: '100' },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (
            await limited
              .http()
              .post('/auth/api/v3/auth/token/obtain/')
              .send({ phone_number: `1416555020${i}`, password: 'x' })
          ).status,
        );
      }
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses[4]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('new accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses to seed demo data when NODE_ENV=production', async () => {
    const env = t.config.env;
    (t.config as { env: string }).env = 'production';
    try {
      await expect(t.app.get(SeedService).seed()).rejects.toThrow(/production/);
    } finally {
      (t.config as { env: string }).env = env;
    }
  });

  it('seeds 3 templates, 5 lawyers, 8 appraisers over 3 banks and 12 clients, and a second run adds nothing', async () => {
    expect((await t.app.get(SeedService).seed()).created).toBe(0);
    const users = await t.app.get(DataSource).query('SELECT role FROM users ORDER BY role');
    expect([...new Set(users.map((u: { role: string }) => u.role))]).toEqual([
      'assistant',
      'broker',
      'customer',
      'principal_broker',
    ]);
    const counts = await t.app.get(DataSource).query(
      `SELECT (SELECT count(*) FROM customers)::int AS customers, (SELECT count(*) FROM form_templates)::int AS templates,
              (SELECT count(*) FROM lawyers)::int AS lawyers, (SELECT count(*) FROM appraisers)::int AS appraisers,
              (SELECT count(*) FROM banks)::int AS banks`,
    );
    expect(counts[0]).toEqual({ customers: 12, templates: 3, lawyers: 5, appraisers: 8, banks: 3 });
    const emma = await t.app
      .get(DataSource)
      .query(
        `SELECT c.first_name FROM users u JOIN customers c ON c.id = u.customer_id AND c.user_id = u.id WHERE u.phone_number = '14165550103'`,
      );
    expect(emma).toEqual([{ first_name: 'Emma' }]);
  });
});
