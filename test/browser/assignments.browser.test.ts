import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { describeInBrowser, launchChromium } from '../support/browser.js';
import { answerDialog, openAs } from '../support/browser-world.js';
import { eventually, startTestApp, type TestApp } from '../support/test-app.js';
import { addDays } from '../../machines/pipeline.js';
import { canadianToday } from '../../machines/validation.js';

/** A quote's due date: a month ahead, since a date in the past is refused. */
const dueDate = addDays(canadianToday(), 30);

const BROKER = '4165550101';
const CUSTOMER = '4165550103';
const CLIENT = 'Emma Wilson';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').getByText(text, { exact: true });
const step = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="roadmap-step"][data-step="${name}"]`);
const clientRow = (page: Page) => page.getByTestId('client-row').filter({ hasText: CLIENT });

/** Answers a confirmation dialog by its title. */
const confirmDialog = (page: Page, title: string, button = 'Yes') => answerDialog(page, title, button);

describeInBrowser('lawyer and appraiser assignments and the roadmap in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let clientId: string;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
    const { access } = await t.login('14165550101');
    const list = await t
      .http()
      .get('/core/api/v3/customers/')
      .query({ offset: 0, limit: 10, search: 'Emma', status: '', deal_type: '', broker: '' })
      .set('Authorization', `Bearer ${access}`);
    clientId = (list.body.data as { id: string; first_name: string }[]).find(
      (c) => c.first_name === 'Emma',
    )!.id;
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the customer picks a trusted lawyer, the broker approves, and the open roadmap shows it at once', async () => {
    const [customerContext, customer] = await openAs(browser, t, CUSTOMER, '/roadmap');
    await step(customer, 'lawyers').getByText('Action required').waitFor();
    await step(customer, 'sign_documents').getByRole('button', { name: 'Locked' }).waitFor();
    await expect(
      step(customer, 'sign_documents').getByRole('button', { name: 'Locked' }).isDisabled(),
    ).resolves.toBe(true);

    // The mortgage application opens the external form in a new tab with who is applying.
    const application = step(customer, 'application').getByRole('link', { name: 'Fill out the application' });
    await expect(application.getAttribute('target')).resolves.toBe('_blank');
    const link = new URL((await application.getAttribute('href')) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://apply.homeward.example/mortgage-application');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      first_name: 'Emma',
      last_name: 'Wilson',
      phone_number: '14165550103',
      code: '',
      from: new URL(t.url).host,
    });
    expect(link.searchParams.get('user_id')).toBeTruthy();
    expect(link.searchParams.get('broker_id')).toBeTruthy();
    expect(link.searchParams.has('email')).toBe(true);

    // The add step: search (Enter starts it), choose, check the details, send for approval.
    await step(customer, 'lawyers').getByRole('link', { name: 'Add Lawyer' }).click();
    await customer.waitForURL(/\/lawyer\/add$/);
    await customer
      .getByRole('heading', { name: 'Emma! Assign one of our trusted lawyers or add yours' })
      .waitFor();
    await customer.getByText('If you have your own lawyer, please, add contact details below:').waitFor();
    await customer.getByRole('textbox', { name: 'Search lawyers' }).fill('nobody-by-that-name');
    await customer.getByRole('textbox', { name: 'Search lawyers' }).press('Enter');
    await customer.getByText('No lawyers added yet.').waitFor();
    await customer.getByRole('textbox', { name: 'Search lawyers' }).fill('Chen');
    await customer.getByRole('button', { name: 'Search', exact: true }).click();
    await customer.getByRole('button', { name: 'Choose Michael Chen' }).click();
    await customer.waitForURL(/\/lawyer\/details$/);
    await customer.getByRole('heading', { name: 'ADD MORE DETAILS' }).waitFor();
    await customer.getByRole('textbox', { name: 'Lender', exact: true }).fill('');
    await customer.getByRole('button', { name: 'Send for approval' }).click();
    await customer.getByText('The lender field is required').waitFor();
    await customer.getByRole('textbox', { name: 'Lender', exact: true }).fill('Royal Bank of Canada');
    await customer.getByRole('button', { name: 'Send for approval' }).click();
    await toast(customer, 'The lawyer has been sent for approval').waitFor();
    await customer.waitForURL(/\/lawyer\/selected$/);
    await customer.getByRole('heading', { name: 'Emma! Your lawyer contact details' }).waitFor();
    await customer.getByText('Waiting for approval from your mortgage agent').waitFor();
    await customer.getByTestId('selected-lawyer').getByText('Michael Chen').waitFor();

    // Back on the roadmap, which stays open while the broker works.
    await customer.getByRole('link', { name: 'Dashboard' }).click();
    await customer.waitForURL(/\/roadmap$/);
    await step(customer, 'lawyers').getByText('Waiting for approval').waitFor();

    // The broker sees the pick in the clients list and approves it.
    const [brokerContext, broker] = await openAs(browser, t, BROKER, '/dashboard');
    // Until the pick is approved there is no lawyer to e-mail.
    await clientRow(broker).getByRole('link', { name: 'Lawyer added' }).waitFor();
    const emailLawyer = broker.getByRole('menuitem', { name: 'Email the lawyer' });
    for (let attempt = 1; ; attempt++) {
      await clientRow(broker)
        .getByRole('button', { name: `Actions for ${CLIENT}` })
        .click();
      try {
        await emailLawyer.waitFor({ timeout: 5000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await expect(emailLawyer.isDisabled()).resolves.toBe(true);
    await broker.keyboard.press('Escape');
    await clientRow(broker).getByRole('link', { name: 'Lawyer added' }).click();
    await broker.waitForURL(/\/client\/[0-9a-f-]+\/lawyer\/selected$/);
    await broker.getByText('Waiting for your approval').waitFor();
    await expect(broker.getByRole('button', { name: 'Reject revoke' }).count()).resolves.toBe(0);
    await broker.getByRole('button', { name: 'Approve' }).click();
    await confirmDialog(broker, 'Are you sure to approve this lawyer?');
    await broker.waitForURL(`${t.url}/dashboard`);

    // The customer's open roadmap turns the Solicitor step without a reload.
    await step(customer, 'lawyers').getByText('Lawyer assigned').waitFor();
    await customer.getByTestId('team-lawyer').getByText('Michael Chen').waitFor();

    await customerContext.close();
    await brokerContext.close();
  }, 120000);

  it('the broker filters appraisers, requests quotes from two, assigns one and approves; the customer sees the appraiser', async () => {
    const [customerContext, customer] = await openAs(browser, t, CUSTOMER, '/roadmap');
    await step(customer, 'appraisers').getByText('The appraiser has not been added yet').waitFor();
    await step(customer, 'appraisers').getByText('Please wait for the appraiser to be added').waitFor();

    const [brokerContext, broker] = await openAs(browser, t, BROKER, '/dashboard');
    await clientRow(broker).getByRole('link', { name: 'Assign Appraiser' }).click();
    await broker.waitForURL(/\/appraiser\/dashboard$/);
    await broker.getByRole('heading', { name: 'Please, add an appraiser' }).waitFor();
    await broker.getByText('Result: Any location, All banks').waitFor();

    // Filters: a bank and a location (Enter starts the search).
    await broker.getByRole('combobox', { name: 'Bank' }).click();
    await broker.getByRole('option', { name: 'Royal Bank of Canada', exact: true }).click();
    await broker.getByText('Result: Any location, Royal Bank of Canada').waitFor();
    await broker.getByRole('textbox', { name: 'Location' }).fill('Nowhere');
    await broker.getByRole('textbox', { name: 'Location' }).press('Enter');
    await broker.getByText('Appraisers not found').waitFor();
    await broker.getByRole('textbox', { name: 'Location' }).fill('Toronto');
    await broker.getByRole('textbox', { name: 'Location' }).press('Enter');
    await broker.getByText('Result: Toronto, Royal Bank of Canada').waitFor();
    await broker.getByRole('checkbox', { name: 'Select Ethan Clarke' }).check();
    await broker.getByRole('checkbox', { name: 'Select Jacob Fraser' }).check();

    // The filters and the chosen appraisers survive a reload.
    await broker.reload();
    await broker.getByText('Result: Toronto, Royal Bank of Canada').waitFor();
    await expect(broker.getByRole('checkbox', { name: 'Select Ethan Clarke' }).isChecked()).resolves.toBe(
      true,
    );
    await expect(broker.getByRole('checkbox', { name: 'Select Jacob Fraser' }).isChecked()).resolves.toBe(
      true,
    );

    // A search that hides the chosen appraisers says so; they stay chosen.
    await broker.getByRole('textbox', { name: 'Location' }).fill('Nowhere');
    await broker.getByRole('textbox', { name: 'Location' }).press('Enter');
    await broker.getByText('2 selected appraisers are not in this result', { exact: false }).waitFor();
    await broker.getByRole('textbox', { name: 'Location' }).fill('Toronto');
    await broker.getByRole('textbox', { name: 'Location' }).press('Enter');
    await broker.getByText('Result: Toronto, Royal Bank of Canada').waitFor();
    await broker.getByTestId('appraisers-selected-outside').waitFor({ state: 'detached' });

    // The quote request to both.
    await broker.getByRole('button', { name: 'Request a quote' }).click();
    await broker.waitForURL(/\/appraiser\/quote-request$/);
    await broker
      .getByRole('heading', { name: 'Please, double check all details below and click send' })
      .waitFor();
    await broker.getByRole('button', { name: 'Send', exact: true }).click();
    await broker.getByText('The LTV field is required').waitFor();
    await toast(broker, 'One or more form fields are invalid.').waitFor();
    await broker.getByRole('textbox', { name: 'LTV' }).fill('80');
    await broker.getByRole('textbox', { name: 'Expected value' }).fill('650000');
    await broker.getByRole('textbox', { name: 'Due date' }).fill(dueDate);
    await broker.getByRole('textbox', { name: 'Comment' }).click();
    await broker.getByRole('textbox', { name: 'Comment' }).fill('Keys with the listing agent.');
    await broker.getByRole('button', { name: 'Send', exact: true }).click();
    await confirmDialog(broker, 'Start sending requests to appraisals?', 'Send');
    await toast(broker, 'The appraisers requests has been sent').waitFor();
    await broker.waitForURL(/\/appraiser\/dashboard$/);
    await expect(broker.getByRole('checkbox', { name: 'Select Ethan Clarke' }).isChecked()).resolves.toBe(
      false,
    );
    await broker
      .getByTestId('appraiser-row')
      .filter({ hasText: 'Ethan Clarke' })
      .getByText(/Quote requested/)
      .waitFor();
    // Each of the two appraisers gets the request by e-mail.
    await t.drain();
    const recipients = t.outbox.delivered.filter((d) => d.channel === 'email').map((d) => d.to);
    expect(recipients).toEqual(
      expect.arrayContaining(['ethan@clarkeappraisals.example', 'jacob@fraserappraisals.example']),
    );

    // Nothing selected: the quote request page goes back to the dashboard.
    await broker.goto(`${t.url}/client/${clientId}/appraiser/quote-request`);
    await broker.waitForURL(/\/appraiser\/dashboard$/);

    // Assign one of them with the add-details form.
    await broker.getByRole('checkbox', { name: 'Select Ethan Clarke' }).check();
    await broker.getByRole('button', { name: 'Assign appraiser' }).click();
    await broker.waitForURL(/\/appraiser\/details$/);
    await broker.getByText('Client details').waitFor();
    // The form starts from what the quote request to this appraiser said.
    const expectedValue = broker.getByRole('textbox', { name: 'Expected value' });
    await eventually(async () => expect(await expectedValue.inputValue()).toBe('$650,000'));
    // The date field shows a value given to it one render later than the plain inputs.
    await eventually(async () =>
      expect(await broker.getByRole('textbox', { name: 'Expected completion date' }).inputValue()).toBe(
        dueDate,
      ),
    );
    await expect(broker.getByRole('textbox', { name: 'Notes' }).inputValue()).resolves.toBe(
      'Keys with the listing agent.',
    );
    await broker.getByRole('textbox', { name: 'Expected completion date' }).fill(addDays(dueDate, 14));
    await broker.getByRole('combobox', { name: 'Access details' }).click();
    await broker.getByRole('option', { name: 'Lockbox' }).click();
    await broker.getByRole('textbox', { name: "Underwriter's e-mail" }).fill('underwriting@rbc.example');
    await broker.getByRole('textbox', { name: 'Mortgage number' }).fill('RBC-2026-1001');
    await broker.getByRole('textbox', { name: 'Underwriter', exact: true }).fill('Nora Patel');
    await broker.getByRole('button', { name: 'Assign', exact: true }).click();
    await confirmDialog(broker, 'Assign this appraiser to the client?', 'Assign');
    await toast(broker, 'Appraiser has been added to the client').waitFor();

    // The dashboard sends a client with an appraiser to the selected page, where the broker approves.
    await broker.waitForURL(new RegExp(`/client/${clientId}/appraiser$`));
    await broker.getByRole('heading', { name: 'Assigned appraiser contact details' }).waitFor();
    await step(customer, 'appraisers').getByText('Waiting for approval').waitFor();
    await broker.getByRole('button', { name: 'Approve' }).click();
    await confirmDialog(broker, 'Are you sure to approve this appraiser?');
    await broker.getByTestId('selected-appraiser').getByText('Appraiser assigned').waitFor();
    await expect(broker.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);

    // The customer's roadmap and appraiser page show the appraiser.
    await step(customer, 'appraisers').getByText('Appraiser assigned').waitFor();
    await step(customer, 'appraisers').getByRole('link', { name: 'View appraiser' }).click();
    await customer.waitForURL(/\/appraiser\/selected$/);
    await customer.getByRole('heading', { name: 'Emma! Your appraiser contact details' }).waitFor();
    await customer.getByTestId('selected-appraiser').getByText('Ethan Clarke').waitFor();
    await customer.getByTestId('selected-appraiser').getByText('+1 416 555 0220').waitFor();

    await customerContext.close();
    await brokerContext.close();
  }, 150000);

  it('shows the congratulation banner once the broker completes every step', async () => {
    const [customerContext, customer] = await openAs(browser, t, CUSTOMER, '/roadmap');
    const banner = customer.getByText('Congratulations Emma! Your file to ready for funding!', {
      exact: true,
    });
    await step(customer, 'application').waitFor();
    await expect(banner.count()).resolves.toBe(0);

    // Four steps through the API, the last one through the switches of the client's page.
    const { access } = await t.login('14165550101');
    const done = ['application', 'uploads', 'lawyers', 'appraisers'];
    const answer = await t
      .http()
      .patch(`/core/api/v3/customers/${clientId}/steps/`)
      .set('Authorization', `Bearer ${access}`)
      .send(
        ['application', 'uploads', 'lawyers', 'appraisers', 'sign_documents'].map((name) => ({
          step: name,
          is_active: true,
          is_completed: done.includes(name),
        })),
      );
    expect(answer.status).toBe(200);
    await customer.getByText('4 of 5 steps completed').waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await step(customer, 'sign_documents')
      .getByText('Please check your email and sign all required documents')
      .waitFor();

    const [brokerContext, broker] = await openAs(browser, t, BROKER, '/dashboard');
    await broker.goto(`${t.url}/client/${clientId}`);
    await broker.getByRole('switch', { name: 'Sign documents completed' }).click();
    await confirmDialog(broker, 'Are you sure to change client step state?');

    await banner.waitFor();
    await customer.getByText('5 of 5 steps completed').waitFor();

    await customerContext.close();
    await brokerContext.close();
  }, 120000);
});
