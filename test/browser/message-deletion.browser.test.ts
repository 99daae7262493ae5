import { expect, it } from '@jest/globals';
import { describeInBrowser } from '../support/browser.js';
import { answerDialog, openAs, uploadedFileWorld } from '../support/browser-world.js';
import { bearer } from '../support/test-app.js';

const BROKER = '4165550101';
const CLIENT = 'Emma Wilson';

describeInBrowser('deleting notes and chat messages in the browser', () => {
  const world = uploadedFileWorld('pay-stub-april.pdf');

  it('deletes a note and a chat message after confirming', async () => {
    const { t, browser, clientId, code, fileId, tokens } = world;
    const [context, broker] = await openAs(browser, t, BROKER, '/dashboard');

    // A note is written in the client's notes...
    await broker
      .getByTestId('client-row')
      .filter({ hasText: CLIENT })
      .getByRole('button', { name: `Notes of ${CLIENT}` })
      .click();
    const notes = broker.getByRole('dialog', { name: `Client: ${CLIENT}` });
    await notes.getByRole('textbox', { name: 'Note' }).fill('Called the employer to confirm the income.');
    await notes.getByRole('textbox', { name: 'Note' }).press('Enter');
    const note = notes.getByTestId('note').filter({ hasText: 'Called the employer to confirm the income.' });
    await note.waitFor();

    // ...kept when the deletion is cancelled, and deleted for good once it is confirmed.
    await note.getByRole('button', { name: 'Delete note' }).click();
    await answerDialog(broker, 'Delete this note?', 'Cancel');
    await expect(note.count()).resolves.toBe(1);
    await note.getByRole('button', { name: 'Delete note' }).click();
    await answerDialog(broker, 'Delete this note?', 'Delete note');
    await note.waitFor({ state: 'detached' });
    await expect(notes.isVisible()).resolves.toBe(true);
    const storedNotes = await t
      .http()
      .get(`/core/api/v3/customers/${clientId}/notes/`)
      .query({ offset: 0, limit: 10, ordering: '-created' })
      .set(bearer(tokens.broker));
    expect(storedNotes.body.data.map((n: { text: string }) => n.text)).not.toContain(
      'Called the employer to confirm the income.',
    );
    await broker.keyboard.press('Escape');
    await notes.waitFor({ state: 'detached' });

    // A chat message about the uploaded pay stub goes the same way.
    await broker.goto(`${t.url}/client/${clientId}/form/${code}`);
    await broker
      .getByTestId('documents-in-progress')
      .getByRole('button', { name: /^Comments to pay-stub-april\.pdf/ })
      .click();
    const chat = broker.getByRole('dialog', { name: /Comments to:/ });
    await chat.getByText('No messages yet..').waitFor();
    await chat.getByPlaceholder('Type a message here').fill('Is this the most recent pay stub?');
    await chat.getByPlaceholder('Type a message here').press('Enter');
    const message = chat.getByTestId('chat-message').filter({ hasText: 'Is this the most recent pay stub?' });
    await message.waitFor();
    await message.getByRole('button', { name: 'Delete message' }).click();
    // Esc answers the confirmation only: the chat stays open with the message.
    await broker.getByRole('dialog', { name: 'Delete this message?' }).waitFor();
    await broker.keyboard.press('Escape');
    await broker.getByRole('dialog', { name: 'Delete this message?' }).waitFor({ state: 'detached' });
    await expect(message.count()).resolves.toBe(1);
    await message.getByRole('button', { name: 'Delete message' }).click();
    await answerDialog(broker, 'Delete this message?', 'Delete message');
    await message.waitFor({ state: 'detached' });
    await chat.getByText('No messages yet..').waitFor();
    const storedComments = await t
      .http()
      .get(`/core/api/v3/forms/${code}/files/${fileId}/comments/`)
      .query({ offset: 0, limit: 10, ordering: '-created' })
      .set(bearer(tokens.broker));
    expect(storedComments.body.data).toEqual([]);

    await context.close();
  }, 120000);
});
