import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { PDF_HEAD } from '../support/multipart-upload.js';
import { PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const MB = 1024 * 1024;

/** A 70 MB PDF on disk, written in 1 MB chunks, so neither side of the test holds it in memory. */
async function bigFile(path: string, size: number): Promise<void> {
  let written = 0;
  const chunk = Buffer.alloc(MB, 0x62);
  await pipeline(
    new Readable({
      read() {
        if (written >= size) return void this.push(null);
        this.push(written === 0 ? Buffer.concat([PDF_HEAD, chunk.subarray(PDF_HEAD.length)]) : chunk);
        written += MB;
      },
    }),
    createWriteStream(path),
  );
}

describe('uploading large files', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'upload-memory-'));

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('raises the server’s resident memory by less than 64 MB for a 70 MB upload', async () => {
    const path = join(dir, 'statement.pdf');
    await bigFile(path, 70 * MB);
    const db = t.app.get(DataSource);
    const emma = (
      await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer])
    )[0].customer_id;
    const broker = await t.login(PHONES.broker);
    const form = await t
      .http()
      .post('/core/api/v3/forms/')
      .set({ Authorization: `Bearer ${broker.access}` })
      .send({
        customer_id: emma,
        fields: [
          {
            type: 'file',
            name: 'statements',
            caption: 'Bank statements',
            disabled: false,
            tutorial: { description: '', example: '' },
          },
        ],
      });
    const { access } = await t.login(PHONES.customer);

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    // curl sends the file from another process, so the only memory measured here is the server's.
    const status = await new Promise<string>((resolve, reject) => {
      const curl = spawn('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-H',
        `Authorization: Bearer ${access}`,
        '-F',
        `statements=@${path}`,
        `${t.url}/core/api/v3/forms/${form.body.data.code}/files/`,
      ]);
      let out = '';
      curl.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      curl.on('error', reject);
      curl.on('close', () => resolve(out));
    });
    clearInterval(sampler);
    expect(status).toBe('201');
    const stored = (await db.query('SELECT size FROM form_files WHERE code = $1', [form.body.data.code]))[0];
    expect(Number(stored.size)).toBe(70 * MB);
    expect((peak - baseline) / MB).toBeLessThan(64);
  }, 120000);
});
