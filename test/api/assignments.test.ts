import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { type ReceivedMail, startSmtpPeer } from '../support/smtp-peer.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';
import { addDays } from '../../machines/pipeline.js';
import { canadianToday } from '../../machines/validation.js';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let mail: ReceivedMail[] = [];
let t: TestApp;
let db: DataSource;
const tok: Record<string, string> = {};
let emma: string;
let james: string;
const sockets: Socket[] = [];
const C = (id: string) => `/core/api/v3/customers/${id}`;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  mail = smtp.received;
  t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  db = t.app.get(DataSource);
  tok.pb = (await t.login(PHONES.principalBroker)).access;
  tok.broker = (await t.login(PHONES.broker)).access;
  tok.emma = (await t.login(PHONES.customer)).access;
  emma = (await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer]))[0]
    .customer_id;
  james = (await db.query("SELECT id FROM customers WHERE first_name = 'James'"))[0].id;
});

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
  await smtp.close();
});

async function eventCount(): Promise<number> {
  await t.drain();
  return (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
}

async function lawyerStatus(): Promise<string> {
  return (await t.http().get('/core/api/v3/users/me/').set(bearer(tok.emma))).body.data.lawyer_status;
}

describe('lawyer assignment', () => {
  let trusted: string;

  it('lists the trusted lawyers to the customer, with search', async () => {
    const all = await t
      .http()
      .get(`${C(emma)}/lawyers/?offset=0&limit=1000&search=`)
      .set(bearer(tok.emma));
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.data.every((l: { is_trusted_partner: boolean }) => l.is_trusted_partner)).toBe(true);
    const found = await t
      .http()
      .get(`${C(emma)}/lawyers/?search=chen`)
      .set(bearer(tok.emma));
    expect(found.body.data.map((l: { last_name: string }) => l.last_name)).toEqual(['Chen']);
    trusted = found.body.data[0].id;
  });

  it('lets the customer pick a trusted lawyer for approval, and shows it on the roadmap', async () => {
    const answer = await t
      .http()
      .post(`${C(emma)}/lawyers/${trusted}/add/`)
      .set(bearer(tok.emma));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ lawyer: trusted, lawyer_status: 'pending_approve' });
    const steps = await t.http().get('/core/api/v3/customers/me/steps/').set(bearer(tok.emma));
    expect(steps.body.data.find((s: { step: string }) => s.step === 'lawyers')).toMatchObject({
      status: 'warning',
      statusMessage: 'Waiting for approval',
    });
  });

  it('refuses an approval from the customer with 403 and a pick while pending with 409, writing nothing', async () => {
    const before = await eventCount();
    const approve = await t
      .http()
      .patch(`${C(emma)}/lawyers/approve/`)
      .set(bearer(tok.emma));
    expect(approve.status).toBe(403);
    const again = await t
      .http()
      .post(`${C(emma)}/lawyers/${trusted}/add/`)
      .set(bearer(tok.emma));
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'invalid_transition' });
    expect(again.body.errors[0].description).toMatch(/pending approve/);
    const reject = await t
      .http()
      .patch(`${C(emma)}/lawyers/reject_revoke/`)
      .set(bearer(tok.broker));
    expect(reject.status).toBe(409);
    expect(await eventCount()).toBe(before);
  });

  it('lets the broker approve, then e-mail the assigned lawyer through SMTP, recorded in the event log', async () => {
    const approve = await t
      .http()
      .patch(`${C(emma)}/lawyers/approve/`)
      .set(bearer(tok.broker));
    expect(approve.body.data.lawyer_status).toBe('assigned');
    const steps = await t.http().get('/core/api/v3/customers/me/steps/').set(bearer(tok.emma));
    expect(steps.body.data.find((s: { step: string }) => s.step === 'lawyers')).toMatchObject({
      status: 'ok',
      statusMessage: 'Lawyer assigned',
      is_completed: true,
      completed_by: 'facts',
    });
    const notified = await t
      .http()
      .post(`${C(emma)}/notify/`)
      .set(bearer(tok.broker))
      .send({ notify_type: 'lawyer_approved_email' });
    expect(notified.status).toBe(200);
    await eventually(() => expect(mail.some((m) => m.to === 'michael@chenclosings.example')).toBe(true));
    // What the lawyer needs of the file, with the phone as people write it.
    const toLawyer = mail.find((m) => m.to === 'michael@chenclosings.example')!.raw.replace(/=\r?\n/g, '');
    expect(toLawyer).toContain('as their lawyer for their mortgage with');
    expect(toLawyer).toMatch(/Deal: \w+/);
    expect(toLawyer).toContain('Client: emma.wilson');
    expect(toLawyer).toContain('+1 416 555 0103');
    const client = (
      await t
        .http()
        .get(`${C(emma)}/`)
        .set(bearer(tok.broker))
    ).body.data;
    await eventually(async () => {
      const log = await t
        .http()
        .get(`/events/api/v3/events/?rel_type=User&rel_id=${client.user.id}`)
        .set(bearer(tok.broker));
      expect(
        log.body.data.some(
          (e: { type: string; context: { recipient: string } }) =>
            e.type === 'email.sent' && e.context.recipient === 'michael@chenclosings.example',
        ),
      ).toBe(true);
    });
  });

  it('asks staff to approve a revoke by the customer; rejecting it keeps the lawyer', async () => {
    const revoke = await t
      .http()
      .patch(`${C(emma)}/lawyers/revoke/`)
      .set(bearer(tok.emma));
    expect(revoke.body.data.lawyer_status).toBe('pending_revoke');
    expect(await lawyerStatus()).toBe('pending_revoke');
    const keep = await t
      .http()
      .patch(`${C(emma)}/lawyers/reject_revoke/`)
      .set(bearer(tok.broker));
    expect(keep.body.data).toMatchObject({ lawyer_status: 'assigned', lawyer: trusted });
    await t
      .http()
      .patch(`${C(emma)}/lawyers/revoke/`)
      .set(bearer(tok.emma));
    const approved = await t
      .http()
      .patch(`${C(emma)}/lawyers/approve/`)
      .set(bearer(tok.broker));
    expect(approved.body.data).toMatchObject({ lawyer_status: 'empty', lawyer: null });
  });

  it('adds the customer’s own lawyer with the spec’s validation, and empties a pending pick at once on revoke', async () => {
    const bad = await t
      .http()
      .post(`${C(emma)}/lawyers/`)
      .set(bearer(tok.emma))
      .send({
        first_name: 'Ana',
        last_name: 'Own',
        email: 'nope',
        phone_number: '4165550000',
        company: 'Own Law',
        address_line: '1 Bay St',
      });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['email', 'phone_number']),
    );
    const own = await t
      .http()
      .post(`${C(emma)}/lawyers/`)
      .set(bearer(tok.emma))
      .send({
        first_name: 'Ana',
        last_name: 'Own',
        email: 'ana@ownlaw.example',
        phone_number: '14165550999',
        company: 'Own Law',
        address_line: '1 Bay St',
      });
    expect(own.status).toBe(201);
    expect(own.body.data.lawyer_status).toBe('pending_approve');
    const listed = await t
      .http()
      .get(`${C(emma)}/lawyers/`)
      .set(bearer(tok.emma));
    expect(listed.body.data.find((l: { email: string }) => l.email === 'ana@ownlaw.example')).toMatchObject({
      is_trusted_partner: false,
      is_internal: false,
    });
    // Another customer never sees Emma's own lawyer.
    const jamesUser = (await db.query('SELECT phone_number FROM users WHERE customer_id = $1', [james]))[0];
    tok.james = (await t.login(jamesUser.phone_number)).access;
    const theirs = await t
      .http()
      .get(`${C(james)}/lawyers/`)
      .set(bearer(tok.james));
    expect(theirs.body.data.some((l: { email: string }) => l.email === 'ana@ownlaw.example')).toBe(false);
    // Staff may edit a lawyer who is not a trusted partner while pending.
    const edit = await t
      .http()
      .patch(`${C(emma)}/lawyers/${own.body.data.lawyer}/`)
      .set(bearer(tok.broker))
      .send({ company: 'Own Law LLP' });
    expect(edit.body.data.company).toBe('Own Law LLP');
    const revoke = await t
      .http()
      .patch(`${C(emma)}/lawyers/revoke/`)
      .set(bearer(tok.emma));
    expect(revoke.body.data).toMatchObject({ lawyer_status: 'empty', lawyer: null });
  });

  it('refuses a customer acting on another customer’s lawyer', async () => {
    const before = await eventCount();
    expect(
      (
        await t
          .http()
          .get(`${C(james)}/lawyers/`)
          .set(bearer(tok.emma))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .post(`${C(james)}/lawyers/${(await db.query('SELECT id FROM lawyers LIMIT 1'))[0].id}/add/`)
          .set(bearer(tok.emma))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .patch(`${C(james)}/lawyers/revoke/`)
          .set(bearer(tok.emma))
      ).status,
    ).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('appraiser assignment and quote requests', () => {
  const details = {
    first_name: 'Emma',
    last_name: 'Wilson',
    email: 'emma.wilson@example.com',
    phone_number: '14165550103',
    expected_value: 850000,
    address: '22 Maple Ave, Toronto, ON',
    expected_date: '2026-12-15',
    access_details: 'owner',
    mortgage_position: 'first',
    lender: 'Royal Bank of Canada',
    underwriter_email: 'underwriter@rbc.example',
    underwriter_name: 'Priya Shah',
    mortgage_number: 'RBC-778812',
    notes: 'Side door entrance',
  };
  let chosen: { id: string; email: string }[];

  it('lists banks and filters appraisers by location and bank', async () => {
    const banks = await t
      .http()
      .get('/core/api/v3/banks/?offset=0&limit=1000&search=')
      .set(bearer(tok.broker));
    expect(banks.body.data.map((b: { name: string }) => b.name)).toEqual([
      'Royal Bank of Canada',
      'Scotiabank',
      'TD Canada Trust',
    ]);
    const all = await t
      .http()
      .get(`${C(emma)}/appraisers/?offset=0&limit=1000&search=&bank=`)
      .set(bearer(tok.broker));
    expect(all.body.data).toHaveLength(8);
    const toronto = await t
      .http()
      .get(`${C(emma)}/appraisers/?search=toronto&bank=${encodeURIComponent('TD Canada Trust')}`)
      .set(bearer(tok.broker));
    expect(toronto.body.data.length).toBeGreaterThan(0);
    for (const a of toronto.body.data) {
      expect(a.locations.map((l: { name: string }) => l.name)).toContain('Toronto');
      expect(a.banks.map((b: { name: string }) => b.name)).toContain('TD Canada Trust');
    }
    chosen = toronto.body.data.slice(0, 2);
    expect(chosen).toHaveLength(2);
  });

  it('refuses a quote request without appraisers, and e-mails every chosen appraiser through SMTP, answered to the brokerage', async () => {
    const quote = {
      customer_id: emma,
      typed_id: 'x',
      property_address: details.address,
      lender: details.lender,
      mortgage_position: 'first',
      ltv: 80,
      expected_value: 850000,
      due_date: addDays(canadianToday(), 11),
      comment: 'Rush please',
    };
    const empty = await t
      .http()
      .post(`${C(emma)}/appraisers/appraiser_request/`)
      .set(bearer(tok.broker))
      .send({ ...quote, appraiser_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].description).toBe('No appraisers selected. Select one or more appraisers.');
    const badLtv = await t
      .http()
      .post(`${C(emma)}/appraisers/appraiser_request/`)
      .set(bearer(tok.broker))
      .send({ ...quote, ltv: 'high', appraiser_ids: chosen.map((a) => a.id) });
    expect(badLtv.status).toBe(400);
    expect(badLtv.body.errors[0].field).toBe('ltv');
    const eventsBefore = (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
    for (const [field, value, description] of [
      ['ltv', -5, 'The ltv field must be a whole number from 1 to 100'],
      ['ltv', 101, 'The ltv field must be a whole number from 1 to 100'],
      ['expected_value', -1, 'The expected_value field must be a whole number from 1 to 1,000,000,000'],
      ['expected_value', 1e308, 'The expected_value field must be a whole number from 1 to 1,000,000,000'],
      ['due_date', '2020-01-01', 'The due_date field may not be a date in the past'],
    ] as const) {
      const refused = await t
        .http()
        .post(`${C(emma)}/appraisers/appraiser_request/`)
        .set(bearer(tok.broker))
        .send({ ...quote, [field]: value, appraiser_ids: chosen.map((a) => a.id) });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ field, description });
    }
    expect((await db.query('SELECT count(*)::int AS n FROM events'))[0].n).toBe(eventsBefore);
    const sent = await t
      .http()
      .post(`${C(emma)}/appraisers/appraiser_request/`)
      .set(bearer(tok.broker))
      .send({ ...quote, appraiser_ids: chosen.map((a) => a.id) });
    expect(sent.status).toBe(200);
    await eventually(() => {
      for (const a of chosen)
        expect(mail.some((m) => m.to === a.email && m.raw.includes('Rush please'))).toBe(true);
    });
    // The request asks for a reply: it goes to the brokerage, not the unread sender.
    expect(mail.find((m) => m.to === chosen[0].email)!.raw).toContain('Reply-To: hello@homeward.example');
    const listed = await t
      .http()
      .get(`${C(emma)}/appraisers/?search=toronto`)
      .set(bearer(tok.broker));
    const first = listed.body.data.find((a: { id: string }) => a.id === chosen[0].id);
    expect(first.sent_date).toEqual(expect.any(String));
    const client = (
      await t
        .http()
        .get(`${C(emma)}/`)
        .set(bearer(tok.broker))
    ).body.data;
    await eventually(async () => {
      const log = await t
        .http()
        .get(`/events/api/v3/events/?rel_type=User&rel_id=${client.user.id}`)
        .set(bearer(tok.broker));
      const recipients = log.body.data
        .filter((e: { type: string }) => e.type === 'email.sent')
        .map((e: { context: { recipient: string } }) => e.context.recipient);
      expect(recipients).toEqual(expect.arrayContaining(chosen.map((a) => a.email)));
    });
  });

  it('assigns one for approval, refuses the customer, approves, and shows the customer only their appraiser', async () => {
    const refused = await t
      .http()
      .post(`${C(emma)}/appraisers/${chosen[0].id}/add/`)
      .set(bearer(tok.emma))
      .send(details);
    expect(refused.status).toBe(403);
    const invalid = await t
      .http()
      .post(`${C(emma)}/appraisers/${chosen[0].id}/add/`)
      .set(bearer(tok.broker))
      .send({ ...details, expected_value: 'lots', notes: 'x'.repeat(2001) });
    expect(invalid.status).toBe(400);
    const assigned = await t
      .http()
      .post(`${C(emma)}/appraisers/${chosen[0].id}/add/`)
      .set(bearer(tok.broker))
      .send(details);
    expect(assigned.body.data).toMatchObject({
      appraiser: chosen[0].id,
      appraiser_status: 'pending_approve',
    });
    const twice = await t
      .http()
      .post(`${C(emma)}/appraisers/${chosen[1].id}/add/`)
      .set(bearer(tok.broker))
      .send(details);
    expect(twice.status).toBe(409);
    const customerView = await t
      .http()
      .get(`${C(emma)}/appraisers/`)
      .set(bearer(tok.emma));
    expect(customerView.body.data.map((a: { id: string }) => a.id)).toEqual([chosen[0].id]);
    const approved = await t
      .http()
      .patch(`${C(emma)}/appraisers/approve/`)
      .set(bearer(tok.pb));
    expect(approved.body.data.appraiser_status).toBe('assigned');
    await eventually(() =>
      expect(mail.some((m) => m.to === chosen[0].email && m.raw.includes('Appraisal assigned'))).toBe(true),
    );
    const steps = await t.http().get('/core/api/v3/customers/me/steps/').set(bearer(tok.emma));
    expect(steps.body.data.find((s: { step: string }) => s.step === 'appraisers')).toMatchObject({
      status: 'ok',
      statusMessage: 'Appraiser assigned',
      is_completed: true,
      completed_by: 'facts',
    });
    const listed = await t
      .http()
      .get(`${C(emma)}/appraisers/`)
      .set(bearer(tok.emma));
    expect(listed.body.data[0].assignation_date).toEqual(expect.any(String));
  });

  it('pushes assignment changes live to the customer, and revokes back to empty', async () => {
    const socket = io(t.url, { auth: { token: tok.emma }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const pushes: string[] = [];
    socket.on('domain-event', (p: { type: string }) => pushes.push(p.type));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const revoked = await t
      .http()
      .patch(`${C(emma)}/appraisers/revoke/`)
      .set(bearer(tok.broker));
    expect(revoked.body.data).toMatchObject({ appraiser: null, appraiser_status: 'empty' });
    await eventually(() => expect(pushes).toContain('appraiser.empty'), 1000);
    expect(
      (
        await t
          .http()
          .patch(`${C(emma)}/appraisers/approve/`)
          .set(bearer(tok.broker))
      ).status,
    ).toBe(409);
  });

  it('rebuilds every read table identically after the life cycles', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
