import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CUSTOMER_STATUSES } from '../../machines/customer.enums.js';
import {
  type PipelineBrokerFigures,
  type PipelineFigures,
  percentile,
  roundDays,
  weekOf,
} from '../../machines/pipeline.js';
import { EventStore } from '../../server/src/platform/event-store/event-store.js';
import { ProjectionRebuilder } from '../../server/src/platform/event-store/projection.rebuilder.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';
import { FORM_FIELD } from '../support/world.js';

/**
 * The Pipeline page's figures, against the same figures recomputed here from the events table alone: a
 * history imported from before the page existed (then rebuilt into the read tables), and clients created,
 * moved, handed over and deleted, forms sent, files uploaded and reviewed through the API.
 */

const PIPELINE = '/core/api/v3/pipeline/';
const DAY = 86_400_000;

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<'principal' | 'broker' | 'assistant', string> = {
  principal: '',
  broker: '',
  assistant: '',
};

beforeAll(async () => {
  t = await startTestApp();
  tokens.principal = (await t.login(PHONES.principalBroker)).access;
  tokens.broker = (await t.login(PHONES.broker)).access;
  tokens.assistant = (await t.login(PHONES.assistant)).access;
  tokens.customer = (await t.login(PHONES.customer)).access;
  for (const who of ['principal', 'broker', 'assistant'] as const)
    ids[who] = (await t.http().get('/core/api/v3/users/me/').set(bearer(tokens[who]))).body.data.id;
  await importPastHistory();
  await buildLiveHistory();
  await t.drain();
}, 120000);

afterAll(async () => {
  await t?.close();
});

/** Clients whose history began weeks before the page existed, written straight into the log. */
async function importPastHistory(): Promise<void> {
  const now = Date.now();
  const metadata = { actorId: null, actorRole: 'system', requestId: null };
  const past: { broker: string; steps: [string, number][] }[] = [
    {
      broker: ids.broker,
      steps: [
        ['active', 60],
        ['pre_approved', 50],
        ['approved', 40.5],
        ['funded', 30],
      ],
    },
    {
      broker: ids.principal,
      steps: [
        ['active', 45],
        ['pre_approved', 44.5],
        ['funded', 20],
        ['closed', 3],
      ],
    },
    {
      broker: ids.broker,
      steps: [
        ['active', 20],
        ['pre_approved', 9],
      ],
    },
  ];
  const events = past.flatMap(({ broker, steps }, n) => {
    const id = randomUUID();
    return steps.map(([status, daysAgo], i) => ({
      streamType: 'customer',
      streamId: id,
      version: i + 1,
      metadata,
      createdAt: new Date(now - daysAgo * DAY),
      ...(i === 0
        ? {
            type: 'customer.created',
            data: {
              customerId: id,
              typedId: `PAST-${n}`,
              userId: randomUUID(),
              firstName: 'Past',
              lastName: `Client ${'XYZ'[n]}`,
              email: `past.${n}@example.com`,
              phoneNumber: `1416557000${n}`,
              status,
              dealType: 'purchase',
              customerType: 'applicant',
              closingDate: null,
              filogixNumber: null,
              lender: '',
              addressLine: '',
              brokerId: broker,
              assistantId: null,
              secondApplicant: { firstName: '', lastName: '', email: '', phoneNumber: '' },
            },
          }
        : { type: 'customer.status_changed', data: { from: steps[i - 1][0], to: status } }),
    }));
  });
  await t.app.get(EventStore).importDecided(events);
  await t.app.get(ProjectionRebuilder).rebuild();
}

let phone = 14165570100;

async function createClient(broker: string): Promise<string> {
  const n = phone++;
  const answer = await t
    .http()
    .post('/core/api/v3/customers/')
    .set(bearer(tokens.principal))
    .send({
      first_name: 'Pipeline',
      last_name: `Client ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}`,
      email: `pipeline.${n}@example.com`,
      phone_number: String(n),
      status: 'active',
      deal_type: 'purchase',
      broker,
    });
  if (answer.status !== 201) throw new Error(`creating a client: ${answer.status} ${answer.text}`);
  return answer.body.data.id as string;
}

async function edit(id: string, body: object): Promise<void> {
  const answer = await t
    .http()
    .patch(`/core/api/v3/customers/${id}/`)
    .set(bearer(tokens.principal))
    .send(body);
  expect(answer.status).toBe(200);
}

const SECOND_FIELD = { ...FORM_FIELD, name: 'pay_stub-77c1', caption: 'Two recent pay stubs' };
const OFF_FIELD = { ...FORM_FIELD, name: 'void_cheque-1b2e', caption: 'A void cheque', disabled: true };

