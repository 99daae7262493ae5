import { describe, expect, it } from '@jest/globals';
import { waitInWords } from './rate-limit.guard.js';

describe('the wait a refused attempt is told', () => {
  it('reads as people say it, rounded up', () => {
    expect(waitInWords(1)).toBe('a minute');
    expect(waitInWords(60)).toBe('a minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(801)).toBe('14 minutes');
    expect(waitInWords(900)).toBe('15 minutes');
    expect(waitInWords(24 * 3600)).toBe('24 hours');
  });
});
