import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { nextReminderAt, NO_OVERRIDE, wallTime } from '../../machines/reminders.js';
import { Clock } from '../../server/src/platform/clock.js';
import { JOB_QUEUE, type JobQueue } from '../../server/src/platform/queue/job-queue.js';
import { RemindersProcessor } from '../../server/src/reminders/reminders.processor.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const C = '/core/api/v3/customers/';
const R = (id: string) => `${C}${id}/reminders/`;
const F = (code: string) => `/core/api/v3/forms/${code}/`;
const SUBJECT = 'Reminder: documents still needed';
const FIELDS = [
  {
    type: 'file',
    name: 'government_id-a1b2',
    caption: 'Government-issued photo ID',
    disabled: false,
    tutorial: { description: '', example: '' },
  },
  {
    type: 'file',
    name: 'pay_stubs-c3d4',
    caption: 'Two recent pay stubs',
    disabled: false,
    tutorial: { description: '', example: '' },
  },
];

/** Every instance of the clock in the app reads the given time. */
function setClock(t: TestApp, at: Date): void {
  for (const clock of t.app.get(Clock, { each: true })) clock.now = () => new Date(at);
}

/** The position of the newest event in the log. */
async function head(t: TestApp): Promise<string> {
  const rows: { head: string | null }[] = await t.app
    .get(DataSource)
    .query('SELECT max(global_position)::text AS head FROM events');
  return rows[0].head ?? '0';
}

/**
 * Lets the processors and jobs of an instance settle: what is due by its clock is done. With Redis the
 * jobs run on BullMQ's workers, after they were handed over: their end is waited for too. The instance
 * has settled after a round that began with no job under way, appended no event and left no job behind:
 * whatever a job committed before the round was drained in it, and what the drain queued was run.
 */