async function formFor(customerId: string): Promise<string> {
  const answer = await t
    .http()
    .post('/core/api/v3/forms/')
    .set(bearer(tokens.principal))
    .send({ customer_id: customerId, fields: [FORM_FIELD, SECOND_FIELD, OFF_FIELD] });
  expect(answer.status).toBe(201);
  return answer.body.data.code as string;
}

async function upload(code: string, field: string): Promise<string> {
  const answer = await uploadMultipart(`${t.url}/core/api/v3/forms/${code}/files/`, tokens.principal, [
    { field, fileName: 'statement.pdf', body: PDF_MINIMAL },
  ]);
  return (answer.body as { data: { id: string }[] }).data[0].id;
}

async function review(code: string, changes: { id: string; status: string }[]): Promise<void> {
  const answer = await t
    .http()
    .patch(`/core/api/v3/forms/${code}/files/batch/`)
    .set(bearer(tokens.principal))
    .send(changes);
  expect(answer.status).toBe(200);
}

/** Clients created, moved, handed over and deleted; forms sent, files uploaded, checked and refused. */
async function buildLiveHistory(): Promise<void> {
  const a = await createClient(ids.broker);
  const b = await createClient(ids.broker);
  const c = await createClient(ids.principal);
  const d = await createClient(ids.principal);
  for (const status of ['pre_approved', 'approved', 'funded']) await edit(a, { status });
  await edit(b, { status: 'pre_approved' });
  await edit(c, { status: 'funded' });
  await edit(c, { status: 'closed' });
  await edit(d, { status: 'cancelled' });
  // C is handed over to the broker with their history; D leaves every figure.
  await edit(c, { broker: ids.broker });
  await t.http().delete(`/core/api/v3/customers/${d}/`).set(bearer(tokens.principal)).expect(200);

  const formA = await formFor(a);
  const checked = await upload(formA, FORM_FIELD.name);
  const refused = await upload(formA, SECOND_FIELD.name);
  await upload(formA, SECOND_FIELD.name);
  await review(formA, [
    { id: checked, status: 'checked' },
    { id: refused, status: 'issue' },
  ]);
  const formB = await formFor(b);
  await upload(formB, FORM_FIELD.name);
  const back = await upload(formB, SECOND_FIELD.name);
  await review(formB, [{ id: back, status: 'checked' }]);
  await review(formB, [{ id: back, status: 'in_review' }]);
  await formFor(await createClient(ids.principal));
}

interface LoggedEvent {
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
  at: number;
}

interface Stay {
  status: string;
  entered: number;
  left: number | null;
}

