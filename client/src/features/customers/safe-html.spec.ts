import { describe, expect, it } from '@jest/globals';
import { escapeHtml, plainTextToHtml } from './safe-html';

describe('event log message text', () => {
  it('escapes markup so a message cannot inject HTML', () => {
    expect(plainTextToHtml('<img src=x onerror="alert(1)"> & <b>hi</b>')).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;hi&lt;/b&gt;',
    );
    expect(escapeHtml(`'"`)).toBe('&#39;&quot;');
  });

  it('keeps line breaks and makes web links clickable', () => {
    expect(plainTextToHtml('Hello Zoe,\nupload here: https://homeward.example/form/ab12/.\nThanks')).toBe(
      'Hello Zoe,<br>upload here: <a href="https://homeward.example/form/ab12/" target="_blank" rel="noopener noreferrer">https://homeward.example/form/ab12/</a>.<br>Thanks',
    );
  });

  it('does not turn javascript: or other schemes into links', () => {
    expect(plainTextToHtml('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(plainTextToHtml(null)).toBe('');
  });
});
