import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { uploadMultipart } from '../support/multipart-upload.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

describe('read marks', () => {
  let t: TestApp;
  let db: DataSource;
  let pb: string;
  let broker: string;
  let emmaId: string;
  const notes = () => `/core/api/v3/customers/${emmaId}/notes/`;
  const marksOf = async (userId: string) =>
    (
      await db.query(
        "SELECT data->>'upToPosition' AS up_to FROM events WHERE type = 'notes.marked_read' AND data->>'userId' = $1 ORDER BY global_position",
        [userId],
      )
    ).map((row: { up_to: string }) => Number(row.up_to));

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    pb = (await t.login(PHONES.principalBroker)).access;
    broker = (await t.login(PHONES.broker)).access;
    emmaId = (await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer]))[0]
      .customer_id;
  });

  afterAll(async () => {
    await t.close();
  });

  it('records one mark when a reader marks the same notes read from several places at once', async () => {
    const added = await uploadMultipart(`${t.url}${notes()}`, broker, [], {
      fields: { text: 'Called the lender.' },
    });
    expect(added.status).toBe(201);
    const [{ id: reader }] = await db.query('SELECT id FROM users WHERE phone_number = $1', [
      PHONES.principalBroker,
    ]);
    const [{ newest }] = await db.query(
      'SELECT MAX(position)::int AS newest FROM notes WHERE customer_id = $1',
      [emmaId],
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.http().patch(`${notes()}mark_read/`).set(bearer(pb))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await marksOf(reader)).toEqual([newest]);
  });

  it('records nothing when nothing new was written, and moves forward after a new note', async () => {
    const [{ id: reader }] = await db.query('SELECT id FROM users WHERE phone_number = $1', [
      PHONES.principalBroker,
    ]);
    const before = await marksOf(reader);
    expect((await t.http().patch(`${notes()}mark_read/`).set(bearer(pb))).status).toBe(200);
    expect(await marksOf(reader)).toEqual(before);
    await uploadMultipart(`${t.url}${notes()}`, broker, [], { fields: { text: 'Sent the papers.' } });
    await t.http().patch(`${notes()}mark_read/`).set(bearer(pb));
    const after = await marksOf(reader);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toBeGreaterThan(before.at(-1)!);
  });
});
