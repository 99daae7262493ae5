import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Demo#2026pass';
const CLIENT = 'Ava Martin';

async function openDashboard(browser: Browser, t: TestApp, phone: string): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  const page = await context.newPage();
  await page.goto(`${t.url}/auth`);
  await signIn(page, phone, PASSWORD);
  await page.waitForURL(`${t.url}/dashboard`);
  await page.getByTestId('client-row').first().waitFor();
  return [context, page];
}

/** Picks an option of a Mantine select by its accessible name. */
async function choose(page: Page, scope: Locator, name: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').getByText(text, { exact: true });
/**
 * Picks an item of the client's actions menu, once the toasts that may cover it are closed. Live updates
 * re-render the row while the test clicks; a menu that did not open (or closed as its row re-rendered) is
 * opened again.
 */
async function pickAction(page: Page, item: string): Promise<void> {
  // A toast over the button pauses while the pointer rests on it, so it never leaves by itself.
  const closers = page.locator('.mantine-Notification-root').getByRole('button');
  for (let round = 0; round < 10 && (await closers.count()) > 0; round++) {
    await closers
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(250);
  }
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: `Actions for ${CLIENT}` }).click();
    try {
      await page.getByRole('menuitem', { name: item }).click({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

const row = (page: Page) => page.getByTestId('client-row').filter({ hasText: CLIENT });

describeInBrowser('the staff clients workspace in the browser', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lets a principal broker create, edit, cancel, note and delete a client while an assistant watches live', async () => {
    const [brokerContext, broker] = await openDashboard(browser, t, '4165550100');
    const [assistantContext, assistant] = await openDashboard(browser, t, '4165550102');

    // The assistant looks at every status and searches for the client to come.
    await choose(assistant, assistant.locator('body'), 'Status', 'All statuses');
    await assistant.getByRole('textbox', { name: 'Search clients' }).fill('Martin');
    await assistant.getByRole('textbox', { name: 'Search clients' }).press('Enter');
    await assistant.getByText('No client matches “Martin”.').waitFor();

    // Create: the form refuses an incomplete client, then saves a complete one.
    await broker.getByRole('button', { name: 'Create new client' }).click();
    const create = broker.getByTestId('create-client-panel');
    await expect(create.getByRole('heading', { name: 'New applicant details' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(create.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await create.getByRole('textbox', { name: 'First name', exact: true }).fill('Ava');
    await create.getByRole('button', { name: 'Save' }).click();
    await toast(broker, 'One or more form fields are invalid.').waitFor();
    await create.getByText('The last name field is required').waitFor();

    await create.getByRole('textbox', { name: 'Last name', exact: true }).fill('Martin');
    await create.getByRole('textbox', { name: 'Email', exact: true }).fill('ava.martin@example.com');
    await create.getByRole('textbox', { name: 'Phone number', exact: true }).fill('4165550199');
    await create.getByRole('textbox', { name: 'Lender', exact: true }).fill('Royal Bank of Canada');
    await choose(broker, create, 'Broker', 'Liam Gagnon');
    await choose(broker, create, 'Assistant', 'Chloe Roy');
    await create.getByRole('textbox', { name: 'Broker notes' }).fill('Referred by Zoe Mitchell.');
    await create.getByRole('button', { name: 'Save' }).click();
    await toast(broker, `Client ${CLIENT} has been successfully added.`).waitFor();

    // The assistant sees the new client without reloading.
    await row(assistant).waitFor();
    await expect(row(assistant).getByText('HW-', { exact: false }).count()).resolves.toBe(1);

    // Edit: Save and Reset wait for a change; a new Filogix number asks about the folder.
    await broker.getByRole('textbox', { name: 'Search clients' }).fill('Martin');
    await broker.getByRole('textbox', { name: 'Search clients' }).press('Enter');
    await choose(broker, broker.locator('body'), 'Status', 'All statuses');
    await row(broker).first().waitFor();
    await pickAction(broker, 'Edit client');
    const edit = broker.getByTestId('edit-client-panel');
    await edit.getByRole('heading', { name: 'Applicant details' }).waitFor();
    await expect(edit.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await expect(edit.getByRole('button', { name: 'Reset' }).isDisabled()).resolves.toBe(true);
    await edit.getByRole('textbox', { name: 'Lender', exact: true }).fill('TD Canada Trust');
    await edit.getByRole('textbox', { name: 'Second applicant first name' }).fill('Noah');
    await edit.getByRole('textbox', { name: 'Second applicant phone number' }).fill('41655');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(broker, 'One or more form fields are invalid.').last().waitFor();
    await edit
      .getByText('The second applicant phone number field must be numeric and exactly contain 10 digits')
      .waitFor();
    await edit.getByRole('textbox', { name: 'Second applicant phone number' }).fill('4165550198');
    await edit.getByRole('textbox', { name: 'Filogix number' }).fill('FX-2026-01');
    await edit.getByRole('button', { name: 'Save' }).click();
    const folder = broker.getByRole('dialog', { name: 'Filogix number changed' });
    await folder.getByRole('button', { name: /Rename the existing folder/ }).click();
    await toast(broker, `Client ${CLIENT} has been successfully edited.`).waitFor();
    await row(broker).getByText('FX-2026-01').waitFor();

    // Changing the Filogix number again and cancelling the folder question saves nothing.
    // (Pipeline and back first, so the dashboard has a page of the product before it in the history.)
    await broker.getByRole('banner').getByRole('link', { name: 'Pipeline' }).click();
    await broker.waitForURL(/\/pipeline$/);
    await broker.getByRole('banner').getByRole('link', { name: 'Homeward home' }).click();
    await row(broker).first().waitFor();
    await pickAction(broker, 'Edit client');
    await edit.getByRole('textbox', { name: 'Filogix number' }).fill('FX-2026-02');
    await edit.getByRole('button', { name: 'Save' }).click();
    await folder.getByRole('button', { name: 'Cancel' }).click();
    await toast(broker, 'The changes were not saved.').waitFor();
    await folder.waitFor({ state: 'detached' });
    // Following a link to another page with the change still typed asks first; staying keeps it.
    const leave = broker.getByRole('dialog', { name: 'Leave without saving?' });
    const page = new URL(broker.url()).pathname;
    await broker.getByRole('banner').getByRole('link', { name: 'Pipeline' }).click();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(broker.url()).pathname).toBe(page);
    expect(await edit.getByRole('textbox', { name: 'Filogix number' }).inputValue()).toBe('FX-2026-02');
    // So does the browser's back button.
    await broker.goBack();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(broker.url()).pathname).toBe(page);
    expect(await edit.getByRole('textbox', { name: 'Filogix number' }).inputValue()).toBe('FX-2026-02');
    // Esc with the change still typed asks before dropping it.
    await broker.keyboard.press('Escape');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(broker).getByText('FX-2026-01').waitFor();

    // A status change to cancelled opens the notes for the reason; the assistant sees the new status live.
    await row(broker)
      .getByRole('button', { name: `Status of ${CLIENT}: Active` })
      .click();
    await broker.getByRole('menuitem', { name: 'Cancelled' }).click();
    await toast(broker, "The client's status has been changed.").waitFor();
    await assistant.getByRole('button', { name: `Status of ${CLIENT}: Cancelled` }).waitFor();

    const notes = broker.getByRole('dialog', { name: `Client: ${CLIENT}` });
    await notes.waitFor();
    await notes.getByTestId('note').getByText('Referred by Zoe Mitchell.').waitFor();

    // The assistant has the same notes open and sees the new one arrive.
    await row(assistant)
      .getByRole('button', { name: `Notes of ${CLIENT}` })
      .click();
    const assistantNotes = assistant.getByRole('dialog', { name: `Client: ${CLIENT}` });
    await assistantNotes.getByTestId('note').getByText('Referred by Zoe Mitchell.').waitFor();

    await notes.getByRole('textbox', { name: 'Note' }).fill('Client chose another lender.');
    await notes.getByRole('textbox', { name: 'Note' }).press('Enter');
    await notes.getByTestId('note').getByText('Client chose another lender.').waitFor();
    await expect(notes.getByTestId('note').count()).resolves.toBe(2);
    await broker.keyboard.press('Escape');
    await notes.waitFor({ state: 'detached' });
    await assistantNotes.getByTestId('note').getByText('Client chose another lender.').waitFor();
    await assistant.keyboard.press('Escape');
    await assistantNotes.waitFor({ state: 'detached' });

    // Copy the e-mail.
    await row(broker).getByRole('button', { name: 'Copy e-mail' }).click();
    await toast(broker, 'Email ava.martin@example.com successfully copied').waitFor();

    // Delete, after the confirmation with the name and the formatted phone.
    await pickAction(broker, 'Delete client');
    const confirm = broker.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText(CLIENT, { exact: true }).waitFor();
    await confirm.getByText('+1 416 555 0199', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete client' }).click();
    await toast(broker, `Client ${CLIENT} has been permanently deleted`).waitFor();
    await broker.getByText('No client matches “Martin”.').waitFor();

    // And the assistant's list empties without a reload; clearing the search shows the other clients.
    await assistant.getByText('No client matches “Martin”.').waitFor();
    await assistant.getByRole('button', { name: 'Clear the search' }).last().click();
    await assistant.getByTestId('client-row').first().waitFor();

    await brokerContext.close();
    await assistantContext.close();
  }, 120000);

  it('answers an address naming no client with the not-found note alone, never a server message', async () => {
    const [context, page] = await openDashboard(browser, t, '4165550100');
    await page.goto(`${t.url}/client/nonsense/logs`);
    await page.getByText('Client not found').waitFor();
    await expect(page.getByText(/Validation failed|in the path/).count()).resolves.toBe(0);
    await expect(page.getByRole('table', { name: 'Event log' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Logs' }).count()).resolves.toBe(0);
    await context.close();
  }, 60000);

  it('remembers the list filters across a reload and shows the event log and audit trail', async () => {
    const [context, page] = await openDashboard(browser, t, '4165550100');
    await choose(page, page.locator('body'), 'Status', 'Approved');
    await choose(page, page.locator('body'), 'Deal type', 'Refinance');
    await page.getByRole('textbox', { name: 'Search clients' }).fill('Bergeron');
    await page.getByRole('textbox', { name: 'Search clients' }).press('Enter');
    await page.getByTestId('client-row').filter({ hasText: 'Nathan Bergeron' }).waitFor();
    await page.reload();
    await page.getByTestId('client-row').filter({ hasText: 'Nathan Bergeron' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Search clients' }).inputValue()).resolves.toBe(
      'Bergeron',
    );
    await expect(page.getByRole('combobox', { name: 'Deal type' }).inputValue()).resolves.toBe('Refinance');
    await expect(page.getByRole('combobox', { name: 'Status' }).inputValue()).resolves.toBe('Approved');
    await expect(page.getByTestId('client-row').count()).resolves.toBe(1);

    // Resend the password, then read the text message in the event log.
    await page.getByRole('button', { name: 'Actions for Nathan Bergeron' }).click();
    await page.getByRole('menuitem', { name: 'Resend password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resend password' }).click();
    await toast(page, 'The password has been successfully sent').waitFor();
    await page.getByRole('button', { name: 'Actions for Nathan Bergeron' }).click();
    await page.getByRole('menuitem', { name: 'View logs' }).click();
    await page.waitForURL(/\/client\/[0-9a-f-]+\/logs$/);
    const log = page.getByRole('table', { name: 'Event log' });
    await log.getByText('Text message').waitFor();
    await expect(log.getByText('+1 416 555 0121').count()).resolves.toBe(1);
    await expect(log.locator('a[href$="/auth"]').count()).resolves.toBe(1);

    await page.getByRole('tab', { name: 'Audit trail' }).click();
    const trail = page.getByRole('table', { name: 'Audit trail' });
    await trail.getByText('customer.created', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-trail-HW-[A-Z0-9]+\.csv$/);
    await context.close();
  }, 90000);
});
