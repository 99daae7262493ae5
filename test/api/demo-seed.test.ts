import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE, type ObjectStorage } from '../../server/src/platform/storage/object-storage.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { expectRebuildToReproduceReadTables } from '../support/read-tables.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const CORE = '/core/api/v3';

interface FileView {
  id: string;
  caption: string;
  file_name: string;
  file_type: string;
  status: string;
  comments_stat: { total: number; comments_unread: number };
  thumbnail_url: string | null;
}

describe('demo brokerage', () => {
  let t: TestApp;
  let db: DataSource;
  let first: { created: number };
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    db = t.app.get(DataSource);
    first = await t.app.get(SeedService).seedDemo();
    tok.broker = (await t.login(PHONES.broker)).access;
    tok.principal = (await t.login(PHONES.principalBroker)).access;
    tok.emma = (await t.login(PHONES.customer)).access;
  }, 60_000);
  afterAll(() => t.close());

  const clientId = async (phone: string): Promise<string> =>
    (await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [phone]))[0].customer_id;
  const get = async (path: string, token: string) => {
    const answer = await t.http().get(`${CORE}${path}`).set(bearer(token));
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const history = async (customerId: string, token: string): Promise<{ code: string; files: FileView[] }> => {
    const forms = await get(`/forms/?customer_id=${customerId}`, token);
    expect(forms).toHaveLength(1);
    return { code: forms[0].code, files: await get(`/forms/${forms[0].code}/history/`, token) };
  };

  it('seeds a demo brokerage whose clients have files, chats, notes and assignments, once', async () => {
    expect(first.created).toBeGreaterThan(0);
    expect((await t.app.get(SeedService).seedDemo()).created).toBe(0);
    const [{ clients }] = await db.query('SELECT count(*)::int AS clients FROM customers');
    expect(clients).toBe(12);

    // Emma, who signs in, sees her own form with her uploads in every status.
    const emma = await clientId(PHONES.customer);
    const own = await history(emma, tok.emma);
    const statuses = own.files.map((f) => f.status).sort();
    expect(statuses).toEqual(['checked', 'checked', 'in_review', 'in_review', 'issue']);
    expect(new Set(own.files.map((f) => f.file_type))).toEqual(new Set(['application/pdf', 'image/jpeg']));
    const issue = own.files.find((f) => f.status === 'issue')!;
    const chat = await get(
      `/forms/${own.code}/files/${issue.id}/comments/?ordering=created&offset=0&limit=50`,
      tok.emma,
    );
    expect(chat.map((c: { author: { role: string } }) => c.author.role)).toEqual(['broker', 'customer']);
    expect(chat[0].text).toMatch(/two most recent pay stubs/);
    const me = await get('/users/me/', tok.emma);
    expect(me.lawyer_status).toBe('pending_approve');

    // Her broker sees the same files, the chat, and the notes.
    expect((await history(emma, tok.broker)).files).toHaveLength(5);
    const notes = await get(`/customers/${emma}/notes/?ordering=created&limit=10&offset=0`, tok.broker);
    expect(notes).toHaveLength(2);

    // James: a lawyer assigned by his broker, quotes asked of two appraisers, a photo sent in the chat.
    const james = await clientId('14165550111');
    const jamesView = await get(`/customers/${james}/`, tok.broker);
    expect(jamesView.lawyer_status).toBe('assigned');
    const [{ quotes }] = await db.query(
      'SELECT count(*)::int AS quotes FROM appraisal_requests WHERE customer_id = $1',
      [james],
    );
    expect(quotes).toBe(2);
    const jamesFiles = await history(james, tok.broker);
    const withPhoto = jamesFiles.files.find((f) => f.comments_stat.total === 2)!;
    const photoChat = await get(
      `/forms/${jamesFiles.code}/files/${withPhoto.id}/comments/?ordering=created&offset=0&limit=50`,
      tok.broker,
    );
    expect(photoChat[1].file_type).toBe('image/png');

    // Sofia: every paper checked and every roadmap step done.
    const sofia = await clientId('14165550116');
    const sofiaView = await get(`/customers/${sofia}/`, tok.principal);
    expect(sofiaView.steps.every((s: { is_completed: boolean }) => s.is_completed)).toBe(true);
    expect([sofiaView.lawyer_status, sofiaView.appraiser_status]).toEqual(['assigned', 'assigned']);
    expect((await history(sofia, tok.principal)).files.every((f) => f.status === 'checked')).toBe(true);

    // All of it was done by the people concerned, as events.
    const actors = await db.query(
      `SELECT DISTINCT metadata->>'actorRole' AS role FROM events WHERE type IN ('form_file.uploaded', 'comment.added', 'note.added', 'form_file.status_changed') ORDER BY 1`,
    );
    expect(actors.map((a: { role: string }) => a.role)).toEqual(['broker', 'customer', 'principal_broker']);
  });

  it('stores real papers through the upload path, makes their previews, and a rebuild gives the same demo', async () => {
    const storage = t.app.get<ObjectStorage>(OBJECT_STORAGE);
    const files: { key: string; type: string }[] = await db.query(
      `SELECT storage_key AS key, file_type AS type FROM form_files
       UNION ALL SELECT file_key, file_type FROM file_comments WHERE file_key IS NOT NULL`,
    );
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.get(file.key)) chunks.push(chunk as Buffer);
      const head = Buffer.concat(chunks).subarray(0, 8);
      const magic = { 'application/pdf': '%PDF-1.4', 'image/jpeg': '\xff\xd8\xff', 'image/png': '\x89PNG' };
      expect(head.toString('latin1')).toContain(magic[file.type as keyof typeof magic]);
    }
    await eventually(async () => {
      const [{ missing }] = await db.query(
        `SELECT (SELECT count(*) FROM form_files WHERE thumbnail_key IS NULL)
              + (SELECT count(*) FROM file_comments WHERE file_key IS NOT NULL AND thumbnail_key IS NULL) AS missing`,
      );
      expect(Number(missing)).toBe(0);
    }, 30_000);
    const sent = t.outbox.delivered.filter((d) => d.to === `+${PHONES.customer}`);
    expect(sent.length).toBeGreaterThan(0);
    await expectRebuildToReproduceReadTables(t);
  }, 60_000);
});
