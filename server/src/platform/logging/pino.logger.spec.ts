import { describe, expect, it } from '@jest/globals';
import { withoutSecrets } from './pino.logger.js';

describe('request logs', () => {
  it('keep the token of a signed file link out of the logged URL', () => {
    expect(withoutSecrets('/core/api/v3/files/eyJhbGciOiJIUzI1NiJ9.eyJrZXkiOiJ4In0.sig/?download=1')).toBe(
      '/core/api/v3/files/[signed-link]/?download=1',
    );
    expect(withoutSecrets('/core/api/v3/customers/?search=emma')).toBe('/core/api/v3/customers/?search=emma');
  });
});
