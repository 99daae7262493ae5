import { describe, expect, it } from '@jest/globals';
import { connectionNotice, OFFLINE_TEXT, RECONNECTING_TEXT } from './connection-notice.js';

describe('what the page says of its connection', () => {
  it('says nothing while online and live, or while a drop is still short', () => {
    expect(connectionNotice({ online: true, liveLostLong: false })).toBeNull();
  });

  it('says the device is offline, whatever live updates do', () => {
    expect(connectionNotice({ online: false, liveLostLong: false })).toBe(OFFLINE_TEXT);
    expect(connectionNotice({ online: false, liveLostLong: true })).toBe(OFFLINE_TEXT);
  });

  it('says live updates are lost once the drop has lasted', () => {
    expect(connectionNotice({ online: true, liveLostLong: true })).toBe(RECONNECTING_TEXT);
  });
});
