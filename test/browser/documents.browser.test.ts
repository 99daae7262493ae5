import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Demo#2026pass';
const BROKER = '4165550101';
const CUSTOMER = '4165550103';
const CLIENT = 'Emma Wilson';

/** A small but real PNG (a 1×1 pixel) and a one-page PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/MediaBox[0 0 612 792]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').getByText(text, { exact: true }).first();
const field = (page: Page, caption: string) =>
  page.getByTestId('document-field').filter({ has: page.getByRole('heading', { name: caption }) });

async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport });
  return [context, await context.newPage()];
}

/** What the page offers for building a drop (this file is compiled without the DOM's types). */
interface PageGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown;
  DragEvent: new (
    type: string,
    init: { bubbles: boolean; cancelable: boolean; dataTransfer: unknown },
  ) => unknown;
  atob(data: string): string;
}
interface Droppable {
  dispatchEvent(event: unknown): boolean;
}

/**
 * Drops files onto an element the way a browser does when files are dragged from the desktop: the
 * DataTransfer is built in the page (a synthetic drop), with a pause between the drag events.
 */
async function dropFiles(
  target: Locator,
  files: { name: string; type: string; base64?: string; size?: number }[],
) {
  const handle = await target.evaluateHandle((element, list) => {
    const page = globalThis as unknown as PageGlobals;
    const transfer = new page.DataTransfer();
    for (const file of list) {
      const bytes = file.base64
        ? Uint8Array.from(page.atob(file.base64), (c) => c.charCodeAt(0))
        : new Uint8Array(file.size ?? 0);
      transfer.items.add(new page.File([bytes], file.name, { type: file.type }));
    }
    return { element: element as unknown as Droppable, transfer };
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await handle.evaluate(({ element, transfer }, eventType) => {
      const page = globalThis as unknown as PageGlobals;
      element.dispatchEvent(
        new page.DragEvent(eventType, { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
    }, type);
    await target.page().waitForTimeout(50);
  }
  await handle.dispose();
}

describeInBrowser('documents in the browser', () => {
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

  it('a broker builds and sends a form, the customer uploads, and review and chat reach both live', async () => {
    // The broker builds a form for Emma from a template and a custom field.
    const [brokerContext, broker] = await newPage(browser);
    await broker.goto(`${t.url}/auth`);
    await signIn(broker, BROKER, PASSWORD);
    await broker.waitForURL(`${t.url}/dashboard`);
    const row = broker.getByTestId('client-row').filter({ hasText: CLIENT });
    await row.getByRole('link', { name: 'Create form' }).click();
    await broker.waitForURL(/\/client\/[^/]+\/form\/create$/);
    const clientID = new URL(broker.url()).pathname.split('/')[2];
    await broker.getByRole('link', { name: 'Return to dashboard' }).waitFor();
    await broker.getByTestId('templates').getByText('Employed purchase').waitFor();

    const save = broker.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await broker.getByRole('button', { name: 'Add Government-issued photo ID' }).click();
    await broker.getByRole('button', { name: 'Add Two recent pay stubs' }).click();
    await broker.getByRole('button', { name: 'Add custom field' }).click();
    const editors = broker.getByTestId('field-editor');
    await expect(editors.count()).resolves.toBe(3);
    // Every field gets a name of its own: the template's name and a random suffix.
    await expect(editors.nth(1).getAttribute('data-field')).resolves.toMatch(/^pay_stubs-[0-9a-f]{4}$/);
    await expect(editors.nth(2).getAttribute('data-field')).resolves.toMatch(/^custom-[0-9a-f]{4}$/);
    // A custom field without a caption (or with blanks only) keeps the form from being saved.
    await editors.nth(2).getByRole('textbox', { name: 'Caption' }).fill('   ');
    await expect(save.isDisabled()).resolves.toBe(true);
    await editors.nth(2).getByRole('textbox', { name: 'Caption' }).fill('Void cheque');
    await editors
      .nth(2)
      .getByRole('textbox', { name: 'Description' })
      .fill('A void cheque or a direct deposit form from your bank.');
    await save.click();
    await toast(broker, 'The uploading form has been created.').waitFor();
    await broker.waitForURL(/\/form\/[^/]+\/edit$/);
    const code = new URL(broker.url()).pathname.split('/')[4];
    await broker.getByRole('link', { name: 'Documents review', exact: true }).waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);

    // An edit saves with the client's name in the toast.
    await editors.nth(0).getByRole('textbox', { name: 'Example link' }).fill('https://example.com/photo-id');
    await save.click();
    await toast(broker, `Form for client ${CLIENT} has been successfully edited.`).waitFor();

    // The upload request goes out by e-mail and text message with the link to the form.
    await broker.getByRole('button', { name: 'Send upload request' }).click();
    await broker.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
    await toast(broker, 'The upload request has been successfully sent').waitFor();
    await t.drain();
    const sent = t.outbox.delivered.find((d) => d.text.includes(`/form/${code}/`));
    expect(sent).toBeDefined();
    const link = new URL(/https?:\/\/\S+\/form\/[A-Za-z0-9_-]+\//.exec(sent!.text)![0]);

    // The customer follows the link, signs in and lands on the upload page.
    const [customerContext, customer] = await newPage(browser, { width: 390, height: 844 });
    await customer.goto(`${t.url}${link.pathname}`);
    await customer.waitForURL(/\/auth/);
    await signIn(customer, CUSTOMER, PASSWORD);
    await customer.waitForURL(`${t.url}/form/${code}/`);
    const photoId = field(customer, 'Government-issued photo ID');
    const payStubs = field(customer, 'Two recent pay stubs');
    await photoId.waitFor();
    await expect(photoId.getByRole('link', { name: 'See an example' }).getAttribute('href')).resolves.toBe(
      'https://example.com/photo-id',
    );
    await expect(
      field(customer, 'Void cheque').getByText('A void cheque or a direct deposit form').count(),
    ).resolves.toBe(1);

    // Nothing queued: nothing is sent.
    const uploadButton = customer.getByTestId('upload-bar').getByRole('button', { name: 'Upload documents' });
    await uploadButton.click();
    await toast(customer, 'Please upload at least one document!').waitFor();

    // One file through the file input, one dropped onto its field; a file of 75 MB is refused.
    await photoId.locator('input[type=file]').first().setInputFiles({
      name: 'drivers-licence.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await dropFiles(payStubs.getByTestId('field-dropzone'), [
      { name: 'scan.pdf', type: 'application/pdf', size: 75 * 1024 * 1024 },
    ]);
    await payStubs
      .getByText('File is too large. The file size must be less than 75 megabytes.', { exact: true })
      .waitFor();
    await dropFiles(payStubs.getByTestId('field-dropzone'), [
      { name: 'pay-stub-march.pdf', type: 'application/pdf', base64: PDF.toString('base64') },
    ]);
    await payStubs.getByTestId('queued-file').filter({ hasText: 'pay-stub-march.pdf' }).waitFor();
    await expect(payStubs.getByTestId('queued-file').count()).resolves.toBe(1);
    await customer.getByText('2 files ready to upload').waitFor();

    await uploadButton.click();
    await toast(customer, 'All files are successfully uploaded!').waitFor();
    await expect(customer.getByTestId('queued-file').count()).resolves.toBe(0);
    const customerStatus = (file: string, status: string) =>
      customer.getByRole('button', { name: `Status of ${file}: ${status}` });
    await customerStatus('drivers-licence.png', 'In review').waitFor();
    await customerStatus('pay-stub-march.pdf', 'In review').waitFor();
    // Customers see the status but cannot change it, and see neither client details nor the history.
    await expect(customerStatus('pay-stub-march.pdf', 'In review').isDisabled()).resolves.toBe(true);
    await expect(customer.getByTestId('upload-history').count()).resolves.toBe(0);
    await expect(customer.getByRole('button', { name: 'Check all' }).count()).resolves.toBe(0);

    // The broker reviews: the pay stub has an issue.
    await broker.getByRole('link', { name: 'Documents review', exact: true }).click();
    await broker.waitForURL(`${t.url}/client/${clientID}/form/${code}`);
    const review = broker.getByTestId('documents-in-progress');
    await review.getByRole('button', { name: 'Status of pay-stub-march.pdf: In review' }).click();
    await broker.getByRole('menuitem', { name: 'Issue' }).click();
    await toast(broker, 'File status has been successfully changed.').waitFor();
    await broker
      .getByTestId('upload-history')
      .getByRole('button', { name: 'Status of pay-stub-march.pdf: Issue' })
      .waitFor();

    // ...which the customer's open page shows without a reload.
    await customerStatus('pay-stub-march.pdf', 'Issue').waitFor();

    // The broker writes in the pay stub's chat.
    await review.getByRole('button', { name: /^Comments to pay-stub-march\.pdf/ }).click();
    const brokerChat = broker.getByRole('dialog');
    await brokerChat.getByText('Comments to:').waitFor();
    await brokerChat.getByText('pay-stub-march.pdf', { exact: false }).first().waitFor();
    await brokerChat.getByText('No messages yet..').waitFor();
    const brokerInput = brokerChat.getByPlaceholder('Type a message here');
    await brokerInput.fill('   ');
    await brokerInput.press('Enter');
    await expect(brokerChat.getByTestId('chat-message').count()).resolves.toBe(0);
    await brokerInput.fill('  The bottom of the pay stub is cut off. Could you upload the full page?  ');
    await brokerInput.press('Enter');
    await brokerChat
      .getByTestId('chat-message')
      .getByText('The bottom of the pay stub is cut off. Could you upload the full page?', { exact: true })
      .waitFor();
    await expect(brokerInput.inputValue()).resolves.toBe('');

    // The customer sees the message arrive live, opens the chat and answers.
    const customerChatButton = payStubs.getByRole('button', {
      name: /^Comments to pay-stub-march\.pdf: 1, 1 new/,
    });
    await customerChatButton.waitFor();
    await expect(payStubs.getByText('New!', { exact: true }).isVisible()).resolves.toBe(true);
    await customerChatButton.click();
    const customerChat = customer.getByRole('dialog');
    const incoming = customerChat.getByTestId('chat-message').filter({ hasText: 'cut off' });
    await incoming.waitFor();
    await expect(incoming.getAttribute('data-own')).resolves.toBe('false');
    await expect(incoming.getByText('Liam Gagnon').count()).resolves.toBe(1);
    await customerChat
      .getByPlaceholder('Type a message here')
      .fill('Sorry about that, here is the full page.');
    await customerChat.getByRole('button', { name: 'Send' }).click();
    const answer = customerChat.getByTestId('chat-message').filter({ hasText: 'here is the full page' });
    await answer.waitFor();
    await expect(answer.getAttribute('data-own')).resolves.toBe('true');

    // The broker's open chat shows the answer without a reload.
    await brokerChat
      .getByTestId('chat-message')
      .filter({ hasText: 'Sorry about that, here is the full page.' })
      .waitFor();
    await broker.keyboard.press('Escape');
    await brokerChat.waitFor({ state: 'detached' });
    await customer.keyboard.press('Escape');
    await expect(payStubs.getByText('New!', { exact: true }).count()).resolves.toBe(0);

    // Check all: every document is checked, and the customer's page moves them to the checked list.
    await broker.getByRole('button', { name: 'Check all' }).click();
    await toast(broker, 'All statuses has been changed.').waitFor();
    await broker.locator('button:disabled', { hasText: 'Check all' }).waitFor();
    const checked = customer.getByTestId('documents-checked');
    await checked.getByRole('heading', { name: 'Two recent pay stubs' }).waitFor();
    await checked.getByRole('heading', { name: 'Government-issued photo ID' }).waitFor();
    await expect(
      customer.getByTestId('documents-in-progress').getByRole('heading', { name: 'Void cheque' }).count(),
    ).resolves.toBe(1);

    await brokerContext.close();
    await customerContext.close();
  }, 120000);
});
