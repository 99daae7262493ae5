import { expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describeInBrowser } from '../support/browser.js';
import { openAs, uploadedFileWorld } from '../support/browser-world.js';
import { bearer, eventually, PHONES } from '../support/test-app.js';
import { FORM_FIELD } from '../support/world.js';
import { csvRecords, unzip } from '../support/zip.js';

/** Staff follow a client's document reminders and download the lender package from the review page. */
describeInBrowser('reminders and the lender package on the documents review page', () => {
  const world = uploadedFileWorld('pay-stub.pdf');

  const setStatus = (status: string) =>
    world.t
      .http()
      .patch(`/core/api/v3/forms/${world.code}/files/batch/`)
      .set(bearer(world.tokens.broker))
      .send([{ id: world.fileId, status }])
      .expect(200);

  async function reviewPage(): Promise<Page> {
    const [, page] = await openAs(world.browser, world.t, PHONES.broker, '/dashboard');
    await page.goto(`${world.t.url}/client/${world.clientId}/form/${world.code}`);
    return page;
  }

  it('shows the next reminder once the upload request is sent, sends one now and pauses them', async () => {
    const { t } = world;
    await setStatus('issue');
    await t
      .http()
      .post(`/core/api/v3/customers/${world.clientId}/notify/`)
      .set(bearer(world.tokens.broker))
      .send({ notify_type: 'form_sent' })
      .expect(200);
    await t.drain();
    const page = await reviewPage();
    const status = page.getByTestId('reminders-status');
    await status.getByText(/^Next reminder on /).waitFor();

    const sentBefore = t.outbox.delivered.length;
    await status.getByRole('button', { name: 'Send reminder now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reminder' }).click();
    await page.getByText('Reminder sent').waitFor();
    const reminder = await eventually(() => {
      const text = t.outbox.delivered.slice(sentBefore).find((m) => m.text.includes(FORM_FIELD.caption));
      if (!text) throw new Error('no reminder yet');
      return text;
    });
    expect(reminder.text).toContain(`/form/${world.code}`);

    await status.getByRole('button', { name: 'Pause reminders' }).click();
    await status.getByText('Reminders paused').waitFor();
    await page.context().close();
  });

  it('downloads a lender package whose index matches its files and whose checksums verify', async () => {
    await setStatus('checked');
    const page = await reviewPage();
    const button = page.getByRole('button', { name: 'Download lender package' });
    await page.locator('[data-testid=lender-package] button:not([disabled])').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^Lender package - Emma Wilson - \d{4}-\d{2}-\d{2}\.zip$/);
    const entries = Object.fromEntries(
      (await unzip(await readFile(await download.path()))).map((e) => [e.name, e.bytes]),
    );
    const rows = csvRecords(entries['index.csv'].toString('utf8'));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    const name = Object.values(row).find((cell) => cell.endsWith('pay-stub.pdf'))!;
    expect(name).toBe(`01 ${FORM_FIELD.caption} - pay-stub.pdf`);
    expect(Object.keys(entries).sort()).toEqual(['index.csv', 'index.pdf', name].sort());
    const sha = createHash('sha256').update(entries[name]).digest('hex');
    expect(Object.values(row)).toContain(sha);
    expect(entries['index.pdf'].subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });
});
