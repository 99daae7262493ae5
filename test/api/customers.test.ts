import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { SEARCH_ROW_CHANGES_IN_LOG } from '../../migrations/1763700002600-client-search-changes.js';
import { KeptPositions } from '../../server/src/customers/kept-positions.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let db: DataSource;
const tokens: Record<string, string> = {};
/** Passwords texted to clients created here, so later tests can sign in as them. */
const passwords: Record<string, string> = {};
const ids: Record<string, string> = {};
const sockets: Socket[] = [];
const C = '/core/api/v3/customers/';

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  // A second broker with a client of their own, to prove brokers cannot see each other's clients.
  await t.app.get(SeedService).registerUser(
    {
      role: 'broker',
      phoneNumber: '14165550150',
      firstName: 'Aaron',
      lastName: 'Second',
      email: 'aaron@homeward.example',
    },
    'Second#broker1',
  );
  await t.app.get(SeedService).registerUser(
    {
      role: 'assistant',
      phoneNumber: '14165550151',
      firstName: 'Bella',
      lastName: 'Helper',
      email: 'bella@homeward.example',
    },
    'Second#assist1',
  );
  tokens.pb = (await t.login(PHONES.principalBroker)).access;
  tokens.broker = (await t.login(PHONES.broker)).access;
  tokens.assistant = (await t.login(PHONES.assistant)).access;
  tokens.customer = (await t.login(PHONES.customer)).access;
  tokens.broker2 = (await t.login('14165550150', 'Second#broker1')).access;
  tokens.assistant2 = (await t.login('14165550151', 'Second#assist1')).access;
  for (const [key, phone] of Object.entries({
    pb: PHONES.principalBroker,
    broker: PHONES.broker,
    assistant: PHONES.assistant,
    broker2: '14165550150',
  })) {
    ids[key] = (await db.query('SELECT id FROM users WHERE phone_number = $1', [phone]))[0].id;
  }
});

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

const newClient = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace.hopper@example.com',
  phone_number: '14165557001',
  status: 'active',
  deal_type: 'purchase',
  ...overrides,
});

