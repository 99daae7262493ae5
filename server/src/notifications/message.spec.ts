import { describe, expect, it } from '@jest/globals';
import { DEFAULT_BROKERAGE } from '../../../machines/brokerage.js';
import {
  BROKERAGE_PLACEHOLDER,
  emailMessage,
  fromBrokerage,
  masked,
  MASK,
  newPasswordText,
  render,
  smsMessage,
  textToHtml,
  welcomeText,
} from './message.js';

describe('message texts', () => {
  const template = 'Your new Homeward password is {password}. Sign in at http://localhost:3000/auth.';

  it('renders the password only into the text that is delivered', () => {
    expect(render(template, 'Ab3#xyZ9pq!k')).toBe(
      'Your new Homeward password is Ab3#xyZ9pq!k. Sign in at http://localhost:3000/auth.',
    );
  });

  it('masks the password in the text that is recorded', () => {
    expect(masked(template)).toBe(
      `Your new Homeward password is ${MASK}. Sign in at http://localhost:3000/auth.`,
    );
  });

  it.each([
    ['welcome', welcomeText('Ann', 'http://localhost:3000')],
    ['new password', newPasswordText('http://localhost:3000')],
  ])('ends the %s text message with the password alone on its own line, nothing after it', (_, text) => {
    const password = 'Ab3#xyZ9pq!k';
    const lines = render(text, password).split('\n');
    expect(lines.at(-1)).toBe(password);
    expect(lines.slice(0, -1).join('\n')).not.toContain(password);
    expect(masked(text).split('\n').at(-1)).toBe(MASK);
  });

  it('escapes every character of an e-mail that HTML would read as markup, keeping the line breaks', () => {
    expect(textToHtml('Hello Ann,\n\nSmith & <b>Jones</b> "LLP"\nToronto')).toBe(
      '<!doctype html><html><body><p>Hello Ann,</p><p>Smith &amp; &lt;b&gt;Jones&lt;/b&gt; &quot;LLP&quot;<br>Toronto</p></body></html>',
    );
  });

  it('gives an e-mail its escaped HTML body and a text message none', () => {
    const fields = { id: '1-x', to: 'a@b.ca', recipientUserId: null, rel: null, subject: 'S', text: 'A <i>' };
    expect(emailMessage(fields)).toMatchObject({
      channel: 'email',
      html: expect.stringContaining('A &lt;i&gt;'),
    });
    expect(smsMessage(fields)).toEqual({ ...fields, channel: 'sms' });
  });

  it('names the brokerage as its Settings say when sent, and signs and answers an e-mail to it', () => {
    const brokerage = {
      ...DEFAULT_BROKERAGE,
      name: 'Maple & Oak Mortgages',
      email: 'hello@mapleoak.example',
    };
    const fields = {
      id: '1-y',
      to: 'a@b.ca',
      recipientUserId: null,
      rel: null,
      subject: 'S',
      text: `Thank you for choosing ${BROKERAGE_PLACEHOLDER}!`,
    };
    expect(fromBrokerage(smsMessage(fields), brokerage).text).toBe(
      'Thank you for choosing Maple & Oak Mortgages!',
    );
    const email = fromBrokerage(emailMessage(fields), brokerage);
    expect(email.text).toMatch(/^Thank you for choosing Maple & Oak Mortgages!\n\nMaple & Oak Mortgages\n/);
    expect(email.html).toContain('Maple &amp; Oak Mortgages');
    expect(email.replyTo).toBe('hello@mapleoak.example');
  });
});