/** The figures recomputed from the events table alone, for one broker's clients or everyone's (null). */
async function expectedFigures(scope: string | null, now: number, timeZone: string, weeks: string[]) {
  const events: LoggedEvent[] = await t.app.get(DataSource).query(
    `SELECT stream_id, type, data, extract(epoch FROM created_at)::float8 * 1000 AS at
       FROM events WHERE stream_type IN ('customer', 'form', 'form_file') ORDER BY global_position`,
  );
  const clients = new Map<string, { broker: string | null; stays: Stay[] }>();
  const forms = new Map<string, { customerId: string; fields: (typeof FORM_FIELD)[]; archived: boolean }>();
  const files = new Map<string, { code: string; field: string; status: string; since: number }>();
  for (const e of events) {
    const d = e.data;
    switch (e.type) {
      case 'customer.created':
        clients.set(e.stream_id, {
          broker: d.brokerId as string | null,
          stays: [{ status: d.status as string, entered: e.at, left: null }],
        });
        break;
      case 'customer.status_changed': {
        const stays = clients.get(e.stream_id)!.stays;
        stays[stays.length - 1].left = e.at;
        stays.push({ status: d.to as string, entered: e.at, left: null });
        break;
      }
      case 'customer.updated': {
        const changes = d.changes as { brokerId?: string | null };
        if (changes.brokerId !== undefined) clients.get(e.stream_id)!.broker = changes.brokerId;
        break;
      }
      case 'customer.deleted':
        clients.delete(e.stream_id);
        break;
      case 'form.created':
        forms.set(d.code as string, {
          customerId: d.customerId as string,
          fields: d.fields as (typeof FORM_FIELD)[],
          archived: false,
        });
        break;
      case 'form.fields_saved':
        forms.get(e.stream_id)!.fields = d.fields as (typeof FORM_FIELD)[];
        break;
      case 'form.archived':
        forms.get(e.stream_id)!.archived = true;
        break;
      case 'form_file.uploaded':
        files.set(d.fileId as string, {
          code: d.code as string,
          field: d.field as string,
          status: 'in_review',
          since: e.at,
        });
        break;
      case 'form_file.status_changed':
        Object.assign(files.get(e.stream_id)!, { status: d.to as string, since: e.at });
        break;
    }
  }
  const inScope = [...clients.entries()].filter(([, c]) => scope === null || c.broker === scope);
  const stays = inScope.flatMap(([, c]) => c.stays);
  const spread = (days: number[]) => ({
    count: days.length,
    median_days: roundDays(percentile(days, 0.5)),
    p90_days: roundDays(percentile(days, 0.9)),
  });
  const funded = inScope
    .map(([, c]) => [c.stays[0].entered, c.stays.find((s) => s.status === 'funded')?.entered] as const)
    .filter(([, f]) => f !== undefined)
    .map(([created, f]) => (f! - created) / DAY);

  const brokerOf = (customerId: string) => clients.get(customerId)!.broker;
  const activeForms = [...forms.entries()].filter(
    ([, f]) =>
      !f.archived && clients.has(f.customerId) && (scope === null || brokerOf(f.customerId) === scope),
  );
  const waiting = [...files.values()].filter(
    (f) => f.status === 'in_review' && activeForms.some(([code]) => code === f.code),
  );
  const perBroker = new Map<string | null, { fields: number; clients: Set<string>; waiting: number }>();
  const entry = (broker: string | null) => {
    if (!perBroker.has(broker)) perBroker.set(broker, { fields: 0, clients: new Set(), waiting: 0 });
    return perBroker.get(broker)!;
  };
  for (const [code, form] of activeForms)
    for (const field of form.fields.filter((f) => !f.disabled)) {
      const accepted = [...files.values()].some(
        (f) => f.code === code && f.field === field.name && f.status === 'checked',
      );
      if (accepted) continue;
      entry(brokerOf(form.customerId)).fields++;
      entry(brokerOf(form.customerId)).clients.add(form.customerId);
    }
  for (const file of waiting) entry(brokerOf(forms.get(file.code)!.customerId)).waiting++;
  const oldest = waiting.length ? Math.min(...waiting.map((f) => f.since)) : null;

  return {
    broker_id: scope,
    time_zone: timeZone,
    weeks,
    statuses: CUSTOMER_STATUSES.map((status) => ({
      status,
      now: stays.filter((s) => s.status === status && s.left === null).length,
      entered: weeks.map(
        (week) =>
          stays.filter((s) => s.status === status && weekOf(new Date(s.entered), timeZone) === week).length,
      ),
      days_in_status: spread(
        stays.filter((s) => s.status === status && s.left !== null).map((s) => (s.left! - s.entered) / DAY),
      ),
    })),
    to_funded: spread(funded),
    documents_waiting: {
      files: waiting.length,
      oldest_since: oldest === null ? null : expect.any(String),
      oldest_days: oldest === null ? null : roundDays((now - oldest) / DAY),
    },
    brokers: [...perBroker.entries()].map(([broker, b]) => ({
      broker_id: broker,
      broker_name: expect.any(String),
      outstanding_fields: b.fields,
      outstanding_clients: b.clients.size,
      waiting_files: b.waiting,
    })),
  };
}

async function figures(who: string, query = ''): Promise<PipelineFigures> {
  const answer = await t.http().get(`${PIPELINE}${query}`).set(bearer(tokens[who]));
  expect(answer.status).toBe(200);
  return answer.body.data as PipelineFigures;
}

async function expectMatchesTheLog(answer: PipelineFigures, scope: string | null): Promise<void> {
  const expected = await expectedFigures(
    scope,
    Date.parse(answer.generated_at),
    answer.time_zone,
    answer.weeks,
  );
  const byBroker = (list: { broker_id: string | null }[]) =>
    [...list].sort((x, y) => String(x.broker_id).localeCompare(String(y.broker_id)));
  expect({ ...answer, brokers: byBroker(answer.brokers) }).toEqual({
    ...expected,
    generated_at: answer.generated_at,
    brokers: byBroker(expected.brokers),
  });
}