/** Events written so far, once the side effects of earlier commands (messages sent) have settled. */
async function eventCount(): Promise<number> {
  await t.drain();
  return (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
}

describe('listing clients', () => {
  it('shows a principal broker every client, with pagination.count', async () => {
    const answer = await t.http().get(`${C}?offset=0&limit=5`).set(bearer(tokens.pb));
    expect(answer.status).toBe(200);
    expect(answer.body.pagination.count).toBe(12);
    expect(answer.body.data).toHaveLength(5);
    expect(answer.body.data[0]).toMatchObject({
      broker: expect.objectContaining({ first_name: expect.any(String) }),
      notes_stat: { unread: 0 },
    });
  });

  it('shows a broker only their own clients, whatever broker filter they send', async () => {
    const answer = await t.http().get(`${C}?limit=100&broker=${ids.pb}`).set(bearer(tokens.broker));
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(answer.body.data.every((c: { broker: { id: string } }) => c.broker.id === ids.broker)).toBe(true);
  });

  it('filters by status, deal type and broker, and searches names, e-mail, phone and typed id', async () => {
    const funded = await t.http().get(`${C}?status=funded`).set(bearer(tokens.pb));
    expect(funded.body.data.map((c: { first_name: string }) => c.first_name)).toEqual(['William']);
    const refinance = await t.http().get(`${C}?deal_type=refinance&limit=100`).set(bearer(tokens.pb));
    expect(refinance.body.data.every((c: { deal_type: string }) => c.deal_type === 'refinance')).toBe(true);
    const byBroker = await t.http().get(`${C}?broker=${ids.pb}&limit=100`).set(bearer(tokens.assistant));
    expect(byBroker.body.data.every((c: { broker: { id: string } }) => c.broker.id === ids.pb)).toBe(true);
    const byName = await t.http().get(`${C}?search=LEBL`).set(bearer(tokens.pb));
    expect(byName.body.data.map((c: { last_name: string }) => c.last_name)).toEqual(['Leblanc']);
    const byPhone = await t
      .http()
      .get(`${C}?search=${encodeURIComponent('(416) 555-0115')}`)
      .set(bearer(tokens.pb));
    expect(byPhone.body.data.map((c: { first_name: string }) => c.first_name)).toEqual(['William']);
    const typed = byName.body.data[0].typed_id as string;
    const byTyped = await t.http().get(`${C}?search=${typed.toLowerCase()}`).set(bearer(tokens.pb));
    expect(byTyped.body.data).toHaveLength(1);
  });

  it("accepts both spellings of 'cancelled' in the status filter", async () => {
    const a = await t.http().get(`${C}?status=canceled`).set(bearer(tokens.pb));
    const b = await t.http().get(`${C}?status=cancelled`).set(bearer(tokens.pb));
    expect(a.body.pagination.count).toBe(1);
    expect(a.body.data).toEqual(b.body.data);
  });
});

describe('creating a client', () => {
  it('creates a client and their customer account, and texts the password masked in the record', async () => {
    const answer = await t
      .http()
      .post(C)
      .set(bearer(tokens.pb))
      .send(
        newClient({ broker: ids.broker, assistant: ids.assistant, initial_note: 'Met at the open house' }),
      );
    expect(answer.status).toBe(201);
    const client = answer.body.data;
    ids.grace = client.id;
    expect(client).toMatchObject({
      first_name: 'Grace',
      status: 'active',
      broker: { id: ids.broker },
      assistant: { id: ids.assistant },
      version: 1,
    });
    expect(client.typed_id).toMatch(/^HW-[0-9A-Z]{6}$/);
    const user = (await db.query('SELECT * FROM users WHERE id = $1', [client.user.id]))[0];
    expect(user).toMatchObject({ role: 'customer', customer_id: client.id, require_change_password: true });
    const sms = await eventually(() => {
      const found = t.outbox.delivered.find((d) => d.to === '+14165557001');
      if (!found) throw new Error('not yet');
      return found;
    });
    const password = /\n(\S+)$/.exec(sms.text)![1];
    passwords.grace = password;
    expect(JSON.stringify(await db.query('SELECT data FROM events'))).not.toContain(password);
    await t.login('14165557001', password);
    const notes = await t.http().get(`${C}${client.id}/notes/`).set(bearer(tokens.pb));
    expect(notes.body.data.map((n: { text: string }) => n.text)).toEqual(['Met at the open house']);
  });

  it('makes a broker who chooses no broker the broker, and refuses them another broker', async () => {
    const own = await t
      .http()
      .post(C)
      .set(bearer(tokens.broker))
      .send(newClient({ phone_number: '14165557002', email: 'own@example.com' }));
    expect(own.status).toBe(201);
    expect(own.body.data.broker.id).toBe(ids.broker);
    const other = await t
      .http()
      .post(C)
      .set(bearer(tokens.broker))
      .send(newClient({ phone_number: '14165557003', broker: ids.pb }));
    expect(other.status).toBe(403);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['phone_number', { phone_number: '4165557004' }],
    ['filogix_number', { filogix_number: 'ABCDEFGHIJKLMNOPQ' }],
    ['filogix_number', { filogix_number: 'has space' }],
    ['status', { status: 'archived' }],
    ['deal_type', { deal_type: 'lease' }],
    ['initial_note', { initial_note: 'x'.repeat(2001) }],
    ['second_applicant_email', { second_applicant_email: 'nope' }],
    ['second_applicant_phone_number', { second_applicant_phone_number: '12345' }],
    ['first_name', { first_name: '   ' }],
  ])('answers 400 naming %s and writes nothing', async (field, overrides) => {
    const before = await eventCount();
    const answer = await t
      .http()
      .post(C)
      .set(bearer(tokens.pb))
      .send(newClient({ broker: ids.broker, phone_number: '14165557005', ...overrides }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe(field);
    expect(answer.body.errors[0].description).toEqual(expect.any(String));
    expect(await eventCount()).toBe(before);
  });

  it('refuses a phone number that another account already uses', async () => {
    const answer = await t
      .http()
      .post(C)
      .set(bearer(tokens.pb))
      .send(newClient({ broker: ids.broker, phone_number: PHONES.customer }));
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0]).toMatchObject({ code: 'phone_number_taken', field: 'phone_number' });
  });
});

describe('editing a client', () => {
  it('lets one of two edits made from the same version win; the other gets 409', async () => {
    const { version } = (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data;
    const [a, b] = await Promise.all([
      t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ lender: 'Scotiabank', version }),
      t
        .http()
        .patch(`${C}${ids.grace}/`)
        .set(bearer(tokens.assistant))
        .send({ lender: 'TD Canada Trust', version }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.errors[0].code).toBe('version_conflict');
  });

  it("stores 'canceled' as 'cancelled' and records the status change", async () => {
    const answer = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ status: 'canceled' });
    expect(answer.body.data.status).toBe('cancelled');
    const history = await t
      .http()
      .get(`${C}${ids.grace}/history/?type=customer.status_changed`)
      .set(bearer(tokens.pb));
    expect(history.body.data[0].changes).toEqual({ from: 'active', to: 'cancelled' });
  });

  it('answers a status change with the client as a read right after it shows them', async () => {
    const answer = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ status: 'active' });
    const read = await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb));
    expect(answer.body.data.status).toBe('active');
    expect(answer.body).toEqual(read.body);
    const edit = await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ lender: 'RBC' });
    expect(edit.body.data.lender).toBe('RBC');
    expect(edit.body).toEqual((await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body);
  });

  it('names the people an audit entry names by id, in the same answer', async () => {
    const history = await t
      .http()
      .get(`${C}${ids.grace}/history/?type=customer.created`)
      .set(bearer(tokens.pb));
    const [created] = history.body.data;
    expect(created.names[created.changes.brokerId]).toBe('Liam Gagnon');
    expect(created.names[created.changes.assistantId]).toBe('Chloe Roy');
    expect(created.names[created.changes.userId]).toMatch(/^Grace /);
  });

  it('asks for the folder choice when the Filogix number changes, and records it', async () => {
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ filogix_number: 'FX-100' });
    const missing = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ filogix_number: 'FX-200' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('is_create_folder');
    const chosen = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ filogix_number: 'FX-200', is_create_folder: true });
    expect(chosen.status).toBe(200);
    const history = await t
      .http()
      .get(`${C}${ids.grace}/history/?type=customer.updated`)
      .set(bearer(tokens.pb));
    expect(history.body.data[0].changes.folder).toEqual({
      choice: 'create_folder',
      from: 'FX-100',
      to: 'FX-200',
    });
  });

  it('lets only principal brokers and assistants change the broker', async () => {
    const refused = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.broker))
      .send({ broker: ids.broker2 });
    expect(refused.status).toBe(403);
    const moved = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.assistant))
      .send({ broker: ids.broker2 });
    expect(moved.body.data.broker.id).toBe(ids.broker2);
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.assistant)).send({ broker: ids.broker });
  });

  it('keeps the customer account in step with a new phone number', async () => {
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ phone_number: '14165557009' });
    const user = (await db.query('SELECT phone_number FROM users WHERE customer_id = $1', [ids.grace]))[0];
    expect(user.phone_number).toBe('14165557009');
  });

  it('finds a client by a new name, e-mail and phone at once, under the status and broker they now have', async () => {
    const search = async (query: string, token = tokens.pb): Promise<string[]> => {
      const answer = await t.http().get(`${C}?${query}`).set(bearer(token));
      return answer.body.data.map((c: { id: string }) => c.id);
    };
    await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ last_name: 'Quillfeather', email: 'grace.q@example.org', phone_number: '14165557123' });
    expect(await search('search=quillfeather')).toEqual([ids.grace]);
    expect(await search('search=grace.q@example')).toEqual([ids.grace]);
    expect(await search('search=5557123')).toEqual([ids.grace]);
    const { status } = (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data;
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ status: 'funded' });
    expect(await search('search=quillfeather&status=funded')).toEqual([ids.grace]);
    expect(await search(`search=quillfeather&status=${status}`)).toEqual([]);
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ status });
    expect(await search(`search=quillfeather&status=${status}`)).toEqual([ids.grace]);
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.assistant)).send({ broker: ids.broker2 });
    expect(await search('search=quillfeather', tokens.broker)).toEqual([]);
    expect(await search('search=quillfeather', tokens.broker2)).toEqual([ids.grace]);
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.assistant)).send({ broker: ids.broker });
    expect(await search('search=quillfeather', tokens.broker)).toEqual([ids.grace]);
  });

  it('finds a client however the accents and apostrophes of their name are typed', async () => {
    const search = async (text: string): Promise<string[]> => {
      const answer = await t
        .http()
        .get(`${C}?search=${encodeURIComponent(text)}`)
        .set(bearer(tokens.pb));
      return answer.body.data.map((c: { id: string }) => c.id);
    };
    // The first name's accent as a separate mark, as a name pasted from some systems carries it.
    const renamed = await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ first_name: 'Zoe\u0308', last_name: 'O’Brien-Lévesque' });
    expect(renamed.status).toBe(200);
    for (const typed of ['levesque', 'LÉVESQUE', "o'brien", 'o’brien', 'Zoë', 'zoe o'])
      expect(await search(typed)).toContain(ids.grace);
    expect(await search('lévesque%')).toEqual([]);
    await t
      .http()
      .patch(`${C}${ids.grace}/`)
      .set(bearer(tokens.pb))
      .send({ first_name: 'Grace', last_name: 'Quillfeather' });
  });
});

