import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

/** The brokerage's details: set by principal brokers, shown by the public pages. */

const B = '/core/api/v3/brokerage/';
let t: TestApp;
let db: DataSource;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ env: { BROKERAGE_NAME: 'Maple Mortgage Group' } });
  db = t.app.get(DataSource);
  tokens.pb = (await t.login(PHONES.principalBroker)).access;
  tokens.broker = (await t.login(PHONES.broker)).access;
  tokens.customer = (await t.login(PHONES.customer)).access;
});

afterAll(async () => {
  await t.close();
});

/** The settings the served page carries for its public pages. */
async function pageSettings(): Promise<{
  brokerage: Record<string, string>;
  mortgageApplicationUrl: string;
}> {
  const page = await t.http().get('/contacts').set('Accept', 'text/html');
  const json = /<script type="application\/json" id="homeward-settings">(.*?)<\/script>/.exec(page.text)![1];
  return JSON.parse(json);
}

describe('brokerage settings', () => {
  it('starts from the environment before anyone changes them', async () => {
    const answer = await t.http().get(B).set(bearer(tokens.broker));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ name: 'Maple Mortgage Group', time_zone: 'America/Toronto' });
    expect((await pageSettings()).brokerage.name).toBe('Maple Mortgage Group');
  });

  it('lets only a principal broker change them, and customers not even read them', async () => {
    expect((await t.http().patch(B).set(bearer(tokens.broker)).send({ name: 'X' })).status).toBe(403);
    expect((await t.http().get(B).set(bearer(tokens.customer))).status).toBe(403);
  });

  it('changes what the public pages and mortgage application links show, recording only what changed', async () => {
    const answer = await t.http().patch(B).set(bearer(tokens.pb)).send({
      name: 'Maple Mortgage Group Ltd.',
      licence_number: '12345',
      fax: '',
      time_zone: 'America/Vancouver',
      mortgage_application_url: 'https://apply.maple.example/start',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      name: 'Maple Mortgage Group Ltd.',
      fax: '',
      time_zone: 'America/Vancouver',
    });
    const served = await pageSettings();
    expect(served.brokerage).toMatchObject({ name: 'Maple Mortgage Group Ltd.', licenceNumber: '12345' });
    expect(served.mortgageApplicationUrl).toBe('https://apply.maple.example/start');

    const again = await t.http().patch(B).set(bearer(tokens.pb)).send({ name: 'Maple Mortgage Group Ltd.' });
    expect(again.status).toBe(200);
    const changes = await db.query(
      "SELECT data, metadata->>'actorId' AS actor FROM events WHERE type = 'brokerage.settings_changed'",
    );
    expect(changes).toHaveLength(1);
    expect(Object.keys(changes[0].data.changes).sort()).toEqual(
      ['fax', 'licenceNumber', 'mortgageApplicationUrl', 'name', 'timeZone'].sort(),
    );
  });

  it("signs the e-mails it sends with the brokerage's name and contacts", async () => {
    const [client] = await db.query('SELECT id, email FROM customers WHERE phone_number = $1', [
      PHONES.customer,
    ]);
    const sent = await t
      .http()
      .post(`/core/api/v3/customers/${client.id}/notify/`)
      .set(bearer(tokens.pb))
      .send({ notify_type: 'form_sent' });
    expect(sent.status).toBe(200);
    const email = await eventually(() => {
      const found = t.outbox.delivered.find((d) => d.channel === 'email' && d.to === client.email);
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(email.text.endsWith('Maple Mortgage Group Ltd.\n+1 416 555 0100 · hello@homeward.example')).toBe(
      true,
    );
    expect(email.html).toContain('Maple Mortgage Group Ltd.');
  });

  it.each([
    ['phone', { phone: '4165550100' }],
    ['email', { email: 'not-an-email' }],
    ['time_zone', { time_zone: 'Mars/Olympus' }],
    ['mortgage_application_url', { mortgage_application_url: 'http://insecure.example' }],
    ['social_url', { social_url: 'javascript:alert(1)' }],
    ['name', { name: '<b>Bold</b>' }],
    ['name', { name: '  ' }],
  ])('answers 400 naming %s and changes nothing', async (field, body) => {
    await t.drain(); // earlier changes' follow-ups (reminders rescheduled) are in the log first
    const before = (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
    const answer = await t.http().patch(B).set(bearer(tokens.pb)).send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe(field);
    expect((await db.query('SELECT count(*)::int AS n FROM events'))[0].n).toBe(before);
  });

  it('rebuilds the settings from the events alone', async () => {
    await expectRebuildToReproduceReadTables(t);
  });
});