async function settle(t: TestApp): Promise<void> {
  const queue = t.app.get<JobQueue>(JOB_QUEUE);
  for (let round = 0; round < 200; round++) {
    const before = { unfinished: await queue.unfinished(), head: await head(t) };
    await t.drain();
    const handed = await queue.flush();
    const after = { unfinished: await queue.unfinished(), head: await head(t) };
    if (before.unfinished + handed + after.unfinished === 0 && before.head === after.head) return;
    if (after.unfinished > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The jobs did not settle');
}

/** Moves the clock to `at`, looks for due reminders and lets everything settle. */
async function tick(t: TestApp, at: Date): Promise<void> {
  setClock(t, at);
  await settle(t);
  await t.app.get(RemindersProcessor).sweep();
  await settle(t);
}

async function reminderEvents(
  t: TestApp,
  customerId: string,
): Promise<{ number: number; manual: boolean }[]> {
  const rows: { data: { number: number; manual: boolean } }[] = await t.app
    .get(DataSource)
    .query(
      "SELECT data FROM events WHERE stream_type = 'document_reminders' AND stream_id = $1 AND type = 'reminder.sent' ORDER BY stream_version",
      [customerId],
    );
  return rows.map((row) => row.data);
}

async function remindersTo(t: TestApp, email: string): Promise<{ text: string }[]> {
  return t.app
    .get(DataSource)
    .query('SELECT text FROM messages_sent WHERE recipient = $1 AND subject = $2 ORDER BY sent_at', [
      email,
      SUBJECT,
    ]);
}

let serial = 0;

/** A new client with a form of two fields, and the upload request sent. */
async function clientWithRequest(
  t: TestApp,
  token: string,
): Promise<{ id: string; code: string; email: string }> {
  serial += 1;
  for (const clock of t.app.get(Clock, { each: true })) clock.now = () => new Date();
  const email = `reminded${serial}@example.com`;
  const created = await t
    .http()
    .post(C)
    .set(bearer(token))
    .send({
      first_name: 'Robin',
      last_name: 'Reminded',
      email,
      phone_number: `1416555${String(8000 + serial)}`,
      status: 'active',
      deal_type: 'purchase',
      broker: (
        await t.app
          .get(DataSource)
          .query('SELECT id FROM users WHERE phone_number = $1', [PHONES.principalBroker])
      )[0].id,
    });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id = created.body.data.id as string;
  const form = await t
    .http()
    .post('/core/api/v3/forms/')
    .set(bearer(token))
    .send({ customer_id: id, fields: FIELDS });
  expect(form.status).toBe(201);
  const notify = await t
    .http()
    .post(`${C}${id}/notify/`)
    .set(bearer(token))
    .send({ notify_type: 'form_sent' });
  expect(notify.status).toBe(200);
  await settle(t);
  return { id, code: form.body.data.code as string, email };
}

async function state(t: TestApp, token: string, id: string) {
  const answer = await t.http().get(R(id)).set(bearer(token));
  expect(answer.status).toBe(200);
  return answer.body.data as {
    state: string;
    next_at: string | null;
    form_sent_at: string | null;
    count: number;
    paused: boolean;
    missing: { field: string; caption: string; reason: string | null }[];
    time_zone: string;
  };
}

describe('document reminders', () => {
  let t: TestApp;
  let pb: string;

  beforeAll(async () => {
    t = await startTestApp();
    pb = (await t.login(PHONES.principalBroker)).access;
  });

  afterAll(() => t.close());

  it('sends a reminder at its time naming what is missing and the upload link, then none once it is all in', async () => {
    const client = await clientWithRequest(t, pb);
    const before = await state(t, pb, client.id);
    expect(before.state).toBe('scheduled');
    expect(before.missing.map((m) => m.caption)).toEqual(FIELDS.map((f) => f.caption));
    const expected = nextReminderAt(
      {
        sentAt: new Date(before.form_sent_at!),
        count: 0,
        lastSentAt: null,
        paused: false,
        override: NO_OVERRIDE,
      },
      { firstDelayDays: 2, intervalDays: 3, maxCount: 5 },
      before.time_zone,
    )!;
    expect(before.next_at).toBe(expected.toISOString());

    await tick(t, new Date(expected.getTime() - 60_000));
    expect(await remindersTo(t, client.email)).toHaveLength(0);

    await tick(t, new Date(expected.getTime() + 1000));
    const sent = await remindersTo(t, client.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Government-issued photo ID');
    expect(sent[0].text).toContain('Two recent pay stubs');
    expect(sent[0].text).toContain(`/form/${client.code}/`);
    expect(
      t.outbox.delivered.filter((d) => d.subject === 'Document reminder' && d.text.includes(client.code)),
    ).toHaveLength(1);
    expect(await reminderEvents(t, client.id)).toEqual([
      expect.objectContaining({ number: 1, manual: false }),
    ]);

    // The audit trail and the event log show it.
    const history = await t.http().get(`${C}${client.id}/history/?type=reminder.sent`).set(bearer(pb));
    expect(history.body.data).toHaveLength(1);
    const userId = (
      await t.app.get(DataSource).query('SELECT user_id FROM customers WHERE id = $1', [client.id])
    )[0].user_id;
    const log = await t.http().get(`/events/api/v3/events/?rel_type=User&rel_id=${userId}`).set(bearer(pb));
    expect(log.body.data.map((e: { type: string }) => e.type)).toContain('reminder.sent');

    // A refused file is named with the staff's reason; a file in review is accepted.
    const upload = await uploadMultipart(`${t.url}${F(client.code)}files/`, pb, [
      { field: FIELDS[0].name, fileName: 'id.pdf', body: PDF_MINIMAL },
      { field: FIELDS[1].name, fileName: 'stub.pdf', body: PDF_MINIMAL },
    ]);
    expect(upload.status).toBe(201);
    const stub = (upload.body as { data: { id: string; file_name: string }[] }).data.find(
      (f) => f.file_name === 'stub.pdf',
    )!;
    await t
      .http()
      .patch(`${F(client.code)}files/batch/`)
      .set(bearer(pb))
      .send([{ id: stub.id, status: 'issue' }]);
    await t
      .http()
      .post(`${F(client.code)}files/${stub.id}/comments/`)
      .set(bearer(pb))
      .field('text', 'The stub is cut off');
    await settle(t);
    const refused = await state(t, pb, client.id);
    expect(refused.missing).toEqual([
      { field: FIELDS[1].name, caption: 'Two recent pay stubs', reason: 'The stub is cut off' },
    ]);
    const now = await t
      .http()
      .post(`${R(client.id)}send_now/`)
      .set(bearer(pb));
    expect(now.status).toBe(200);
    await settle(t);
    const texts = await remindersTo(t, client.email);
    expect(texts).toHaveLength(2);
    expect(texts[1].text).toContain('Two recent pay stubs (The stub is cut off)');
    expect(texts[1].text).not.toContain('Government-issued photo ID');

    // Once everything is checked, nothing is missing and no reminder follows.
    const files = (
      await t
        .http()
        .get(`${F(client.code)}history/`)
        .set(bearer(pb))
    ).body.data as { id: string }[];
    await t
      .http()
      .patch(`${F(client.code)}files/batch/`)
      .set(bearer(pb))
      .send(files.map((f) => ({ id: f.id, status: 'checked' })));
    await settle(t);
    const done = await state(t, pb, client.id);
    expect(done).toMatchObject({ state: 'nothing_missing', next_at: null, missing: [] });
    await tick(t, new Date(expected.getTime() + 30 * 86_400_000));
    expect(await remindersTo(t, client.email)).toHaveLength(2);
    expect(
      (
        await t
          .http()
          .post(`${R(client.id)}send_now/`)
          .set(bearer(pb))
      ).status,
    ).toBe(409);
  });

  it('sends at most the number the schedule allows, and a paused client gets none until resumed', async () => {
    const client = await clientWithRequest(t, pb);
    const changed = await t
      .http()
      .patch(R(client.id))
      .set(bearer(pb))
      .send({ max_count: 2, interval_days: 1 });
    expect(changed.status).toBe(200);
    await settle(t);
    let current = await state(t, pb, client.id);
    for (let n = 1; n <= 2; n++) {
      await tick(t, new Date(Date.parse(current.next_at!) + 1000));
      current = await state(t, pb, client.id);
      expect(current.count).toBe(n);
    }
    expect(current).toMatchObject({ state: 'finished', next_at: null });
    await tick(t, new Date(Date.now() + 60 * 86_400_000));
    expect(await remindersTo(t, client.email)).toHaveLength(2);

    const other = await clientWithRequest(t, pb);
    const due = (await state(t, pb, other.id)).next_at!;
    expect((await t.http().patch(R(other.id)).set(bearer(pb)).send({ paused: true })).status).toBe(200);
    await settle(t);
    expect(await state(t, pb, other.id)).toMatchObject({ state: 'paused', paused: true, next_at: null });
    await tick(t, new Date(Date.parse(due) + 1000));
    expect(await remindersTo(t, other.email)).toHaveLength(0);
    expect((await t.http().patch(R(other.id)).set(bearer(pb)).send({ paused: false })).status).toBe(200);
    await settle(t);
    // Its time passed while paused: the reminder goes out at once (within the hours), and the next one is scheduled.
    expect(await remindersTo(t, other.email)).toHaveLength(1);
    expect(await state(t, pb, other.id)).toMatchObject({ state: 'scheduled', count: 1 });
  });

  it('sends none to a funded or a deleted client', async () => {
    const funded = await clientWithRequest(t, pb);
    const deleted = await clientWithRequest(t, pb);
    const due = Date.parse((await state(t, pb, funded.id)).next_at!);
    expect(
      (await t.http().patch(`${C}${funded.id}/`).set(bearer(pb)).send({ status: 'funded' })).status,
    ).toBe(200);
    expect((await t.http().delete(`${C}${deleted.id}/`).set(bearer(pb))).status).toBe(200);
    await settle(t);
    expect(await state(t, pb, funded.id)).toMatchObject({ state: 'client_finished', next_at: null });
    await tick(t, new Date(due + 86_400_000));
    expect(await remindersTo(t, funded.email)).toHaveLength(0);
    expect(await remindersTo(t, deleted.email)).toHaveLength(0);
    expect(
      (
        await t
          .http()
          .post(`${R(funded.id)}send_now/`)
          .set(bearer(pb))
      ).status,
    ).toBe(409);
    expect((await t.http().get(R(deleted.id)).set(bearer(pb))).status).toBe(404);
  });

  it('keeps the next reminder through a status change between open statuses, and schedules again after a finished one', async () => {
    const client = await clientWithRequest(t, pb);
    const scheduled = await state(t, pb, client.id);
    const patchStatus = async (status: string) =>
      expect((await t.http().patch(`${C}${client.id}/`).set(bearer(pb)).send({ status })).status).toBe(200);
    await patchStatus('approved');
    await settle(t);
    expect(await state(t, pb, client.id)).toMatchObject({ state: 'scheduled', next_at: scheduled.next_at });
    await patchStatus('closed');
    await settle(t);
    expect(await state(t, pb, client.id)).toMatchObject({ state: 'client_finished', next_at: null });
    await patchStatus('active');
    await settle(t);
    expect(await state(t, pb, client.id)).toMatchObject({ state: 'scheduled', next_at: scheduled.next_at });
  });

  it('waits for 9:00 in the brokerage time zone when the time falls at night', async () => {
    // A whole-hour zone in which two days after now is 22:00 or later.
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    const shift = (22 - inTwoDays.getUTCHours() + 24) % 24; // local = UTC + shift
    const offset = shift > 12 ? shift - 24 : shift;
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    expect(
      (await t.http().patch('/core/api/v3/brokerage/').set(bearer(pb)).send({ time_zone: zone })).status,
    ).toBe(200);
    const client = await clientWithRequest(t, pb);
    const current = await state(t, pb, client.id);
    const nominal = Date.parse(current.form_sent_at!) + 2 * 86_400_000;
    expect(wallTime(new Date(Date.parse(current.next_at!)), zone)).toMatchObject({ hour: 9, minute: 0 });
    expect(Date.parse(current.next_at!)).toBeGreaterThan(nominal);
    await tick(t, new Date(nominal + 60_000));
    expect(await remindersTo(t, client.email)).toHaveLength(0);
    await tick(t, new Date(Date.parse(current.next_at!) + 1000));
    expect(await remindersTo(t, client.email)).toHaveLength(1);
    await t.http().patch('/core/api/v3/brokerage/').set(bearer(pb)).send({ time_zone: 'America/Toronto' });
    await settle(t);
  });

  it('refuses bad input naming the field, and keeps reminders to staff who may see the client', async () => {
    const client = await clientWithRequest(t, pb);
    for (const [field, value] of [
      ['max_count', 'x'],
      ['interval_days', 0],
      ['first_delay_days', 1.5],
      ['paused', null],
    ] as const) {
      const answer = await t
        .http()
        .patch(R(client.id))
        .set(bearer(pb))
        .send({ [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].field).toBe(field);
    }
    const customer = (await t.login(PHONES.customer)).access;
    expect((await t.http().get(R(client.id)).set(bearer(customer))).status).toBe(403);
    const broker = (await t.login(PHONES.broker)).access;
    expect((await t.http().get(R(client.id)).set(bearer(broker))).status).toBe(404);
  });

  it('rebuilds the read tables exactly', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});

describe('document reminders across a restart', () => {
  let owner: TestApp;

  beforeAll(async () => {
    owner = await startTestApp({ env: { RUN_PROCESSORS: 'false', RUN_WORKERS: 'false' } });
  });

  afterAll(() => owner.close());

  it('neither loses nor repeats a reminder when an instance stops and another starts', async () => {
    const first = await startTestApp({ databaseUrl: owner.databaseUrl, seed: false });
    const pb = (await first.login(PHONES.principalBroker)).access;
    const client = await clientWithRequest(first, pb);
    const one = (await state(first, pb, client.id)).next_at!;
    await tick(first, new Date(Date.parse(one) + 1000));
    const two = (await state(first, pb, client.id)).next_at!;
    expect(Date.parse(two)).toBeGreaterThan(Date.parse(one));
    await first.close();

    const second = await startTestApp({ databaseUrl: owner.databaseUrl, seed: false });
    try {
      // The first reminder is not sent again, and the second goes out once at its time.
      await tick(second, new Date(Date.parse(one) + 2000));
      expect(await reminderEvents(second, client.id)).toHaveLength(1);
      await tick(second, new Date(Date.parse(two) + 1000));
      await tick(second, new Date(Date.parse(two) + 2000));
      expect((await reminderEvents(second, client.id)).map((r) => r.number)).toEqual([1, 2]);
      expect(await remindersTo(second, client.email)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