describe('the pipeline figures', () => {
  it("are the whole brokerage's for principal brokers and assistants, as the events say", async () => {
    const all = await figures('principal');
    await expectMatchesTheLog(all, null);
    // The imported past counts: funded clients of weeks ago, and a handed-over client's history.
    expect(all.to_funded.count).toBeGreaterThanOrEqual(4);
    expect(all.to_funded.p90_days).toBeGreaterThan(1);
    expect(all.statuses.find((s) => s.status === 'pre_approved')!.days_in_status.count).toBeGreaterThan(2);
    expect(all.statuses.flatMap((s) => s.entered).reduce((x, y) => x + y)).toBeGreaterThan(10);
    expect(all.documents_waiting.files).toBe(3);
    await expectMatchesTheLog(await figures('assistant'), null);
  });

  it("are one broker's clients when filtered, and a broker's own whoever they ask for", async () => {
    const liam = await figures('principal', `?broker=${ids.broker}`);
    expect(liam.broker_id).toBe(ids.broker);
    await expectMatchesTheLog(liam, ids.broker);
    expect(liam.brokers.map((b) => b.broker_name)).toEqual(['Liam Gagnon']);
    await expectMatchesTheLog(await figures('principal', `?broker=${ids.principal}`), ids.principal);

    const own = await figures('broker', `?broker=${ids.principal}`);
    expect(own.broker_id).toBe(ids.broker);
    await expectMatchesTheLog(own, ids.broker);
    expect((await figures('broker')).broker_id).toBe(ids.broker);
  });

  it('refuses customers, and bad input with the field it names', async () => {
    await t.http().get(PIPELINE).set(bearer(tokens.customer)).expect(403);
    await t.http().get(PIPELINE).expect(401);
    for (const [query, field] of [
      ['?broker=nobody', 'broker'],
      [`?broker=${randomUUID()}`, 'broker'],
      [`?broker=${ids.assistant}`, 'broker'],
      ['?format=xml', 'format'],
    ]) {
      const answer = await t.http().get(`${PIPELINE}${query}`).set(bearer(tokens.principal));
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].field).toBe(field);
    }
  });

  it('downloads the same figures as CSV', async () => {
    const json = await figures('principal');
    const answer = await t.http().get(`${PIPELINE}?format=csv`).set(bearer(tokens.principal));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="pipeline-.*\.csv"/);
    const [header, ...lines] = answer.text.trim().split('\n');
    expect(header).toBe('figure,status,week,broker,value');
    const cells = new Map(
      lines.map((line) => {
        const [figure, status, week, broker, value] = line.split(',');
        return [`${figure}|${status}|${week}|${broker}`, value] as const;
      }),
    );
    const cell = (figure: string, status = '', week = '', broker = '') =>
      cells.get(`${figure}|${status}|${week}|${broker}`);
    const text = (value: number | null) => (value === null ? '' : String(value));
    for (const s of json.statuses) {
      expect(cell('clients_now', s.status)).toBe(String(s.now));
      json.weeks.forEach((week, i) =>
        expect(cell('clients_entered', s.status, week)).toBe(String(s.entered[i])),
      );
      expect(cell('stays_ended', s.status)).toBe(String(s.days_in_status.count));
      expect(cell('days_in_status_median', s.status)).toBe(text(s.days_in_status.median_days));
      expect(cell('days_in_status_p90', s.status)).toBe(text(s.days_in_status.p90_days));
    }
    expect(cell('clients_funded')).toBe(String(json.to_funded.count));
    expect(cell('days_to_funded_median')).toBe(text(json.to_funded.median_days));
    expect(cell('days_to_funded_p90')).toBe(text(json.to_funded.p90_days));
    expect(cell('documents_waiting')).toBe(String(json.documents_waiting.files));
    expect(Number(cell('oldest_wait_days'))).toBeCloseTo(json.documents_waiting.oldest_days!, 0);
    json.brokers.forEach((b: PipelineBrokerFigures) => {
      expect(cell('outstanding_fields', '', '', b.broker_name)).toBe(String(b.outstanding_fields));
      expect(cell('outstanding_clients', '', '', b.broker_name)).toBe(String(b.outstanding_clients));
      expect(cell('waiting_files', '', '', b.broker_name)).toBe(String(b.waiting_files));
    });
    expect(lines).toHaveLength(json.statuses.length * (4 + json.weeks.length) + 5 + 3 * json.brokers.length);
  });

  it('keep one open stay per client, the latest, however often the client moves', async () => {
    const id = await createClient(ids.broker);
    const statuses = ['pre_approved', 'approved', 'active', 'approved', 'funded', 'approved', 'closed'];
    for (const status of statuses) await edit(id, { status });
    const stays = (await t.app
      .get(DataSource)
      .query(
        `SELECT status, entered_at, left_at FROM client_status_periods WHERE customer_id = $1 ORDER BY entered_version`,
        [id],
      )) as { status: string; entered_at: Date; left_at: Date | null }[];
    expect(stays.map((s) => s.status)).toEqual(['active', ...statuses]);
    stays.slice(0, -1).forEach((stay, i) => expect(stay.left_at).toEqual(stays[i + 1].entered_at));
    expect(stays.at(-1)!.left_at).toBeNull();
  });

  it('are given back by a rebuild of the read tables', async () => {
    const before = await figures('principal');
    await expectRebuildToReproduceReadTables(t);
    const after = await figures('principal');
    expect({ ...after, generated_at: '', documents_waiting: after.documents_waiting.files }).toEqual({
      ...before,
      generated_at: '',
      documents_waiting: before.documents_waiting.files,
    });
  });
});