describe('who may see a client', () => {
  it("refuses a broker another broker's client: read, edit, delete, notes, history and event log", async () => {
    const theirs = (await t.http().get(`${C}?limit=1`).set(bearer(tokens.broker))).body.data[0].id;
    expect((await t.http().get(`${C}${theirs}/`).set(bearer(tokens.broker2))).status).toBe(404);
    expect(
      (await t.http().patch(`${C}${theirs}/`).set(bearer(tokens.broker2)).send({ lender: 'x' })).status,
    ).toBe(404);
    expect((await t.http().delete(`${C}${theirs}/`).set(bearer(tokens.broker2))).status).toBe(404);
    expect((await t.http().get(`${C}${theirs}/notes/`).set(bearer(tokens.broker2))).status).toBe(404);
    expect((await t.http().get(`${C}${theirs}/history/`).set(bearer(tokens.broker2))).status).toBe(404);
    const theirUser = (await t.http().get(`${C}${theirs}/`).set(bearer(tokens.broker))).body.data.user.id;
    const log = `/events/api/v3/events/?rel_type=User&rel_id=${theirUser}`;
    expect((await t.http().get(log).set(bearer(tokens.broker2))).status).toBe(404);
    expect((await t.http().get(log).set(bearer(tokens.broker))).status).toBe(200);
    expect(
      (await t.http().get(`/events/api/v3/events/?rel_type=User&rel_id=${ids.pb}`).set(bearer(tokens.broker)))
        .status,
    ).toBe(403);
  });

  it("refuses a broker's status change on another broker's client as not found, after a handover too", async () => {
    const events = await eventCount();
    const status = async () =>
      (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data.status as string;
    const grace = (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data;
    const before = grace.status as string;
    const next = before === 'funded' ? 'approved' : 'funded';
    const change = (token: string, to: string, version?: number) =>
      t.http().patch(`${C}${ids.grace}/`).set(bearer(token)).send({ status: to, version });
    const theirs = grace.broker.id === ids.broker ? tokens.broker2 : tokens.broker;
    const own = grace.broker.id === ids.broker ? tokens.broker : tokens.broker2;
    expect((await change(theirs, next)).status).toBe(404);
    // A stale version tells them nothing either: not found, not a conflict.
    expect((await change(theirs, next, 1)).status).toBe(404);
    expect(await status()).toBe(before);
    expect(await eventCount()).toBe(events);

    // The client's broker changes their status; once handed over, the former broker may not.
    expect((await change(own, next)).body.data.status).toBe(next);
    const to = grace.broker.id === ids.broker ? ids.broker2 : ids.broker;
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.assistant)).send({ broker: to });
    expect((await change(own, before)).status).toBe(404);
    expect((await change(theirs, before)).body.data.status).toBe(before);
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.assistant)).send({ broker: grace.broker.id });
  });

  it('answers a customer 403 on every staff call', async () => {
    const calls = [
      t.http().get(C),
      t.http().get(`${C}${ids.grace}/`),
      t.http().post(C).send(newClient()),
      t.http().patch(`${C}${ids.grace}/`).send({ lender: 'x' }),
      t.http().delete(`${C}${ids.grace}/`),
      t.http().post(`${C}${ids.grace}/notify/`).send({ notify_type: 'form_sent' }),
      t.http().patch(`${C}${ids.grace}/steps/`).send([]),
      t.http().get(`${C}${ids.grace}/notes/`),
      t.http().get(`${C}${ids.grace}/history/`),
      t.http().get('/core/api/v3/users/?role=broker'),
      t.http().get(`/events/api/v3/events/?rel_type=User&rel_id=${ids.broker}`),
      t.http().get('/core/api/v3/contacts/'),
    ];
    for (const call of calls) expect((await call.set(bearer(tokens.customer))).status).toBe(403);
  });

  it('opens the audit trail to the principal broker and the client’s own broker and assistant only', async () => {
    expect((await t.http().get(`${C}${ids.grace}/history/`).set(bearer(tokens.pb))).status).toBe(200);
    expect((await t.http().get(`${C}${ids.grace}/history/`).set(bearer(tokens.broker))).status).toBe(200);
    expect((await t.http().get(`${C}${ids.grace}/history/`).set(bearer(tokens.assistant))).status).toBe(200);
    expect((await t.http().get(`${C}${ids.grace}/history/`).set(bearer(tokens.assistant2))).status).toBe(403);
  });
});

