import { expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { describeInBrowser, signIn } from '../support/browser.js';
import { answerDialog, DEMO_PASSWORD, openAs, uploadedFileWorld } from '../support/browser-world.js';
import { bearer } from '../support/test-app.js';

const BROKER = '4165550101';
const CUSTOMER = '4165550103';

const step = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="roadmap-step"][data-step="${name}"]`);
const stepRow = (page: Page, label: string): Locator =>
  page.getByTestId('progress-step').filter({ hasText: label });

describeInBrowser('roadmap progress in the browser', () => {
  const world = uploadedFileWorld('pay-stub-april.pdf');

  it('counts a roadmap step done when its lawyer is assigned, and shows staff an override', async () => {
    const { t, browser, clientId, code, fileId, tokens } = world;
    const [customerContext, customer] = await openAs(browser, t, CUSTOMER, '/roadmap');
    await customer.getByText('0 of 5 steps completed').waitFor();

    // The broker assigns a trusted lawyer: the customer's open roadmap counts the Solicitor step done.
    const lawyers = await t
      .http()
      .get(`/core/api/v3/customers/${clientId}/lawyers/`)
      .query({ offset: 0, limit: 1000, search: 'Chen' })
      .set(bearer(tokens.broker));
    const assigned = await t
      .http()
      .post(`/core/api/v3/customers/${clientId}/lawyers/${lawyers.body.data[0].id}/add/`)
      .set(bearer(tokens.broker));
    expect(assigned.body.data.lawyer_status).toBe('assigned');
    await step(customer, 'lawyers').getByText('Lawyer assigned', { exact: true }).waitFor();
    await customer.getByText('1 of 5 steps completed').waitFor();

    // Every requested document checked: Documents upload is done too.
    const checked = await t
      .http()
      .patch(`/core/api/v3/forms/${code}/files/batch/`)
      .set(bearer(tokens.broker))
      .send([{ id: fileId, status: 'checked' }]);
    expect(checked.status).toBe(200);
    await step(customer, 'uploads').getByText('Completed', { exact: true }).waitFor();
    await customer.getByText('2 of 5 steps completed').waitFor();

    // Staff see why each step is done, and mark the mortgage application done themselves.
    const [brokerContext, broker] = await openAs(browser, t, BROKER, '/dashboard');
    await broker.goto(`${t.url}/client/${clientId}`);
    await stepRow(broker, 'Solicitor').getByText('Lawyer assigned', { exact: true }).waitFor();
    await stepRow(broker, 'Documents upload').getByText('Every requested document is checked').waitFor();
    const solicitorDone = broker.getByRole('switch', { name: 'Solicitor completed' });
    await expect(solicitorDone.isChecked()).resolves.toBe(true);
    await expect(solicitorDone.isDisabled()).resolves.toBe(true);
    await broker.getByRole('switch', { name: 'Mortgage application completed' }).click();
    await answerDialog(broker, 'Are you sure to change client step state?', 'Yes');
    await stepRow(broker, 'Mortgage application')
      .getByText('Marked completed by staff', { exact: true })
      .waitFor();

    await customer.getByText('3 of 5 steps completed').waitFor();
    await step(customer, 'application').getByText('Completed', { exact: true }).waitFor();

    await customerContext.close();
    await brokerContext.close();
  }, 120000);

  it('tells on a phone, before any scrolling, that more of the file waits beside the pills, and closes its menu with Escape', async () => {
    const { t, browser } = world;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(`${t.url}/roadmap`);

    // The pills arrive with the file; the row's right edge then shows that more wait there.
    const pills = page.getByTestId('side-panel-pills');
    await pills.locator('[data-more="after"]').waitFor();
    await expect(pills.locator('[data-more="before"]').count()).resolves.toBe(0);

    const row = pills.getByRole('navigation', { name: 'Your mortgage file' });
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await pills.locator('[data-more="before"]').waitFor();
    await pills.locator('[data-more="after"]').waitFor({ state: 'detached' });

    // The phone menu closes with Escape, as every panel laid over the page does, and focus goes back to its button.
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('button').last().focus();
    await page.keyboard.press('Escape');
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(
      menuButton.evaluate((element) => element === element.ownerDocument.activeElement),
    ).resolves.toBe(true);
    await context.close();
  }, 60000);

  it("shows a signed-in customer their own steps on the home page, not the visitors' example", async () => {
    const { t, browser } = world;
    const [context, page] = await openAs(browser, t, CUSTOMER, '/roadmap');
    const completed = await page.getByText(/^\d of 5 steps completed$/).textContent();
    const done = Number(completed?.[0]);
    const statuses = await page.getByTestId('step-status').allTextContents();

    await page.goto(`${t.url}/`);
    const card = page.getByRole('region', { name: 'Your roadmap' });
    await card.getByText(`${done} of 5 done`, { exact: true }).waitFor();
    await expect(card.getByTestId('step-note').allTextContents()).resolves.toEqual(statuses);
    await card.getByRole('link', { name: 'Open your roadmap' }).click();
    await page.waitForURL(`${t.url}/roadmap`);
    await context.close();

    // A visitor sees the example, which no one may take for a file.
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const home = await visitor.newPage();
    await home.goto(`${t.url}/`);
    await home.getByText('3 of 5 done').waitFor();
    await expect(home.getByRole('region', { name: 'Your roadmap' }).count()).resolves.toBe(0);
    await visitor.close();
  }, 60000);
});
