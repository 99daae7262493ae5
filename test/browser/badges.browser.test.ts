import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { messageBadgeLabel, updatesBadgeLabel } from '../../machines/inbox.js';
import { describeInBrowser } from '../support/browser.js';
import { openAs, uploadedFileWorld } from '../support/browser-world.js';
import { PDF_MINIMAL, uploadMultipart } from '../support/multipart-upload.js';
import { bearer, PHONES } from '../support/test-app.js';
import { FORM_FIELD } from '../support/world.js';

/** The header's message badge and bell count what others do, live, and clear in every open browser. */
describeInBrowser("the header's badges", () => {
  const world = uploadedFileWorld('bank-statement.pdf');

  async function counts(token: string): Promise<{ messages: number; updates: number }> {
    await world.t.drain();
    const [messages, updates] = await Promise.all([
      world.t.http().get('/core/api/v3/inbox/messages/').set(bearer(token)),
      world.t.http().get('/core/api/v3/inbox/updates/').set(bearer(token)),
    ]);
    return { messages: messages.body.data.unread, updates: updates.body.data.unread };
  }

  const messagesButton = (page: Page, count: number) =>
    page.getByRole('button', {
      name: count > 0 ? `Messages, ${messageBadgeLabel(count)} unread` : 'Messages',
      exact: true,
    });
  const bellButton = (page: Page, count: number) =>
    page.getByRole('button', {
      name: count > 0 ? `Notifications, ${updatesBadgeLabel(count)} unread` : 'Notifications',
      exact: true,
    });

  it("counts a customer's message and upload for the broker in two browsers, and clears in both", async () => {
    const { t, browser } = world;
    const [firstContext, first] = await openAs(browser, t, PHONES.broker, '/dashboard');
    const [secondContext, second] = await openAs(browser, t, PHONES.broker, '/dashboard');
    const before = await counts(world.tokens.broker);

    // The customer writes about the file and uploads another: both browsers count them without a reload.
    await t
      .http()
      .post(`/core/api/v3/forms/${world.code}/files/${world.fileId}/comments/`)
      .set(bearer(world.tokens.customer))
      .field('text', 'Here is the statement you asked for.')
      .expect(201);
    await uploadMultipart(`${t.url}/core/api/v3/forms/${world.code}/files/`, world.tokens.customer, [
      { field: FORM_FIELD.name, fileName: 'second-statement.pdf', body: PDF_MINIMAL },
    ]);
    const after = await counts(world.tokens.broker);
    expect(after.messages).toBe(before.messages + 1);
    expect(after.updates).toBeGreaterThan(before.updates);
    for (const page of [first, second]) {
      await messagesButton(page, after.messages).waitFor();
      await bellButton(page, after.updates).waitFor();
    }

    // The conversation is listed; opening it leads to the file's review page.
    await messagesButton(first, after.messages).click();
    const conversation = first.getByRole('button', { name: /Emma Wilson.*Chat · bank-statement\.pdf/ });
    await conversation.click();
    await first.waitForURL(`${t.url}/client/${world.clientId}/form/${world.code}`);

    // 'Mark all read' in one browser clears the bell in both.
    await bellButton(first, after.updates).click();
    await first.getByText('Emma Wilson uploaded', { exact: false }).first().waitFor();
    await first.getByRole('button', { name: 'Mark all read' }).click();
    await bellButton(first, 0).waitFor();
    await bellButton(second, 0).waitFor();

    await firstContext.close();
    await secondContext.close();
  });
});
