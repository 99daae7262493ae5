import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MAX_OFFSET } from '../../server/src/platform/http/page-query.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let db: DataSource;
const tok: Record<string, string> = {};
let emma: string;
let james: string;
const CORE = '/core/api/v3';

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
  tok.pb = (await t.login(PHONES.principalBroker)).access;
  tok.broker = (await t.login(PHONES.broker)).access;
  tok.emma = (await t.login(PHONES.customer)).access;
  emma = (await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer]))[0]
    .customer_id;
  james = (await db.query("SELECT id FROM customers WHERE first_name = 'James'"))[0].id;
});

afterAll(async () => {
  await t.close();
});

/** Events written so far, once the side effects of earlier commands have settled. */
async function eventCount(): Promise<number> {
  await t.drain();
  return (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
}

/** A list nested `depth` levels deep, as JSON text: [[[...]]]. */
const nestedJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function expectRefusal(answer: { status: number; body: { errors: { field?: string }[] } }, field: string) {
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].field).toBe(field);
}

describe('input no handler can store is refused with 400 naming the field', () => {
  it('refuses a NUL character in a path parameter, also before signing in', async () => {
    const answer = await t.http().get(`${CORE}/landing_forms/a%00b/`);
    expectRefusal(answer, 'code');
    expect(answer.body.errors[0].description).toBe('The code field may not contain a NUL character.');
  });

  it('refuses a NUL character in a query string and in a body, writing nothing', async () => {
    expectRefusal(await t.http().get(`${CORE}/customers/?search=a%00b`).set(bearer(tok.pb)), 'search');
    const before = await eventCount();
    const answer = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ address_line: 'Unit 4\u0000' });
    expectRefusal(answer, 'address_line');
    const nested = await t
      .http()
      .patch(`${CORE}/customers/${james}/steps/`)
      .set(bearer(tok.pb))
      .send([{ step: 'application\u0000', is_active: true, is_completed: false }]);
    expectRefusal(nested, '0.step');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a NUL character in a form field of a multipart request, writing nothing', async () => {
    const before = await eventCount();
    const answer = await t
      .http()
      .post(`${CORE}/customers/${james}/notes/`)
      .set(bearer(tok.pb))
      .field('text', 'a\u0000b');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].code).toBe('invalid_character');
    expect(await eventCount()).toBe(before);
  });

  it('refuses null for a field of an edit: The <field> field may not be null', async () => {
    const before = await eventCount();
    const client = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ first_name: null });
    expectRefusal(client, 'first_name');
    expect(client.body.errors[0].description).toBe('The first_name field may not be null');
    for (const field of [
      'email',
      'lender',
      'role',
      'second_applicant_phone_number',
      'version',
      'is_create_folder',
    ]) {
      const answer = await t
        .http()
        .patch(`${CORE}/customers/${james}/`)
        .set(bearer(tok.pb))
        .send({ [field]: null });
      expectRefusal(answer, field);
      expect(answer.body.errors[0].description).toBe(`The ${field} field may not be null`);
    }
    const own = await t.http().patch(`${CORE}/customers/me/`).set(bearer(tok.emma)).send({ last_name: null });
    expectRefusal(own, 'last_name');
    expect(await eventCount()).toBe(before);
  });

  it('still lets an edit clear the values that may be empty', async () => {
    const answer = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ closing_date: null, filogix_number: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ closing_date: null, filogix_number: null });
  });

  it.each([
    `${CORE}/customers/`,
    `${CORE}/users/`,
    `${CORE}/customers/{emma}/lawyers/`,
    `${CORE}/customers/{emma}/notes/`,
    `${CORE}/customers/{emma}/history/`,
    `${CORE}/banks/`,
  ])('bounds offset and limit of %s', async (path) => {
    const list = path.replace('{emma}', emma);
    const tooFar = await t.http().get(`${list}?offset=99999999999999999999`).set(bearer(tok.pb));
    expectRefusal(tooFar, 'offset');
    expect(tooFar.body.errors[0].description).toBe(`The offset field may not be greater than ${MAX_OFFSET}`);
    expectRefusal(await t.http().get(`${list}?limit=99999999999999999999`).set(bearer(tok.pb)), 'limit');
    expect((await t.http().get(`${list}?offset=${MAX_OFFSET}`).set(bearer(tok.pb))).status).toBe(200);
  });

  it('refuses bodies nested deeper than 32 levels before transforming them', async () => {
    for (const path of [`${CORE}/customers/${james}/steps/`, `${CORE}/forms/any-code/files/batch/`]) {
      const answer = await t
        .http()
        .patch(path)
        .set(bearer(tok.pb))
        .set('Content-Type', 'application/json')
        .send(nestedJson(400_000));
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].code).toBe('too_deeply_nested');
    }
  });

  /** A new client's command, sent as the principal broker with this content type and body text. */
  const createClientAs = (type: string, body: string) =>
    t.http().post(`${CORE}/customers/`).set(bearer(tok.pb)).set('Content-Type', type).send(body);

  it('reads an empty JSON body as no body: a command is refused, writing nothing, and a sign-out signs out', async () => {
    const before = await eventCount();
    const empty = await createClientAs('application/json', '');
    expect([empty.status, empty.body.errors[0].code]).toEqual([400, 'malformed_body']);
    expect(await eventCount()).toBe(before);

    const { refresh } = await t.login(PHONES.assistant);
    const signOut = await t
      .http()
      .post('/auth/api/v3/auth/token/revoke/')
      .set('Cookie', `homeward_refresh=${refresh}`)
      .set('Content-Type', 'application/json')
      .send('');
    expect(signOut.status).toBe(200);
    expect((await t.refresh(refresh)).status).toBe(401);
  });

  it('refuses a body of a type the API does not read with 415, and text that is not JSON with 400', async () => {
    const before = await eventCount();
    const xml = await createClientAs('application/xml', '<customer/>');
    expect([xml.status, xml.body.errors[0].code]).toEqual([415, 'unsupported_media_type']);
    const text = await createClientAs('text/plain', 'first_name=Ann');
    expect([text.status, text.body.errors[0].code]).toEqual([400, 'malformed_body']);
    const broken = await createClientAs('application/json', '{"first_name": "Ann"');
    expect([broken.status, broken.body.errors[0].code]).toEqual([400, 'malformed_body']);
    expect(await eventCount()).toBe(before);
  });
});

