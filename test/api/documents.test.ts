import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EXAMPLE_NOT_A_LINK } from '../../machines/form-builder.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE, type ObjectStorage } from '../../server/src/platform/storage/object-storage.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const MB = 1024 * 1024;
const s3Dir = mkdtempSync(join(tmpdir(), 'documents-s3-'));
let s3rver: S3rver;
let s3Env: Record<string, string> = {};

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true });
  const { port } = await s3rver.run();
  s3Env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'homeward-documents',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
});

afterAll(async () => {
  await s3rver.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const FIELDS = [
  {
    type: 'file',
    name: 'government_id-a1b2',
    caption: 'Government-issued photo ID',
    disabled: false,
    tutorial: { description: 'Both sides', example: '' },
  },
  {
    type: 'file',
    name: 'pay_stubs-c3d4',
    caption: 'Two recent pay stubs',
    disabled: false,
    tutorial: { description: '', example: '' },
  },
  {
    type: 'file',
    name: 'old_letter-e5f6',
    caption: 'Old employment letter',
    disabled: true,
    tutorial: { description: '', example: '' },
  },
];

describe.each([
  ['local disk', () => ({})],
  ['S3 (s3rver)', () => s3Env],
])('documents on %s', (_storage, env) => {
  let t: TestApp;
  let db: DataSource;
  let storage: ObjectStorage;
  const tok: Record<string, string> = {};
  let emmaId: string;
  let code: string;
  let otherCode: string;
  const sockets: Socket[] = [];
  const F = (c: string) => `/core/api/v3/forms/${c}/`;

  beforeAll(async () => {
    t = await startTestApp({ env: env() });
    db = t.app.get(DataSource);
    storage = t.app.get(OBJECT_STORAGE);
    tok.pb = (await t.login(PHONES.principalBroker)).access;
    tok.broker = (await t.login(PHONES.broker)).access;
    tok.emma = (await t.login(PHONES.customer)).access;
    emmaId = (await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer]))[0]
      .customer_id;
    // Another customer with a form of their own.
    const james = (await db.query("SELECT id FROM customers WHERE first_name = 'James'"))[0].id;
    await db.query('SELECT 1');
    const otherUser = (await db.query('SELECT phone_number FROM users WHERE customer_id = $1', [james]))[0];
    tok.james = (await t.login(otherUser.phone_number)).access;
    otherCode = (
      await t
        .http()
        .post('/core/api/v3/forms/')
        .set(bearer(tok.pb))
        .send({ customer_id: james, fields: FIELDS.slice(0, 1) })
    ).body.data.code;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('lists the templates sorted by name', async () => {
    const answer = await t.http().get('/core/api/v3/forms/templates/').set(bearer(tok.broker));
    expect(answer.body.data.map((x: { name: string }) => x.name)).toEqual([
      'Employed purchase',
      'Refinance',
      'Self-employed',
    ]);
  });

  it('refuses an example link that is not a web address, naming the field', async () => {
    for (const example of ['javascript:alert(document.domain)', 'example.com/id.pdf']) {
      const answer = await t
        .http()
        .post('/core/api/v3/forms/')
        .set(bearer(tok.broker))
        .send({ customer_id: emmaId, fields: [{ ...FIELDS[0], tutorial: { description: '', example } }] });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].description).toBe(EXAMPLE_NOT_A_LINK);
    }
  });

  it('creates a form for a client with an unguessable code and puts it first in form_codes', async () => {
    const answer = await t
      .http()
      .post('/core/api/v3/forms/')
      .set(bearer(tok.broker))
      .send({ customer_id: emmaId, fields: FIELDS });
    expect(answer.status).toBe(201);
    code = answer.body.data.code;
    expect(answer.body.data.customer).toEqual({ id: emmaId });
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const client = (await t.http().get(`/core/api/v3/customers/${emmaId}/`).set(bearer(tok.broker))).body
      .data;
    expect(client.form_codes[0]).toBe(code);
    expect(
      (
        await t
          .http()
          .post('/core/api/v3/forms/')
          .set(bearer(tok.broker))
          .send({ customer_id: emmaId, fields: FIELDS })
      ).status,
    ).toBe(409);
  });

  it('refuses a field without a caption and writes nothing', async () => {
    const answer = await t
      .http()
      .patch(F(code))
      .set(bearer(tok.broker))
      .send({ fields: [{ ...FIELDS[0], caption: '  ' }] });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('fields.0.caption');
  });

  it('takes several files in several fields from the customer, sniffs their type and keeps user names out of keys', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const answer = await uploadMultipart(`${t.url}${F(code)}files/`, tok.emma, [
      { field: FIELDS[0].name, fileName: '../../etc/licence front.txt', body: png },
      { field: FIELDS[0].name, fileName: 'licence back.pdf', body: PDF_MINIMAL },
      { field: FIELDS[1].name, fileName: 'stub.pdf', body: PDF_MINIMAL },
    ]);
    expect(answer.status).toBe(201);
    const files = (answer.body as { data: { file_name: string; file_type: string; status: string }[] }).data;
    expect(files).toHaveLength(3);
    const front = files.find((f) => f.file_name === 'licence front.txt')!;
    expect(front).toMatchObject({ file_type: 'image/png', status: 'in_review' });
    const keys = await storage.list(`customers/${emmaId}/forms/${code}/`);
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => !k.includes('licence'))).toBe(true);
    const client = (await t.http().get(`/core/api/v3/customers/${emmaId}/`).set(bearer(tok.broker))).body
      .data;
    expect(client.form_files_stat.in_review).toBe(3);
  });

  it('makes a preview of an uploaded image in the background', async () => {
    await eventually(async () => {
      const history = await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.emma));
      const image = history.body.data.find((f: { file_type: string }) => f.file_type === 'image/png');
      expect(image.thumbnail_url).toEqual(expect.any(String));
      const preview = await t.http().get(image.thumbnail_url);
      expect(preview.headers['content-type']).toBe('image/webp');
    }, 10000);
  });

  it('makes a preview of the first page of an uploaded PDF', async () => {
    const pdf = readFileSync('client/public/files/home_mortgage_advice_appraisal_order_form.pdf');
    // On another client's form, so the file counts of the tests below stay as they are.
    const answer = await uploadMultipart(`${t.url}${F(otherCode)}files/`, tok.james, [
      { field: FIELDS[0].name, fileName: 'order form.pdf', body: pdf },
    ]);
    expect(answer.status).toBe(201);
    const id = (answer.body as { data: { id: string }[] }).data[0].id;
    await eventually(async () => {
      const history = await t
        .http()
        .get(`${F(otherCode)}history/`)
        .set(bearer(tok.james));
      const file = history.body.data.find((f: { id: string }) => f.id === id);
      expect(file.thumbnail_url).toEqual(expect.any(String));
      const preview = await t.http().get(file.thumbnail_url);
      expect(preview.headers['content-type']).toBe('image/webp');
      expect((await sharp(preview.body as Buffer).metadata()).width).toBe(320);
    }, 15000);
  });

  it('refuses a file of 75 MB while streaming it, and stores nothing', async () => {
    const before = await storage.list(`customers/${emmaId}/`);
    const answer = await uploadMultipart(`${t.url}${F(code)}files/`, tok.emma, [
      { field: FIELDS[1].name, fileName: 'huge.pdf', body: 75 * MB },
    ]);
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: { description: string }[] }).errors[0].description).toBe(
      'File is too large. The file size must be less than 75 megabytes.',
    );
    expect(await storage.list(`customers/${emmaId}/`)).toEqual(before);
    expect((await db.query('SELECT count(*)::int AS n FROM form_files WHERE code = $1', [code]))[0].n).toBe(
      3,
    );
  }, 60000);

  it('refuses a part naming an unknown or a disabled field, and stores nothing', async () => {
    const before = await storage.list(`customers/${emmaId}/`);
    for (const field of ['no_such_field', FIELDS[2].name]) {
      const answer = await uploadMultipart(`${t.url}${F(code)}files/`, tok.emma, [
        { field: FIELDS[1].name, fileName: 'ok.pdf', body: PDF_MINIMAL },
        { field, fileName: 'x.pdf', body: PDF_MINIMAL },
      ]);
      expect(answer.status).toBe(400);
      expect((answer.body as { errors: { field: string }[] }).errors[0].field).toBe(field);
    }
    expect(await storage.list(`customers/${emmaId}/`)).toEqual(before);
  });

  it('leaves no file record and no stored object when the upload is cut off half-way', async () => {
    const before = await storage.list(`customers/${emmaId}/`);
    const rows = (await db.query('SELECT count(*)::int AS n FROM form_files'))[0].n;
    await uploadMultipart(
      `${t.url}${F(code)}files/`,
      tok.emma,
      [{ field: FIELDS[1].name, fileName: 'big.pdf', body: 20 * MB }],
      {
        cutAfterBytes: 8 * MB,
      },
    );
    await eventually(async () => expect(await storage.list(`customers/${emmaId}/`)).toEqual(before));
    expect((await db.query('SELECT count(*)::int AS n FROM form_files'))[0].n).toBe(rows);
  });

  it("keeps a customer out of another customer's form: no upload, no read, no chat", async () => {
    const upload = await uploadMultipart(`${t.url}${F(otherCode)}files/`, tok.emma, [
      { field: FIELDS[0].name, fileName: 'a.pdf', body: PDF_MINIMAL },
    ]);
    expect(upload.status).toBe(404);
    expect((await t.http().get(F(otherCode)).set(bearer(tok.emma))).status).toBe(404);
    expect(
      (
        await t
          .http()
          .get(`${F(otherCode)}history/`)
          .set(bearer(tok.emma))
      ).status,
    ).toBe(404);
    await uploadMultipart(`${t.url}${F(otherCode)}files/`, tok.james, [
      { field: FIELDS[0].name, fileName: 'mine.pdf', body: PDF_MINIMAL },
    ]);
    const theirFile = (
      await t
        .http()
        .get(`${F(otherCode)}history/`)
        .set(bearer(tok.james))
    ).body.data[0].id;
    expect(
      (
        await t
          .http()
          .get(`${F(otherCode)}files/${theirFile}/comments/`)
          .set(bearer(tok.emma))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .post(`${F(otherCode)}files/${theirFile}/comments/`)
          .set(bearer(tok.emma))
          .field('text', 'hi')
      ).status,
    ).toBe(404);
  });

  it('refuses a status change from a customer with 403', async () => {
    const file = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.emma))
    ).body.data[0];
    const answer = await t
      .http()
      .patch(`${F(code)}files/batch/`)
      .set(bearer(tok.emma))
      .send([{ id: file.id, status: 'checked' }]);
    expect(answer.status).toBe(403);
  });

  it('changes statuses in a batch and lists issue, then in review, then checked, newest first', async () => {
    const files = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.broker))
    ).body.data as { id: string; file_name: string }[];
    const byName = Object.fromEntries(files.map((f) => [f.file_name, f.id]));
    const answer = await t
      .http()
      .patch(`${F(code)}files/batch/`)
      .set(bearer(tok.broker))
      .send([
        { id: byName['licence back.pdf'], status: 'issue' },
        { id: byName['stub.pdf'], status: 'checked' },
      ]);
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.map((f: { file_name: string; status: string }) => [f.file_name, f.status]),
    ).toEqual([
      ['licence back.pdf', 'issue'],
      ['licence front.txt', 'in_review'],
      ['stub.pdf', 'checked'],
    ]);
    const client = (await t.http().get(`/core/api/v3/customers/${emmaId}/`).set(bearer(tok.broker))).body
      .data;
    expect(client.form_files_stat.in_review).toBe(1);
    // The audit trail names the file each change was about.
    const trail = (
      await t
        .http()
        .get(`/core/api/v3/customers/${emmaId}/history/?type=form_file.status_changed`)
        .set(bearer(tok.broker))
    ).body.data as { names: Record<string, string> }[];
    expect(
      trail
        .slice(0, 2)
        .flatMap((entry) => Object.values(entry.names))
        .sort(),
    ).toEqual(['licence back.pdf', 'stub.pdf']);
    const bad = await t
      .http()
      .patch(`${F(code)}files/batch/`)
      .set(bearer(tok.broker))
      .send([{ id: byName['stub.pdf'], status: 'lost' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toContain('status');
  });

  it('answers a batch with the files as a read right after it shows them, whether it changed them or not', async () => {
    const history = async () =>
      (
        await t
          .http()
          .get(`${F(code)}history/`)
          .set(bearer(tok.broker))
      ).body.data as {
        id: string;
        status: string;
      }[];
    const before = await history();
    const batch = (statuses: { id: string; status: string }[]) =>
      t
        .http()
        .patch(`${F(code)}files/batch/`)
        .set(bearer(tok.broker))
        .send(statuses);
    const flipped = before.map((f) => ({
      id: f.id,
      status: f.status === 'checked' ? 'in_review' : 'checked',
    }));
    const changed = await batch(flipped);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual(await history());
    // The same statuses again change nothing, and are answered all the same.
    const unchanged = await batch(flipped);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data).toEqual(changed.body.data);
    expect((await batch(before.map(({ id, status }) => ({ id, status })))).status).toBe(200);
  });

  it('pages the chat of a file ten at a time, with the offset correction after a send and a delete', async () => {
    const file = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.broker))
    ).body.data[0];
    const C = `${F(code)}files/${file.id}/comments/`;
    for (let i = 1; i <= 12; i++) {
      const who = i % 2 ? tok.broker : tok.emma;
      expect((await t.http().post(C).set(bearer(who)).field('text', `  Message ${i}  `)).status).toBe(201);
    }
    const first = await t.http().get(`${C}?offset=0&limit=10&ordering=-created`).set(bearer(tok.emma));
    expect(first.body.pagination.count).toBe(12);
    expect(first.body.data[0]).toMatchObject({ text: 'Message 12', author: { role: 'customer' } });
    // A new message arrives while page one is open: the next page starts one further on.
    const added = await t.http().post(C).set(bearer(tok.broker)).field('text', 'Message 13');
    // It is answered as the chat then shows it.
    const newest = await t.http().get(`${C}?offset=0&limit=1&ordering=-created`).set(bearer(tok.broker));
    expect(added.body.data).toEqual(newest.body.data[0]);
    const second = await t
      .http()
      .get(`${C}?offset=${10 + 1}&limit=10&ordering=-created`)
      .set(bearer(tok.emma));
    expect(second.body.data.map((m: { text: string }) => m.text)).toEqual(['Message 2', 'Message 1']);
    // A page past the last message is empty and still counts them all.
    const past = await t.http().get(`${C}?offset=40&limit=10&ordering=created`).set(bearer(tok.emma));
    expect(past.body).toMatchObject({ data: [], pagination: { count: 13 } });
    // The customer deletes their own message; a principal broker may delete anyone's; others may not.
    const mine = first.body.data[0].id;
    const brokers = first.body.data[1].id;
    expect((await t.http().delete(`${C}${brokers}/`).set(bearer(tok.emma))).status).toBe(403);
    expect((await t.http().delete(`${C}${mine}/`).set(bearer(tok.emma))).status).toBe(200);
    expect((await t.http().delete(`${C}${brokers}/`).set(bearer(tok.pb))).status).toBe(200);
    const gone = await t.http().delete(`${C}${mine}/`).set(bearer(tok.emma));
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].description).toBe('Error while deleting message');
    const after = await t
      .http()
      .get(`${C}?offset=${10 + 1 - 2}&limit=10&ordering=-created`)
      .set(bearer(tok.emma));
    expect(after.body.data.map((m: { text: string }) => m.text)).toEqual(['Message 2', 'Message 1']);
  });

  it('counts unread chat per reader and clears it on mark_read', async () => {
    const file = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.emma))
    ).body.data[0];
    expect(file.comments_stat.total).toBe(11);
    expect(file.comments_stat.comments_unread).toBeGreaterThan(0);
    await t
      .http()
      .patch(`${F(code)}files/${file.id}/comments/mark_read/`)
      .set(bearer(tok.emma));
    const again = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.emma))
    ).body.data[0];
    expect(again.comments_stat.comments_unread).toBe(0);
    const forms = await t.http().get('/core/api/v3/forms/').set(bearer(tok.emma));
    expect(forms.body.data.map((f: { code: string }) => f.code)).toEqual([code]);
    const staff = await t.http().get('/core/api/v3/forms/').set(bearer(tok.broker));
    expect(staff.body.data.map((f: { code: string }) => f.code)).toEqual(
      expect.arrayContaining([code, otherCode]),
    );
    const one = await t.http().get(`/core/api/v3/forms/?customer_id=${emmaId}`).set(bearer(tok.broker));
    expect(one.body.data.map((f: { code: string }) => f.code)).toEqual([code]);
  });

  it("lists no forms for one's own client who has none, and answers 404 for a client that is not there", async () => {
    const digits = `777${String(Date.now()).slice(-4)}`;
    const created = await t
      .http()
      .post('/core/api/v3/customers/')
      .set(bearer(tok.broker))
      .send({
        first_name: 'Nora',
        last_name: 'Formless',
        email: `nora.formless.${digits}@example.com`,
        phone_number: `1416${digits}`,
        status: 'active',
        deal_type: 'purchase',
      });
    expect(created.status).toBe(201);
    const none = await t
      .http()
      .get(`/core/api/v3/forms/?customer_id=${created.body.data.id}`)
      .set(bearer(tok.broker));
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const missing = await t
      .http()
      .get(`/core/api/v3/forms/?customer_id=${randomUUID()}`)
      .set(bearer(tok.broker));
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].description).toBe('This client does not exist.');
  });

  it('answers 404 naming the form or the file for a history or a chat that is not there', async () => {
    const described = async (path: string): Promise<[number, string]> => {
      const answer = await t.http().get(path).set(bearer(tok.broker));
      return [answer.status, answer.body.errors?.[0]?.description];
    };
    expect(await described(`${F('NoSuchForm0000000000')}history/`)).toEqual([
      404,
      'This form does not exist.',
    ]);
    expect(await described(`${F('NoSuchForm0000000000')}files/${randomUUID()}/comments/`)).toEqual([
      404,
      'This form does not exist.',
    ]);
    expect(await described(`${F(code)}files/${randomUUID()}/comments/`)).toEqual([
      404,
      'This file does not exist.',
    ]);
  });

  it('attaches one file to a chat message and refuses an empty message', async () => {
    const file = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.emma))
    ).body.data[0];
    const C = `${F(code)}files/${file.id}/comments/`;
    const withFile = await t
      .http()
      .post(C)
      .set(bearer(tok.emma))
      .field('text', '')
      .attach('comment-file', PDF_MINIMAL, 'corrected.pdf');
    expect(withFile.status).toBe(201);
    expect(withFile.body.data).toMatchObject({ file_name: 'corrected.pdf', file: expect.any(String) });
    const empty = await t.http().post(C).set(bearer(tok.emma)).field('text', '   ');
    expect(empty.status).toBe(400);
    const two = await t
      .http()
      .post(C)
      .set(bearer(tok.emma))
      .attach('comment-file', PDF_MINIMAL, 'a.pdf')
      .attach('comment-file', PDF_MINIMAL, 'b.pdf');
    expect(two.status).toBe(400);
  });

  it('pushes status changes and chat messages to the customer within a second', async () => {
    const socket = io(t.url, { auth: { token: tok.emma }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const pushes: { type: string }[] = [];
    socket.on('domain-event', (p: { type: string }) => pushes.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const file = (
      await t
        .http()
        .get(`${F(code)}history/`)
        .set(bearer(tok.broker))
    ).body.data.find((f: { status: string }) => f.status === 'in_review');
    await t
      .http()
      .patch(`${F(code)}files/batch/`)
      .set(bearer(tok.broker))
      .send([{ id: file.id, status: 'issue' }]);
    await t
      .http()
      .post(`${F(code)}files/${file.id}/comments/`)
      .set(bearer(tok.broker))
      .field('text', 'The photo is blurry, please upload it again.');
    await eventually(
      () =>
        expect(pushes.map((p) => p.type)).toEqual(
          expect.arrayContaining(['form_file.status_changed', 'comment.added']),
        ),
      1000,
    );
  });

  it("answers an upload with the files it stored alone, not the form's earlier ones", async () => {
    const answer = await uploadMultipart(`${t.url}${F(code)}files/`, tok.emma, [
      { field: FIELDS[1].name, fileName: 'payslip.pdf', body: PDF_MINIMAL },
    ]);
    expect(answer.status).toBe(201);
    const stored = (answer.body as { data: { file_name: string }[] }).data;
    expect(stored.map((f) => f.file_name)).toEqual(['payslip.pdf']);
    const history = await t
      .http()
      .get(`${F(code)}history/`)
      .set(bearer(tok.broker));
    expect(history.body.data.length).toBeGreaterThan(1);
  });

  it('resets a form: the old one stays readable with its files, and a new code leads form_codes', async () => {
    const answer = await t
      .http()
      .patch(`${F(code)}archive/`)
      .set(bearer(tok.broker));
    expect(answer.status).toBe(200);
    const next = answer.body.data.code;
    expect(next).not.toBe(code);
    expect(answer.body.data.fields).toEqual(FIELDS);
    const client = (await t.http().get(`/core/api/v3/customers/${emmaId}/`).set(bearer(tok.broker))).body
      .data;
    expect(client.form_codes).toEqual([next, code]);
    // Only the open form's files wait in review: the reset one's no longer count.
    expect(client.form_files_stat.in_review).toBe(0);
    const old = await t
      .http()
      .get(`${F(code)}history/`)
      .set(bearer(tok.broker));
    expect(old.body.data.length).toBeGreaterThanOrEqual(3);
    expect((await t.http().get(F(code)).set(bearer(tok.emma))).body.data.is_archived).toBe(true);
    const late = await uploadMultipart(`${t.url}${F(code)}files/`, tok.emma, [
      { field: FIELDS[0].name, fileName: 'late.pdf', body: PDF_MINIMAL },
    ]);
    expect(late.status).toBe(409);
  });

  it('rebuilds every read table identically', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