describe('notes', () => {
  it('pages notes ten at a time, newest first', async () => {
    let answer;
    for (let i = 1; i <= 12; i++) {
      answer = await t
        .http()
        .post(`${C}${ids.grace}/notes/`)
        .set(bearer(tokens.broker))
        .field('text', `Note ${i}`);
      expect(answer.status).toBe(201);
    }
    const first = await t
      .http()
      .get(`${C}${ids.grace}/notes/?offset=0&limit=10&ordering=-created`)
      .set(bearer(tokens.pb));
    // The newest note was answered as the list then shows it.
    expect(answer!.body.data).toEqual(first.body.data[0]);
    expect(first.body.pagination.count).toBe(13);
    expect(first.body.data.map((n: { text: string }) => n.text).slice(0, 2)).toEqual(['Note 12', 'Note 11']);
    const second = await t
      .http()
      .get(`${C}${ids.grace}/notes/?offset=10&limit=10&ordering=-created`)
      .set(bearer(tokens.pb));
    expect(second.body.data.map((n: { text: string }) => n.text)).toEqual([
      'Note 2',
      'Note 1',
      'Met at the open house',
    ]);
  });

  it('answers an empty page with the whole count past the last note, and no notes for a client without any', async () => {
    const past = await t
      .http()
      .get(`${C}${ids.grace}/notes/?offset=40&limit=10&ordering=-created`)
      .set(bearer(tokens.pb));
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], pagination: { count: 13, offset: 40, limit: 10 } });
    const quiet = await t
      .http()
      .post(C)
      .set(bearer(tokens.broker))
      .send(newClient({ phone_number: '14165557031', email: 'quiet@example.com' }));
    expect(quiet.status).toBe(201);
    const none = await t.http().get(`${C}${quiet.body.data.id}/notes/`).set(bearer(tokens.broker));
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination.count).toBe(0);
    expect((await t.http().get(`${C}${quiet.body.data.id}/notes/`).set(bearer(tokens.broker2))).status).toBe(
      404,
    );
  });

  it('counts unread notes per reader and clears them on mark_read', async () => {
    const unread = (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data.notes_stat
      .unread;
    expect(unread).toBe(12);
    const own = (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.broker))).body.data.notes_stat
      .unread;
    expect(own).toBe(1); // the broker wrote twelve of them
    await t.http().patch(`${C}${ids.grace}/notes/mark_read/`).set(bearer(tokens.pb));
    expect((await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data.notes_stat.unread).toBe(
      0,
    );
  });

  it('attaches a file, serves it through a signed link, and refuses a note over 2000 characters', async () => {
    const answer = await t
      .http()
      .post(`${C}${ids.grace}/notes/`)
      .set(bearer(tokens.pb))
      .field('text', 'Pay stub attached')
      .attach(
        'comment-file',
        Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
        'pay stub.pdf',
      );
    expect(answer.status).toBe(201);
    expect(answer.body.data.file).toMatchObject({ name: 'pay stub.pdf', type: 'application/pdf' });
    const download = await t.http().get(answer.body.data.file.url);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const before = await eventCount();
    const tooLong = await t
      .http()
      .post(`${C}${ids.grace}/notes/`)
      .set(bearer(tokens.pb))
      .field('text', 'x'.repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('text');
    expect(await eventCount()).toBe(before);
  });

  it('lets only the author or a principal broker delete a note', async () => {
    const note = (
      await t.http().post(`${C}${ids.grace}/notes/`).set(bearer(tokens.broker)).field('text', 'Mine')
    ).body.data;
    expect(
      (await t.http().delete(`${C}${ids.grace}/notes/${note.id}/`).set(bearer(tokens.assistant))).status,
    ).toBe(403);
    expect((await t.http().delete(`${C}${ids.grace}/notes/${note.id}/`).set(bearer(tokens.pb))).status).toBe(
      200,
    );
    expect((await t.http().delete(`${C}${ids.grace}/notes/${note.id}/`).set(bearer(tokens.pb))).status).toBe(
      404,
    );
  });
});