describe('strict values', () => {
  it("refuses <img/src=x/onerror=__x('email')>@x.io as an e-mail address", async () => {
    const answer = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ email: "<img/src=x/onerror=__x('email')>@x.io" });
    expectRefusal(answer, 'email');
    expect(answer.body.errors[0].description).toBe('The email field must be a valid email');
  });

  it('refuses a name with markup and keeps names with accents, apostrophes and hyphens', async () => {
    const bad = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ last_name: '<script>alert(1)</script>' });
    expectRefusal(bad, 'last_name');
    const lawyer = await t.http().post(`${CORE}/customers/${emma}/lawyers/`).set(bearer(tok.emma)).send({
      first_name: 'Ann<b>',
      last_name: 'Lee',
      email: 'ann@lee.ca',
      phone_number: '14165550177',
      company: 'Lee LLP',
      address_line: '1 King St',
    });
    expectRefusal(lawyer, 'first_name');
    const good = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ first_name: 'Zoë-Anne', last_name: "O'Brien-Nguyễn" });
    expect(good.status).toBe(200);
  });

  it('refuses a line break in a value shown on one line, naming the field', async () => {
    const answer = await t
      .http()
      .patch(`${CORE}/customers/${james}/`)
      .set(bearer(tok.pb))
      .send({ address_line: '1 King St\nToronto' });
    expectRefusal(answer, 'address_line');
    expect(answer.body.errors[0].description).toBe('The address_line field must be on one line');
  });

  it('refuses angle brackets in a law firm name', async () => {
    const answer = await t.http().post(`${CORE}/customers/${emma}/lawyers/`).set(bearer(tok.emma)).send({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@lee.ca',
      phone_number: '14165550177',
      company: 'Lee <i>LLP</i>',
      address_line: '1 King St',
    });
    expectRefusal(answer, 'company');
  });

  it("escapes the firm's name in the HTML of the e-mail to the lawyer, and sends text messages as text", async () => {
    const added = await t.http().post(`${CORE}/customers/${emma}/lawyers/`).set(bearer(tok.emma)).send({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@lee.ca',
      phone_number: '14165550177',
      company: 'Lee & Partners',
      address_line: '1 King St',
    });
    expect(added.status).toBe(201);
    expect(
      (await t.http().patch(`${CORE}/customers/${emma}/lawyers/approve/`).set(bearer(tok.pb))).status,
    ).toBe(200);
    // A firm recorded before names were checked.
    await db.query("UPDATE lawyers SET company = 'Lee & <b>Partners</b>' WHERE email = 'ann@lee.ca'");
    const sent = await t
      .http()
      .post(`${CORE}/customers/${emma}/notify/`)
      .set(bearer(tok.pb))
      .send({ notify_type: 'lawyer_approved_email' });
    expect(sent.status).toBe(200);
    await t.drain();
    const mail = t.outbox.delivered.find((d) => d.to === 'ann@lee.ca');
    expect(mail?.html).toContain('at Lee &amp; &lt;b&gt;Partners&lt;/b&gt; as their lawyer');
    expect(mail?.html).not.toContain('<b>');

    await t
      .http()
      .post(`${CORE}/customers/${emma}/notify/`)
      .set(bearer(tok.pb))
      .send({ notify_type: 'form_sent' });
    await t.drain();
    const sms = t.outbox.delivered.filter((d) => d.channel === 'sms');
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((d) => d.html === undefined)).toBe(true);
  });
});

