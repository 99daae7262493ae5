import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { emmaWithAForm } from '../support/browser-world.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { routeTable } from '../support/route-table.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';
import { FORM_FIELD } from '../support/world.js';

/**
 * A browser re-sends a request whose connection broke before its answer came, with the same headers: the
 * command may already be applied. Sent again under its Idempotency-Key, it is answered once.
 */
let t: TestApp;
let db: DataSource;
const tok: Record<string, string> = {};
let emmaId: string;
let code: string;
const C = '/core/api/v3/customers/';

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  tok.pb = (await t.login(PHONES.principalBroker)).access;
  const world = await emmaWithAForm(t);
  ({ clientId: emmaId, code } = world);
  tok.broker = world.tokens.broker;
  tok.emma = world.tokens.customer;
});

afterAll(() => t.close());

const notesOf = async (customerId: string, text: string): Promise<number> =>
  (
    await db.query('SELECT count(*)::int AS n FROM notes WHERE customer_id = $1 AND text = $2', [
      customerId,
      text,
    ])
  )[0].n;
const filesNamed = async (name: string): Promise<number> =>
  (
    await db.query('SELECT count(*)::int AS n FROM form_files WHERE code = $1 AND file_name = $2', [
      code,
      name,
    ])
  )[0].n;

const postNote = (text: string, key: string, token = tok.pb, customerId = emmaId) =>
  t
    .http()
    .post(`${C}${customerId}/notes/`)
    .set(bearer(token))
    .set('Idempotency-Key', key)
    .field('text', text);

describe('a command sent again under its Idempotency-Key', () => {
  it('keeps one note when its request comes twice, and answers the repeat as the first', async () => {
    const first = await postNote('Called the lender', 'note-key-1');
    const repeat = await postNote('Called the lender', 'note-key-1');
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(await notesOf(emmaId, 'Called the lender')).toBe(1);
  });

  it('keeps one note when five sends of one request come at once, each answered with it', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => postNote('Rate hold', 'note-key-2')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await notesOf(emmaId, 'Rate hold')).toBe(1);
  });

  it('runs requests under different keys each, as two notes typed alike are two notes', async () => {
    await postNote('Left a voicemail', 'note-key-3');
    await postNote('Left a voicemail', 'note-key-4');
    expect(await notesOf(emmaId, 'Left a voicemail')).toBe(2);
  });

  it('keeps each caller’s keys apart: another member’s request under the same key runs as its own', async () => {
    const principal = await postNote('Checked the appraisal', 'shared-key');
    const broker = await postNote('Checked the appraisal', 'shared-key', tok.broker);
    expect(principal.status).toBe(201);
    expect(broker.status).toBe(201);
    expect(broker.body.data.id).not.toBe(principal.body.data.id);
    expect(await notesOf(emmaId, 'Checked the appraisal')).toBe(2);
  });

  it('runs a refused request again when it comes back: a refusal keeps nothing', async () => {
    const refused = await postNote('x'.repeat(2001), 'too-long');
    expect(refused.status).toBe(400);
    const again = await postNote('x'.repeat(2001), 'too-long');
    expect(again.status).toBe(400);
    expect(again.body.errors[0].field).toBe('text');
  });

  it('refuses a malformed key, naming the header, and writes nothing', async () => {
    const answer = await postNote('Not kept', 'a key with spaces');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ field: 'Idempotency-Key' });
    expect(await notesOf(emmaId, 'Not kept')).toBe(0);
  });

  it('stores an upload once when it is sent again after its answer was lost', async () => {
    const url = `${t.url}/core/api/v3/forms/${code}/files/`;
    const parts = [{ field: FORM_FIELD.name, fileName: 'stub-march.pdf', body: PDF_MINIMAL }];
    const headers = { 'Idempotency-Key': 'upload-key-1' };
    const first = await uploadMultipart(url, tok.emma, parts, { headers });
    const repeat = await uploadMultipart(url, tok.emma, parts, { headers });
    expect(first.status).toBe(201);
    expect(repeat).toEqual(first);
    expect(await filesNamed('stub-march.pdf')).toBe(1);
  });

  it('stores an upload whose connection broke mid-way once its repeat comes through', async () => {
    const url = `${t.url}/core/api/v3/forms/${code}/files/`;
    const parts = [{ field: FORM_FIELD.name, fileName: 'stub-april.pdf', body: 256 * 1024 }];
    const headers = { 'Idempotency-Key': 'upload-key-2' };
    const cut = await uploadMultipart(url, tok.emma, parts, { headers, cutAfterBytes: 64 * 1024 });
    expect(cut.status).toBe(0);
    const repeat = await uploadMultipart(url, tok.emma, parts, { headers });
    expect(repeat.status).toBe(201);
    expect(await filesNamed('stub-april.pdf')).toBe(1);
  });

  it('never keeps an answer that carries a secret: a repeated second-factor enrolment is a new one', async () => {
    const start = () =>
      t
        .http()
        .post('/core/api/v3/users/me/second_factor/enrolment/')
        .set(bearer(tok.broker))
        .set('Idempotency-Key', 'enrolment-key');
    const first = await start();
    const repeat = await start();
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.secret).not.toBe(first.body.data.secret);
  });

  it('keeps the answer of every command but the four whose answer carries a secret', () => {
    const notKept = routeTable(t.app)
      .filter((route) => route.answerNotKept)
      .map((route) => `${route.controller}.${route.handler}`);
    expect(notKept.sort()).toEqual([
      'LenderPackageController.link',
      'SecondFactorController.confirm',
      'SecondFactorController.replaceRecoveryCodes',
      'SecondFactorController.start',
    ]);
  });
});