describe('notify actions and steps', () => {
  it('requests a review once, with the date, and e-mails and texts the client', async () => {
    const answer = await t
      .http()
      .post(`${C}${ids.grace}/notify/`)
      .set(bearer(tokens.pb))
      .send({ notify_type: 'request_review' });
    expect(answer.body.data.is_review_requested).toBe(true);
    expect(answer.body.data.review_requested_at).toEqual(expect.any(String));
    expect(
      (
        await t
          .http()
          .post(`${C}${ids.grace}/notify/`)
          .set(bearer(tokens.pb))
          .send({ notify_type: 'request_review' })
      ).status,
    ).toBe(409);
    await eventually(() =>
      expect(t.outbox.delivered.filter((d) => d.subject === 'How did we do?')).toHaveLength(1),
    );
  });

  it('resends a password by text message and asks for a change at the next sign-in', async () => {
    await t.drain(); // earlier messages have gone out, so only this one is counted
    const newPasswords = () => t.outbox.delivered.filter((d) => d.subject === 'New password').length;
    const before = newPasswords();
    const resend = () =>
      t
        .http()
        .post(`${C}${ids.grace}/notify/`)
        .set(bearer(tokens.broker))
        .send({ notify_type: 'resend_password' });
    await resend();
    await eventually(() => expect(newPasswords()).toBe(before + 1));
    // Clicked again at once: refused, nothing more sent, so the first text's password stays the one.
    const again = await resend();
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('password_just_sent');
    await t.drain();
    expect(newPasswords()).toBe(before + 1);
    const user = (
      await db.query('SELECT require_change_password FROM users WHERE customer_id = $1', [ids.grace])
    )[0];
    expect(user.require_change_password).toBe(true);
  });

  it('sends the upload request by e-mail and text, and shows both in the client event log', async () => {
    await t.http().post(`${C}${ids.grace}/notify/`).set(bearer(tokens.pb)).send({ notify_type: 'form_sent' });
    await t.drain();
    const client = (await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).body.data;
    await eventually(async () => {
      const log = await t
        .http()
        .get(`/events/api/v3/events/?rel_type=User&rel_id=${client.user.id}&offset=0&limit=10000`)
        .set(bearer(tokens.pb));
      const types = log.body.data
        .filter((e: { context: { subject: string } }) => /upload/i.test(e.context.subject))
        .map((e: { type: string }) => e.type);
      expect(types.sort()).toEqual(['email.sent', 'sms.sent']);
    });
  });

  it('refuses to e-mail a lawyer who is not assigned yet', async () => {
    const answer = await t
      .http()
      .post(`${C}${ids.grace}/notify/`)
      .set(bearer(tokens.pb))
      .send({ notify_type: 'lawyer_approved_email' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].code).toBe('no_lawyer');
  });

  it('sets the five steps and shows them to the customer', async () => {
    const steps = ['application', 'uploads', 'lawyers', 'appraisers', 'sign_documents'].map((step) => ({
      step,
      is_active: true,
      is_completed: step === 'application',
    }));
    const emma = (await t.http().get(`${C}?search=emma`).set(bearer(tokens.pb))).body.data[0];
    const answer = await t.http().patch(`${C}${emma.id}/steps/`).set(bearer(tokens.pb)).send(steps);
    expect(answer.status).toBe(200);
    expect(answer.body.data.data.steps).toEqual(
      steps.map((step) => expect.objectContaining({ ...step, marked_completed: step.is_completed })),
    );
    const own = await t.http().get('/core/api/v3/customers/me/steps/').set(bearer(tokens.customer));
    expect(
      own.body.data.map((s: { step: string; is_active: boolean; is_completed: boolean }) => ({
        step: s.step,
        is_active: s.is_active,
        is_completed: s.is_completed,
      })),
    ).toEqual(steps);
    expect(own.body.data[0]).toMatchObject({
      state: 'application.completed',
      status: 'ok',
      statusMessage: 'Completed',
    });
    const bad = await t.http().patch(`${C}${emma.id}/steps/`).set(bearer(tokens.pb)).send(steps.slice(0, 4));
    expect(bad.status).toBe(400);
    const wrong = await t
      .http()
      .patch(`${C}${emma.id}/steps/`)
      .set(bearer(tokens.pb))
      .send([{ ...steps[0], step: 'party' }, ...steps.slice(1)]);
    expect(wrong.status).toBe(400);
  });

  it('answers the customer their mortgage team', async () => {
    const answer = await t.http().get('/core/api/v3/customers/curators/').set(bearer(tokens.customer));
    expect(answer.body.data).toMatchObject({
      broker: { first_name: 'Liam' },
      assistant: { first_name: 'Chloe' },
      lawyer: null,
      lawyer_status: 'empty',
    });
  });
});