describe('what a customer sees of their own file', () => {
  it('never shows staff-only counts or internal references', async () => {
    await t
      .http()
      .post(`${CORE}/customers/${emma}/notes/`)
      .set(bearer(tok.broker))
      .field('text', 'Internal: check the pay stubs twice.');
    const staff = await t.http().get(`${CORE}/customers/${emma}/`).set(bearer(tok.pb));
    expect(staff.body.data.notes_stat).toEqual({ unread: 1 });
    for (const answer of [
      await t.http().get(`${CORE}/customers/me/`).set(bearer(tok.emma)),
      await t.http().patch(`${CORE}/customers/me/`).set(bearer(tok.emma)).send({ lender: 'RBC' }),
      await t.http().patch(`${CORE}/customers/${emma}/lawyers/revoke/`).set(bearer(tok.emma)),
    ]) {
      expect(answer.status).toBe(200);
      for (const field of ['notes_stat', 'filogix_number', 'is_review_requested', 'review_requested_at'])
        expect(answer.body.data).not.toHaveProperty(field);
    }
  });
});

describe('a status batch is applied as a whole or not at all', () => {
  let code: string;
  let files: string[];

  beforeAll(async () => {
    const client = await t
      .http()
      .post(`${CORE}/customers/`)
      .set(bearer(tok.pb))
      .send({
        first_name: 'Batch',
        last_name: 'Client',
        email: 'batch.client@example.com',
        phone_number: '14165557301',
        status: 'active',
        deal_type: 'purchase',
        broker: (await db.query('SELECT id FROM users WHERE phone_number = $1', [PHONES.broker]))[0].id,
      });
    expect(client.status).toBe(201);
    const field = {
      type: 'file',
      name: 'id-a1b2',
      caption: 'Photo ID',
      disabled: false,
      tutorial: { description: '', example: '' },
    };
    const form = await t
      .http()
      .post(`${CORE}/forms/`)
      .set(bearer(tok.pb))
      .send({ customer_id: client.body.data.id, fields: [field] });
    expect(form.status).toBe(201);
    code = form.body.data.code;
    const upload = await uploadMultipart(
      `${t.url}${CORE}/forms/${code}/files/`,
      tok.pb,
      ['a.pdf', 'b.pdf', 'c.pdf'].map((fileName) => ({ field: field.name, fileName, body: PDF_MINIMAL })),
    );
    expect(upload.status).toBe(201);
    files = (upload.body as { data: { id: string }[] }).data.map((f) => f.id);
  });

  const statuses = async () => {
    const rows: { id: string; status: string }[] = await db.query(
      'SELECT id, status FROM form_files WHERE code = $1',
      [code],
    );
    return files.map((id) => rows.find((row) => row.id === id)!.status);
  };

  it('three concurrent batches end in one combination that was sent; losers answer 409 and write nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const reset = await t
        .http()
        .patch(`${CORE}/forms/${code}/files/batch/`)
        .set(bearer(tok.pb))
        .send(files.map((id) => ({ id, status: 'in_review' })));
      expect(reset.status).toBe(200);
      const before = await eventCount();
      // Batch i checks file i and keeps the others in review.
      const batches = files.map((_, checked) =>
        files.map((id, index) => ({ id, status: index === checked ? 'checked' : 'in_review' })),
      );
      const answers = await Promise.all(
        batches.map((batch) =>
          t.http().patch(`${CORE}/forms/${code}/files/batch/`).set(bearer(tok.pb)).send(batch),
        ),
      );
      const codes = answers.map((answer) => answer.status);
      expect(codes.every((status) => status === 200 || status === 409)).toBe(true);
      expect(codes.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      const sent = batches.map((batch) => batch.map((change) => change.status));
      const result = await statuses();
      expect(sent).toContainEqual(result);
      expect(result.filter((status) => status === 'checked')).toHaveLength(1);
      expect(await eventCount()).toBeGreaterThan(before);
    }
  });

  it('refuses a batch that lists a file twice, writing nothing', async () => {
    const before = await eventCount();
    const answer = await t
      .http()
      .patch(`${CORE}/forms/${code}/files/batch/`)
      .set(bearer(tok.pb))
      .send([
        { id: files[0], status: 'issue' },
        { id: files[0], status: 'checked' },
      ]);
    expectRefusal(answer, '1.id');
    expect(await eventCount()).toBe(before);
  });
});
