import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE, type ObjectStorage } from '../../server/src/platform/storage/object-storage.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const FIELD = {
  type: 'file',
  name: 'government_id-a1b2',
  caption: 'Government-issued photo ID',
  disabled: false,
  tutorial: { description: '', example: '' },
};
const FORMS = '/core/api/v3/forms/';
const F = (code: string) => `${FORMS}${code}/`;

/**
 * An upload whose first file is sent at once and whose second waits for `release`: the second part's
 * head ends the first part, so the server has checked the form and stored the first file meanwhile.
 */
function heldUpload(url: string, token: string, field: string, release: Promise<void>) {
  const file = (fileName: string) => ({ field, fileName, contentType: 'application/pdf', body: PDF_MINIMAL });
  return uploadMultipart(url, token, [file('first.pdf'), file('second.pdf')], {
    beforeBody: (index) => (index === 0 ? Promise.resolve() : release),
  }) as Promise<{ status: number; body: { errors?: { code: string }[] } }>;
}

describe('forms under concurrent commands', () => {
  let t: TestApp;
  let db: DataSource;
  let storage: ObjectStorage;
  let pb: string;
  let broker: string;
  let customer: string;
  let emmaId: string;
  let clients: string[];

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    storage = t.app.get(OBJECT_STORAGE);
    pb = (await t.login(PHONES.principalBroker)).access;
    broker = (await t.login(PHONES.broker)).access;
    customer = (await t.login(PHONES.customer)).access;
    emmaId = (await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer]))[0]
      .customer_id;
    // Seeded clients have no form yet, and their streams record none: the first form is opened from the read table.
    clients = (
      await db.query('SELECT id FROM customers WHERE id <> $1 ORDER BY created_at, id', [emmaId])
    ).map((row: { id: string }) => row.id);
  });

  afterAll(async () => {
    await t.close();
  });

  const createForm = (customerId: string) =>
    t
      .http()
      .post(FORMS)
      .set(bearer(pb))
      .send({ customer_id: customerId, fields: [FIELD] });

  it('gives a client one active form when twenty creations race: one 201, the others refused, nothing half-written', async () => {
    const customerId = clients[0];
    const answers = await Promise.all(Array.from({ length: 20 }, () => createForm(customerId)));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect([400, 409]).toContain(refused.status);
      expect(refused.body.errors[0]).toEqual(
        expect.objectContaining({ code: expect.any(String), description: expect.any(String) }),
      );
    }
    const forms = await db.query('SELECT code, is_archived FROM forms WHERE customer_id = $1', [customerId]);
    expect(forms).toEqual([{ code: created[0].body.data.code, is_archived: false }]);
    const formStreams = await db.query(
      "SELECT DISTINCT stream_id FROM events WHERE stream_type = 'form' AND data->>'customerId' = $1",
      [customerId],
    );
    expect(formStreams).toEqual([{ stream_id: created[0].body.data.code }]);
    const opened = await db.query(
      "SELECT data->>'code' AS code FROM events WHERE stream_type = 'customer' AND stream_id = $1 AND type = 'customer.form_opened'",
      [customerId],
    );
    expect(opened).toEqual([{ code: created[0].body.data.code }]);
  });

  it('refuses a second form once the first is recorded, and keeps the client’s version in step for edits', async () => {
    const customerId = clients[0];
    const again = await createForm(customerId);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('form_exists');
    const { version } = (await t.http().get(`/core/api/v3/customers/${customerId}/`).set(bearer(pb))).body
      .data;
    const edit = await t
      .http()
      .patch(`/core/api/v3/customers/${customerId}/`)
      .set(bearer(pb))
      .send({ lender: 'Scotiabank', version });
    expect(edit.status).toBe(200);
  });

  it('lets one of two concurrent resets of a form win; the other is refused and one form stays active', async () => {
    const customerId = clients[0];
    const [{ code }] = await db.query('SELECT code FROM forms WHERE customer_id = $1 AND NOT is_archived', [
      customerId,
    ]);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t
          .http()
          .patch(`${F(code)}archive/`)
          .set(bearer(pb)),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.status).toBe(409);
    const active = await db.query('SELECT code FROM forms WHERE customer_id = $1 AND NOT is_archived', [
      customerId,
    ]);
    expect(active).toEqual([{ code: answers.find((a) => a.status === 200)!.body.data.code }]);
  });

  it('refuses an upload whose form was reset while its files were streaming, and keeps none of them', async () => {
    const code = (await createForm(emmaId)).body.data.code as string;
    const prefix = `customers/${emmaId}/forms/${code}/`;
    let release!: () => void;
    const upload = heldUpload(
      `${t.url}${F(code)}files/`,
      customer,
      FIELD.name,
      new Promise<void>((resolve) => (release = resolve)),
    );
    try {
      // The first file is stored: the server has read the form as active and is receiving the upload.
      await eventually(async () => expect((await storage.list(prefix)).length).toBe(1));
      const reset = await t
        .http()
        .patch(`${F(code)}archive/`)
        .set(bearer(broker));
      expect(reset.status).toBe(200);
    } finally {
      release();
    }
    const answer = await upload;
    expect(answer.status).toBe(409);
    expect(answer.body.errors?.[0].code).toBe('form_archived');
    expect(await db.query('SELECT id FROM form_files WHERE code = $1', [code])).toEqual([]);
    expect(await storage.list(prefix)).toEqual([]);
  });

  it('never attaches a file to a form after its reset committed, when uploads and resets race', async () => {
    for (const customerId of clients.slice(1, 4)) {
      const code = (await createForm(customerId)).body.data.code as string;
      const [upload, reset] = await Promise.all([
        uploadMultipart(`${t.url}${F(code)}files/`, pb, [
          { field: FIELD.name, fileName: 'a.pdf', body: PDF_MINIMAL },
        ]),
        t
          .http()
          .patch(`${F(code)}archive/`)
          .set(bearer(pb)),
      ]);
      expect(reset.status).toBe(200);
      expect([201, 409]).toContain(upload.status);
      const [archived] = await db.query(
        "SELECT global_position FROM events WHERE stream_type = 'form' AND stream_id = $1 AND type = 'form.archived'",
        [code],
      );
      const uploads = await db.query(
        "SELECT global_position FROM events WHERE type = 'form_file.uploaded' AND data->>'code' = $1",
        [code],
      );
      expect(uploads).toHaveLength(upload.status === 201 ? 1 : 0);
      for (const row of uploads)
        expect(Number(row.global_position)).toBeLessThan(Number(archived.global_position));
      if (upload.status !== 201)
        expect(await storage.list(`customers/${customerId}/forms/${code}/`)).toEqual([]);
    }
  });

  it('rebuilds every read table identically', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