describe('live updates', () => {
  function listen(token: string): Promise<{ type: string; customer_id: string | null }[]> {
    return new Promise((resolve, reject) => {
      const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const pushes: { type: string; customer_id: string | null }[] = [];
      socket.on('domain-event', (p) => pushes.push(p));
      socket.on('connect', () => resolve(pushes));
      socket.on('connect_error', reject);
    });
  }

  it('pushes a status change to the staff who may see the client, and to nobody else', async () => {
    const assistant = await listen(tokens.assistant);
    const broker = await listen(tokens.broker);
    const broker2 = await listen(tokens.broker2);
    const customer = await listen(tokens.customer);
    await t.http().patch(`${C}${ids.grace}/`).set(bearer(tokens.pb)).send({ status: 'approved' });
    await eventually(() => {
      expect(assistant.some((p) => p.type === 'customer.status_changed' && p.customer_id === ids.grace)).toBe(
        true,
      );
      expect(broker.some((p) => p.type === 'customer.status_changed' && p.customer_id === ids.grace)).toBe(
        true,
      );
    }, 10_000);
    await t.http().post(`${C}${ids.grace}/notes/`).set(bearer(tokens.pb)).field('text', 'Staff only');
    await t.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(broker2.filter((p) => p.customer_id === ids.grace)).toEqual([]);
    expect(customer.filter((p) => p.customer_id === ids.grace)).toEqual([]);
  });
});

