import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { DataSource } from 'typeorm';
import { minimalPdf, png } from '../support/file-samples.js';
import { uploadMultipart } from '../support/multipart-upload.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';
import { csvRecords, unzip } from '../support/zip.js';

const C = '/core/api/v3';
const FIELDS = [
  { name: 'government_id-a1', caption: 'Government ID' },
  { name: 'pay_stubs-b2', caption: 'Pay stubs' },
  { name: 'bank_statements-c3', caption: 'Bank statements' },
].map((field) => ({ type: 'file', disabled: false, tutorial: { description: '', example: '' }, ...field }));

let t: TestApp;
let db: DataSource;
const tok: Record<string, string> = {};
let principalId: string;
let customerId: string;
let code: string;
/** The bytes uploaded, by file id. */
const uploaded = new Map<string, Buffer>();
const ids: Record<string, string> = {};

async function upload(field: string, fileName: string, body: Buffer): Promise<string> {
  const answer = await uploadMultipart(`${t.url}${C}/forms/${code}/files/`, tok.pb, [
    { field, fileName, body },
  ]);
  expect(answer.status).toBe(201);
  const id = (answer.body as { data: { id: string }[] }).data[0].id;
  uploaded.set(id, body);
  return id;
}

/** The answer's body as the bytes sent (a ZIP, or the JSON of a refusal). */
function asBytes(request: Test): Promise<Response> {
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

function download(token: string, query = ''): Promise<Response> {
  return asBytes(t.http().get(`${C}/customers/${customerId}/lender_package/${query}`).set(bearer(token)));
}

/** A download link for the package, as the web client asks for it. */
function linkFor(token: string, query = ''): Promise<Response> {
  return t.http().post(`${C}/customers/${customerId}/lender_package/link/${query}`).set(bearer(token));
}

/** Follows a link as the browser does: no token, the link is the credential. */
function follow(url: string): Promise<Response> {
  return asBytes(t.http().get(url));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function packageEvents(): Promise<{ data: Record<string, unknown>; metadata: { actorId: string } }[]> {
  return db.query(
    "SELECT data, metadata FROM events WHERE type = 'form.lender_package_downloaded' ORDER BY global_position",
  );
}

async function setStatuses(changes: Record<string, string>): Promise<void> {
  // Previews are recorded on the files in the background; a batch that meets one is sent again.
  await eventually(async () => {
    const answer = await t
      .http()
      .patch(`${C}/forms/${code}/files/batch/`)
      .set(bearer(tok.pb))
      .send(Object.entries(changes).map(([id, status]) => ({ id, status })));
    expect(answer.status).toBe(200);
  });
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  tok.pb = (await t.login(PHONES.principalBroker)).access;
  tok.broker = (await t.login(PHONES.broker)).access;
  tok.assistant = (await t.login(PHONES.assistant)).access;
  tok.customer = (await t.login(PHONES.customer)).access;
  principalId = (await db.query('SELECT id FROM users WHERE phone_number = $1', [PHONES.principalBroker]))[0]
    .id;
  const created = await t.http().post(`${C}/customers/`).set(bearer(tok.pb)).send({
    first_name: 'Nora',
    last_name: 'Lindqvist',
    email: 'nora.lindqvist@example.com',
    phone_number: '14165557311',
    status: 'active',
    deal_type: 'purchase',
    broker: principalId,
  });
  expect(created.status).toBe(201);
  customerId = created.body.data.id;
  const form = await t
    .http()
    .post(`${C}/forms/`)
    .set(bearer(tok.pb))
    .send({ customer_id: customerId, fields: FIELDS });
  expect(form.status).toBe(201);
  code = form.body.data.code;
  // Uploaded out of field order, one request each, so upload order within a field is plain.
  ids.statement = await upload('bank_statements-c3', 'March statement.pdf', minimalPdf('March'));
  ids.stub1 = await upload('pay_stubs-b2', 'stub-1.pdf', minimalPdf('Stub one'));
  ids.licence = await upload('government_id-a1', 'licence.png', await png());
  ids.stub2 = await upload('pay_stubs-b2', 'stub 2.pdf', minimalPdf('Stub two'));
  ids.old = await upload('bank_statements-c3', 'old.pdf', minimalPdf('Old'));
}, 60000);

afterAll(async () => {
  await t?.close();
});

describe('the lender package', () => {
  it('answers 409 with a clear message and records nothing while no file is checked', async () => {
    // Events written by requests (previews made meanwhile in the background carry no request id).
    const count = async () =>
      (await db.query("SELECT count(*)::int AS n FROM events WHERE metadata->>'requestId' IS NOT NULL"))[0].n;
    const before = await count();
    for (const query of ['', '?include=in_review']) {
      const answer = await download(tok.pb, query);
      expect(answer.status).toBe(409);
      const body = JSON.parse(answer.body.toString());
      expect(body.errors[0].code).toBe('no_checked_files');
      expect(body.errors[0].description).toMatch(/no checked document/);
      const link = await linkFor(tok.pb, query);
      expect([link.status, link.body.errors?.[0]?.code]).toEqual([409, 'no_checked_files']);
    }
    expect(await count()).toBe(before);
  });

  it('lists the checked files in field order as `NN Caption - name.ext`, then index.csv and index.pdf', async () => {
    await setStatuses({
      [ids.statement]: 'checked',
      [ids.stub1]: 'checked',
      [ids.licence]: 'checked',
      [ids.old]: 'issue',
    });
    const answer = await download(tok.pb);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toContain(
      `attachment; filename="Lender package - Nora Lindqvist - ${day}.zip"`,
    );
    const entries = await unzip(answer.body as Buffer);
    expect(entries.map((e) => e.name)).toEqual([
      '01 Government ID - licence.png',
      '02 Pay stubs - stub-1.pdf',
      '03 Bank statements - March statement.pdf',
      'index.csv',
      'index.pdf',
    ]);
    // Already-compressed types are stored as they are.
    expect(entries.slice(0, 3).every((e) => !e.compressed)).toBe(true);
    expect(entries[0].bytes.equals(uploaded.get(ids.licence)!)).toBe(true);
    expect(entries[4].bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives each document a row of index.csv that names its entry, and each SHA-256 verifies against its bytes', async () => {
    const entries = await unzip((await download(tok.pb)).body as Buffer);
    const files = entries.filter((e) => !e.name.startsWith('index.'));
    const rows = csvRecords(entries.find((e) => e.name === 'index.csv')!.bytes.toString());
    expect(rows.map((r) => r.file)).toEqual(files.map((e) => e.name));
    expect(rows.map((r) => r.caption)).toEqual(['Government ID', 'Pay stubs', 'Bank statements']);
    for (const [index, row] of rows.entries()) {
      expect(row.status).toBe('checked');
      expect(row.sha256).toBe(sha256(files[index].bytes));
      expect(Number(row.size_bytes)).toBe(files[index].bytes.length);
      expect(Number.isNaN(Date.parse(row.uploaded))).toBe(false);
    }
    // The stored bytes themselves, not a copy made on the way.
    expect(rows[1].sha256).toBe(sha256(uploaded.get(ids.stub1)!));
  });

  it('adds the files in review only when asked, marked so in the index, and never a file with an issue', async () => {
    const plain = await unzip((await download(tok.pb)).body as Buffer);
    expect(plain.some((e) => e.name.includes('stub 2'))).toBe(false);
    const answer = await download(tok.pb, '?include=in_review');
    expect(answer.status).toBe(200);
    const entries = await unzip(answer.body as Buffer);
    expect(entries.map((e) => e.name)).toEqual([
      '01 Government ID - licence.png',
      '02 Pay stubs - stub-1.pdf',
      '03 Pay stubs - stub 2.pdf',
      '04 Bank statements - March statement.pdf',
      'index.csv',
      'index.pdf',
    ]);
    const rows = csvRecords(entries.find((e) => e.name === 'index.csv')!.bytes.toString());
    expect(rows.map((r) => r.status)).toEqual(['checked', 'checked', 'in review', 'checked']);
    expect(entries.some((e) => e.name.includes('old.pdf'))).toBe(false);
  });

  it('records each download with who, which files and whether files in review were in, in the audit trail', async () => {
    const events = await packageEvents();
    expect(events.length).toBeGreaterThanOrEqual(4);
    const [plain, withReview] = [events[0], events[events.length - 1]];
    expect(plain.data).toEqual({
      customerId,
      downloadedBy: principalId,
      fileIds: [ids.licence, ids.stub1, ids.statement],
      includeInReview: false,
    });
    expect(plain.metadata.actorId).toBe(principalId);
    expect(withReview.data).toMatchObject({
      fileIds: [ids.licence, ids.stub1, ids.stub2, ids.statement],
      includeInReview: true,
    });
    const trail = await t
      .http()
      .get(`${C}/customers/${customerId}/history/?type=form.lender_package_downloaded`)
      .set(bearer(tok.pb));
    expect(trail.status).toBe(200);
    expect(trail.body.pagination.count).toBe(events.length);
    expect(trail.body.data[0]).toMatchObject({
      type: 'form.lender_package_downloaded',
      stream_type: 'form',
      stream_id: code,
      actor: { id: principalId },
      changes: { downloadedBy: principalId, includeInReview: true },
    });
  });

  it('hands staff a link that downloads the package without a token, recorded as theirs', async () => {
    const before = (await packageEvents()).length;
    const link = await linkFor(tok.assistant, '?include=in_review');
    expect(link.status).toBe(200);
    const url: string = link.body.data.url;
    expect(url).toMatch(/^\/core\/api\/v3\/lender_packages\/[\w-]+\.[\w-]+\.[\w-]+\/$/);
    // Handing out the link records nothing: following it does.
    expect((await packageEvents()).length).toBe(before);
    const answer = await follow(url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="Lender package - /);
    const names = (await unzip(answer.body as Buffer)).map((entry) => entry.name);
    expect(names).toContain('index.csv');
    expect(names.some((name) => name.includes('stub 2.pdf'))).toBe(true);
    const events = await packageEvents();
    expect(events.length).toBe(before + 1);
    const assistantId = (
      await db.query('SELECT id FROM users WHERE phone_number = $1', [PHONES.assistant])
    )[0].id;
    expect(events.at(-1)!.data).toMatchObject({ downloadedBy: assistantId, includeInReview: true });
    expect(events.at(-1)!.metadata.actorId).toBe(assistantId);
  });

  it('refuses an altered link, and the link of a session that has ended since', async () => {
    const url: string = (await linkFor(tok.pb)).body.data.url;
    const altered = url.replace(/\.([\w-]+)\/$/, '.AAAA$1/');
    const refused = await follow(altered);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body.toString()).errors[0].code).toBe('link_expired');

    // A broker of other clients gets no link to this one.
    expect((await linkFor(tok.broker)).status).toBe(404);
    const ended = (await linkFor(tok.pb)).body.data.url as string;
    const revoked = await t.http().post('/auth/api/v3/auth/token/revoke/').set(bearer(tok.pb));
    expect(revoked.status).toBeLessThan(300);
    expect((await follow(ended)).status).toBe(401);
    tok.pb = (await t.login(PHONES.principalBroker)).access;
  });

  it('is open to the assistant, 404 to a broker of other clients and 403 to a customer', async () => {
    expect((await download(tok.assistant)).status).toBe(200);
    const stranger = await download(tok.broker);
    expect(stranger.status).toBe(404);
    expect((await download(tok.customer)).status).toBe(403);
  });

  it('refuses an unknown include with 400 naming the field, and a malformed client id with 400', async () => {
    const answer = await download(tok.pb, '?include=issue');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString()).errors[0].field).toBe('include');
    const bad = await t.http().get(`${C}/customers/not-an-id/lender_package/`).set(bearer(tok.pb));
    expect(bad.status).toBe(400);
  });

  it('keeps a reset of the form working after downloads (the form moved on)', async () => {
    const reset = await t.http().patch(`${C}/forms/${code}/archive/`).set(bearer(tok.pb));
    expect(reset.status).toBe(200);
    // The new form holds no file yet: nothing to package.
    expect((await download(tok.pb)).status).toBe(409);
  });

  it('leaves read tables that a rebuild reproduces', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
