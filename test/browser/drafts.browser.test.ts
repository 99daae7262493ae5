import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { describeInBrowser, signIn } from '../support/browser.js';
import { DEMO_PASSWORD, openAs, productInBrowser } from '../support/browser-world.js';
import { PHONES } from '../support/test-app.js';

const CLIENT = 'Emma Wilson';

describeInBrowser('a note typed and not sent', () => {
  const world = productInBrowser();

  const openNotes = async (page: Page) => {
    await page.getByRole('button', { name: `Notes of ${CLIENT}` }).click();
    const notes = page.getByRole('dialog', { name: `Client: ${CLIENT}` });
    await notes.waitFor();
    return notes.getByRole('textbox', { name: 'Note' });
  };
  const closeNotes = async (page: Page) => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: `Client: ${CLIENT}` }).waitFor({ state: 'detached' });
  };

  it('is there again when the notes are opened anew and after the session ran out, and gone once signed out', async () => {
    const [context, page] = await openAs(
      world.browser,
      world.t,
      PHONES.principalBroker.slice(1),
      '/dashboard',
    );
    const draft = 'Waiting on the appraisal report before calling';
    await (await openNotes(page)).fill(draft);
    await closeNotes(page);
    await expect((await openNotes(page)).inputValue()).resolves.toBe(draft);
    await closeNotes(page);

    // The session runs out (its cookie is gone): signed in again, the draft is still there.
    await context.clearCookies();
    await page.reload();
    await page.waitForURL(/\/auth/);
    await signIn(page, PHONES.principalBroker.slice(1), DEMO_PASSWORD);
    await page.waitForURL(`${world.t.url}/dashboard`);
    const note = await openNotes(page);
    await expect(note.inputValue()).resolves.toBe(draft);

    // Sent, it is no draft any more.
    await note.press('Enter');
    await page.getByTestId('note').getByText(draft).waitFor();
    await expect(note.inputValue()).resolves.toBe('');
    await note.fill('A second thought');
    await closeNotes(page);

    // Signing out forgets it.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${world.t.url}/auth`);
    await signIn(page, PHONES.principalBroker.slice(1), DEMO_PASSWORD);
    await page.waitForURL(`${world.t.url}/dashboard`);
    await expect((await openNotes(page)).inputValue()).resolves.toBe('');
    await context.close();
  });
});