describe('deleting a client', () => {
  it('removes the client from the lists, keeps every event, and disables their sign-in', async () => {
    const before = await eventCount();
    const customerUser = (
      await db.query('SELECT phone_number FROM users WHERE customer_id = $1', [ids.grace])
    )[0];
    const signIn = () =>
      t
        .http()
        .post('/auth/api/v3/auth/token/obtain/')
        .send({ phone_number: customerUser.phone_number, password: passwords.grace });
    expect((await signIn()).status).toBe(200);
    const answer = await t.http().delete(`${C}${ids.grace}/`).set(bearer(tokens.pb));
    expect(answer.status).toBe(200);
    expect((await t.http().get(`${C}${ids.grace}/`).set(bearer(tokens.pb))).status).toBe(404);
    expect((await t.http().get(`${C}?search=quillfeather`).set(bearer(tokens.pb))).body.data).toEqual([]);
    expect(await eventCount()).toBeGreaterThan(before);
    const stream = await db.query(
      "SELECT type FROM events WHERE stream_type = 'customer' AND stream_id = $1 ORDER BY stream_version",
      [ids.grace],
    );
    expect(stream[0].type).toBe('customer.created');
    expect(stream.at(-1).type).toBe('customer.deleted');
    // A status sent for a deleted client finds no client, whatever version it names.
    for (const version of [undefined, 1]) {
      const change = await t
        .http()
        .patch(`${C}${ids.grace}/`)
        .set(bearer(tokens.pb))
        .send({ status: 'funded', version });
      expect(change.status).toBe(404);
    }
    const login = await signIn();
    expect(login.status).toBe(401);
    expect(login.body.errors[0].code).toBe('invalid_credentials');
  });

  it('rebuilds every read table identically after all of the above', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});

describe('totals and deep pages, after every change above', () => {
  /** What the list must answer, asked of the read table directly. */
  async function expected(where: string, params: unknown[]): Promise<string[]> {
    const rows: { id: string }[] = await db.query(
      `SELECT id FROM customers c WHERE ${where} ORDER BY created_at DESC, id`,
      params,
    );
    return rows.map((r) => r.id);
  }

  it('counts every filter exactly as clients are created, moved, changed and deleted', async () => {
    // A deal type and a status changed in one command move the client between two counts at once.
    const [first] = await expected("c.deal_type = 'purchase'", []);
    const changed = await t
      .http()
      .patch(`${C}${first}/`)
      .set(bearer(tokens.pb))
      .send({ deal_type: 'refinance', status: 'approved' });
    expect(changed.status).toBe(200);
    const filters: [string, string, unknown[]][] = [
      ['', 'TRUE', []],
      ['status=active', "c.status = 'active'", []],
      ['deal_type=refinance', "c.deal_type = 'refinance'", []],
      [`broker=${ids.broker}`, 'c.broker_id = $1', [ids.broker]],
      [
        `status=active&deal_type=purchase&broker=${ids.pb}`,
        "c.status = 'active' AND c.deal_type = 'purchase' AND c.broker_id = $1",
        [ids.pb],
      ],
    ];
    for (const [query, where, params] of filters) {
      const answer = await t.http().get(`${C}?${query}&limit=1`).set(bearer(tokens.pb));
      expect(answer.body.pagination.count).toBe((await expected(where, params)).length);
    }
    const own = await t.http().get(`${C}?limit=1`).set(bearer(tokens.broker));
    expect(own.body.pagination.count).toBe((await expected('c.broker_id = $1', [ids.broker])).length);
  });

  it('serves every offset in the same order, pages past the middle included', async () => {
    const all = await expected('TRUE', []);
    expect(all.length).toBeGreaterThan(6);
    for (let offset = 0; offset <= all.length; offset++) {
      const answer = await t.http().get(`${C}?offset=${offset}&limit=3`).set(bearer(tokens.pb));
      expect(answer.body.data.map((c: { id: string }) => c.id)).toEqual(all.slice(offset, offset + 3));
    }
  });

  it('reads a page from where the page before it ended, as a fresh read would, until a client changes', async () => {
    const kept = t.app.get(KeptPositions);
    const nearest = jest.spyOn(kept, 'nearest');
    const forget = jest.spyOn(kept, 'forget');
    try {
      const page = async (query: string): Promise<string[]> =>
        (await t.http().get(`${C}?${query}`).set(bearer(tokens.pb))).body.data.map(
          (c: { id: string }) => c.id,
        );
      const all = await expected('TRUE', []);
      for (let offset = 0; offset < all.length; offset += 2)
        expect(await page(`offset=${offset}&limit=2`)).toEqual(all.slice(offset, offset + 2));
      expect(nearest.mock.results.filter((r) => r.value !== undefined).length).toBeGreaterThan(2);
      expect(forget).not.toHaveBeenCalled();

      const added = await t
        .http()
        .post(C)
        .set(bearer(tokens.broker))
        .send(newClient({ phone_number: '14165557301', email: 'ada.kept@example.com', last_name: 'Kept' }));
      expect(added.status).toBe(201);
      const now = await expected('TRUE', []);
      expect(await page('offset=2&limit=2')).toEqual(now.slice(2, 4));
      expect(forget).toHaveBeenCalledTimes(1);
      const active = await expected("c.status = 'active'", []);
      for (let offset = 0; offset < active.length; offset += 1)
        expect(await page(`status=active&offset=${offset}&limit=2`)).toEqual(
          active.slice(offset, offset + 2),
        );
    } finally {
      nearest.mockRestore();
      forget.mockRestore();
    }
  });
});

describe('a search asked again', () => {
  const found = async (query: string): Promise<{ ids: string[]; count: number }> => {
    const answer = await t.http().get(`${C}?${query}`).set(bearer(tokens.pb));
    expect(answer.status).toBe(200);
    return { ids: answer.body.data.map((c: { id: string }) => c.id), count: answer.body.pagination.count };
  };
  /** A change of the search rows as the clients' projection counts one, without changing any row. */
  const countAChange = () => db.query('UPDATE customer_search_changes SET n = n + 1');

  it('counts the changes of the search rows as the log does', async () => {
    const [{ n }] = await db.query('SELECT n FROM customer_search_changes');
    const [{ count }] = await db.query(SEARCH_ROW_CHANGES_IN_LOG);
    expect(Number(n)).toBe(Number(count));
  });

  it('is answered from what it found while no client changed, and found afresh once one did', async () => {
    const before = await found('search=example&limit=3');
    expect(before.count).toBeGreaterThan(3);
    const [first] = before.ids;
    // Behind the projection's back, so only the kept results can still name this client.
    await db.query("UPDATE customer_search SET search_text = 'hidden' WHERE id = $1", [first]);
    try {
      expect(await found('search=example&limit=3')).toEqual(before);
      await countAChange();
      const after = await found('search=example&limit=3');
      expect(after.ids).not.toContain(first);
      expect(after.count).toBe(before.count - 1);
    } finally {
      await db.query(
        `UPDATE customer_search s SET search_text = customer_search_text(c.first_name, c.last_name, c.email, c.typed_id, c.filogix_number)
           FROM customers c WHERE s.id = c.id AND c.id = $1`,
        [first],
      );
      await countAChange();
    }
    expect(await found('search=example&limit=3')).toEqual(before);
  });

  it('pages a kept search as it pages a fresh one, and answers each caller within what they may see', async () => {
    const { count } = await found('search=example&limit=1');
    for (let offset = 0; offset <= count; offset++) {
      const kept = await found(`search=example&offset=${offset}&limit=2`);
      await countAChange();
      expect(await found(`search=example&offset=${offset}&limit=2`)).toEqual(kept);
    }
    const own = await t.http().get(`${C}?search=example`).set(bearer(tokens.broker));
    const [seen] = await db.query(
      "SELECT count(*)::int AS n FROM customer_search WHERE broker_id = $1 AND search_text LIKE '%example%'",
      [ids.broker],
    );
    expect(own.body.pagination.count).toBe(seen.n);
  });
});
