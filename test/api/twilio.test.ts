import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Text messages through Twilio, against a local stand-in of Twilio's Messages API: what the product sends
 * it, what it records when Twilio refuses a number, and the signed delivery reports Twilio sends back.
 */

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-0123456789';
const SENDER = '+15005550006';
/** The stand-in refuses this number the way Twilio refuses a number that cannot take texts. */
const REFUSED = '14165559998';

interface Taken {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string>;
}

/** Twilio's Messages API as far as the product uses it: create a message, or refuse its number. */
function fakeTwilio(taken: Taken[]): Server {
  return createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      taken.push({ path: request.url ?? '', authorization: request.headers.authorization, fields });
      response.setHeader('content-type', 'application/json');
      if (fields.To === `+${REFUSED}`) {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            code: 21211,
            message: `The 'To' number ${fields.To} is not a valid phone number.`,
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status: 400,
          }),
        );
        return;
      }
      response.statusCode = 201;
      response.end(
        JSON.stringify({
          sid: `SM${taken.length.toString().padStart(32, '0')}`,
          status: 'queued',
          to: fields.To,
        }),
      );
    });
  });
}

let t: TestApp;
let db: DataSource;
let twilio: Server;
const taken: Taken[] = [];
let token: string;

beforeAll(async () => {
  twilio = fakeTwilio(taken);
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  const { port } = twilio.address() as AddressInfo;
  t = await startTestApp({
    env: {
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: SENDER,
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://homeward.example',
    },
  });
  db = t.app.get(DataSource);
  token = (await t.login(PHONES.broker)).access;
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => twilio.close(resolve));
});

/** Creates a client as the broker, which texts them a first password. */
async function createClient(phone: string): Promise<{ id: string; userId: string }> {
  const answer = await t
    .http()
    .post('/core/api/v3/customers/')
    .set(bearer(token))
    .send({
      first_name: 'Ada',
      last_name: 'Example',
      email: `ada.${phone}@example.com`,
      phone_number: phone,
      status: 'active',
      deal_type: 'purchase',
    });
  expect(answer.status).toBe(201);
  return { id: answer.body.data.id, userId: answer.body.data.user.id };
}

async function messageEvents(type: string, recipient: string) {
  return (await db.query(`SELECT stream_id, data FROM events WHERE type = $1 AND data->>'recipient' = $2`, [
    type,
    recipient,
  ])) as { stream_id: string; data: Record<string, string> }[];
}

/** Posts a delivery report as Twilio does, signed with the account's token unless told otherwise. */
function report(messageId: string, fields: Record<string, string>, signWith = AUTH_TOKEN) {
  const path = `/events/api/v3/sms/status/?message=${encodeURIComponent(messageId)}`;
  const signature = getExpectedTwilioSignature(signWith, `https://homeward.example${path}`, fields);
  return t.http().post(path).type('form').set('X-Twilio-Signature', signature).send(fields);
}

async function eventLog(userId: string): Promise<{ type: string; context: Record<string, string> }[]> {
  const answer = await t
    .http()
    .get(`/events/api/v3/events/?rel_type=User&rel_id=${userId}&limit=50`)
    .set(bearer(token));
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('text messages through Twilio', () => {
  it('sends the first password to the client from the brokerage number, and records and logs it masked', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    const phone = '14165557101';
    await createClient(phone);
    const request = await eventually(() => {
      const found = taken.find((r) => r.fields.To === `+${phone}`);
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request.fields.From).toBe(SENDER);
    const password = /(\S+)$/.exec(request.fields.Body)![1];
    expect(password.length).toBeGreaterThanOrEqual(10);

    const [sent] = await eventually(async () => {
      const found = await messageEvents('sms.sent', `+${phone}`);
      if (found.length === 0) throw new Error('not yet');
      return found;
    });
    expect(sent.data.transport).toBe('twilio');
    expect(request.fields.StatusCallback).toBe(
      `https://homeward.example/events/api/v3/sms/status/?message=${encodeURIComponent(sent.stream_id)}`,
    );
    expect(JSON.stringify(await db.query('SELECT data FROM events'))).not.toContain(password);
    const lines = logged.mock.calls.map((call) => String(call[0]));
    expect(lines.some((line) => line.includes(`+${phone}`))).toBe(true);
    expect(lines.join('\n')).not.toContain(password);
    logged.mockRestore();
  });

  it("records a number Twilio refuses as sms.failed with Twilio's reason, without retrying it", async () => {
    const { userId } = await createClient(REFUSED);
    const [failed] = await eventually(async () => {
      const found = await messageEvents('sms.failed', `+${REFUSED}`);
      if (found.length === 0) throw new Error('not yet');
      return found;
    });
    expect(failed.data.reason).toContain('21211');
    expect(failed.data.reason).toContain('is not a valid phone number');
    expect(taken.filter((r) => r.fields.To === `+${REFUSED}`)).toHaveLength(1);
    expect((await eventLog(userId)).map((e) => e.type)).toContain('sms.failed');
  });

  it("records Twilio's signed reports, delivered or not, once, in the client's event log", async () => {
    const delivered = await createClient('14165557102');
    const undelivered = await createClient('14165557103');
    const idOf = async (phone: string) =>
      (
        await eventually(async () => {
          const found = await messageEvents('sms.sent', `+${phone}`);
          if (found.length === 0) throw new Error('not yet');
          return found;
        })
      )[0].stream_id;

    const first = await idOf('14165557102');
    expect((await report(first, { MessageSid: 'SM1', MessageStatus: 'sent' })).status).toBe(204);
    expect((await report(first, { MessageSid: 'SM1', MessageStatus: 'delivered' })).status).toBe(204);
    expect((await report(first, { MessageSid: 'SM1', MessageStatus: 'delivered' })).status).toBe(204);
    const second = await idOf('14165557103');
    const lost = { MessageSid: 'SM2', MessageStatus: 'undelivered', ErrorCode: '30003' };
    expect((await report(second, lost)).status).toBe(204);

    expect(await messageEvents('sms.delivered', '+14165557102')).toHaveLength(1);
    const deliveredLog = await eventLog(delivered.userId);
    expect(deliveredLog.filter((e) => e.type === 'sms.delivered')).toHaveLength(1);
    const undeliveredLog = await eventLog(undelivered.userId);
    expect(undeliveredLog.find((e) => e.type === 'sms.undelivered')?.context.reason).toBe('30003');
  });

  it('refuses a report unsigned (401) or not signed with the account token (403) and records nothing', async () => {
    await createClient('14165557104');
    const [sent] = await eventually(async () => {
      const found = await messageEvents('sms.sent', '+14165557104');
      if (found.length === 0) throw new Error('not yet');
      return found;
    });
    const forged = await report(
      sent.stream_id,
      { MessageSid: 'SM3', MessageStatus: 'delivered' },
      'not-the-token',
    );
    expect(forged.status).toBe(403);
    const unsigned = await t
      .http()
      .post(`/events/api/v3/sms/status/?message=${sent.stream_id}`)
      .type('form')
      .send({ MessageStatus: 'delivered' });
    expect(unsigned.status).toBe(401);
    expect(await messageEvents('sms.delivered', '+14165557104')).toHaveLength(0);
  });
});
