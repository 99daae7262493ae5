import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { emmaWithAnUploadedFile, type UploadedFileWorld } from '../support/browser-world.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

/** The header's badges: unread messages across the reader's clients, and what happened to them. */

const MESSAGES = '/core/api/v3/inbox/messages/';
const UPDATES = '/core/api/v3/inbox/updates/';

let t: TestApp;
let world: UploadedFileWorld;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, phone] of Object.entries(PHONES)) tokens[key] = (await t.login(phone)).access;
  world = await emmaWithAnUploadedFile(t, 'pay-stub.pdf');
});

afterAll(async () => {
  await t?.close();
});

async function read(path: string, who: string) {
  await t.drain();
  const answer = await t.http().get(path).set(bearer(tokens[who]));
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const chat = () => `/core/api/v3/forms/${world.code}/files/${world.fileId}/comments/`;

describe('the message badge', () => {
  it("counts a customer's chat message for the client's staff, with the conversation it is in", async () => {
    const before = await read(MESSAGES, 'broker');
    await t
      .http()
      .post(chat())
      .set(bearer(tokens.customer))
      .field('text', 'Is this the right stub?')
      .expect(201);
    const after = await read(MESSAGES, 'broker');
    expect(after.unread).toBe(before.unread + 1);
    expect(after.conversations[0]).toMatchObject({
      kind: 'chat',
      customer_id: world.clientId,
      client_name: 'Emma Wilson',
      code: world.code,
      file_id: world.fileId,
      file_name: 'pay-stub.pdf',
    });
    // Their own message does not count for the writer.
    const mine = await read(MESSAGES, 'customer');
    expect(mine.conversations.some((c: { file_id: string }) => c.file_id === world.fileId)).toBe(false);
  });

  it('clears a conversation once the reader has seen it', async () => {
    await t.http().patch(`${chat()}mark_read/`).set(bearer(tokens.broker)).expect(200);
    const after = await read(MESSAGES, 'broker');
    expect(after.conversations.some((c: { file_id: string }) => c.file_id === world.fileId)).toBe(false);
  });

  it("counts staff's notes for other staff and a staff reply for the customer, never notes for a customer", async () => {
    await t
      .http()
      .post(`/core/api/v3/customers/${world.clientId}/notes/`)
      .set(bearer(tokens.assistant))
      .field('text', 'Called the lender.')
      .expect(201);
    await t
      .http()
      .post(chat())
      .set(bearer(tokens.broker))
      .field('text', 'Yes, that one is fine.')
      .expect(201);
    const broker = await read(MESSAGES, 'broker');
    expect(broker.conversations).toContainEqual(
      expect.objectContaining({ kind: 'notes', customer_id: world.clientId, unread: expect.any(Number) }),
    );
    const customer = await read(MESSAGES, 'customer');
    expect(customer.conversations).toEqual([
      expect.objectContaining({ kind: 'chat', file_id: world.fileId, unread: 1 }),
    ]);
    expect(customer.unread).toBe(1);
  });
});

describe('the bell', () => {
  it("lists the customer's upload for the client's staff, not for the customer", async () => {
    const broker = await read(UPDATES, 'broker');
    expect(broker.items).toContainEqual(
      expect.objectContaining({
        type: 'form_file.uploaded',
        customer_id: world.clientId,
        client_name: 'Emma Wilson',
        actor: { first_name: 'Emma', last_name: 'Wilson' },
        details: expect.objectContaining({ caption: expect.any(String) }),
        code: world.code,
        unread: true,
      }),
    );
    expect(broker.unread).toBeGreaterThan(0);
    const customer = await read(UPDATES, 'customer');
    expect(customer.items.some((u: { type: string }) => u.type === 'form_file.uploaded')).toBe(false);
    // Principal brokers and assistants hear of every client's.
    for (const who of ['principalBroker', 'assistant']) {
      expect((await read(UPDATES, who)).items).toContainEqual(
        expect.objectContaining({ type: 'form_file.uploaded', customer_id: world.clientId }),
      );
      expect((await read(MESSAGES, who)).unread).toBeGreaterThan(0);
    }
  });

  it('marks all read, and counts what comes after', async () => {
    await t.http().post(`${UPDATES}read/`).set(bearer(tokens.broker)).expect(200);
    expect((await read(UPDATES, 'broker')).unread).toBe(0);
    await t
      .http()
      .patch(`/core/api/v3/forms/${world.code}/files/batch/`)
      .set(bearer(tokens.assistant))
      .send([{ id: world.fileId, status: 'issue' }])
      .expect(200);
    const customer = await read(UPDATES, 'customer');
    expect(customer.items[0]).toMatchObject({
      type: 'form_file.status_changed',
      details: expect.objectContaining({ to: 'issue' }),
      unread: true,
    });
    // The customer hears of the status; the broker's bell lists customers' doings, and a staff status is not one.
    expect((await read(UPDATES, 'broker')).unread).toBe(0);
  });

  it('tells a broker nothing of clients they do not broker', async () => {
    await t.app.get(SeedService).registerUser(
      {
        role: 'broker',
        phoneNumber: '14165557801',
        firstName: 'Omar',
        lastName: 'Haddad',
        email: 'omar@example.com',
      },
      'Omar#Haddad2026',
    );
    tokens.otherBroker = (await t.login('14165557801', 'Omar#Haddad2026')).access;
    const updates = await read(UPDATES, 'otherBroker');
    expect(updates).toEqual({ unread: 0, items: [] });
    const messages = await read(MESSAGES, 'otherBroker');
    expect(messages).toEqual({ unread: 0, conversations: [] });
  });

  it('a rebuild reproduces the read marks', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
