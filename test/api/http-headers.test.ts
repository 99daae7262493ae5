import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { Response } from 'supertest';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The directives of a Content-Security-Policy header, by name. */
function policyOf(answer: Response): Map<string, string[]> {
  const header = answer.headers['content-security-policy'] as string | undefined;
  expect(header).toBeDefined();
  return new Map(
    header!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** What a page and an API answer alike carry: no sniffing, framing, referrer or opener, over plain HTTP. */
function expectDocumentHeaders(answer: Response): void {
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(answer.headers['x-powered-by']).toBeUndefined();
  expect(answer.headers['strict-transport-security']).toBeUndefined();
}

/** What a page of the client or of the OpenAPI documentation carries. */
function expectHardenedHeaders(answer: Response): void {
  expectDocumentHeaders(answer);
  const permissions = answer.headers['permissions-policy'] as string;
  expect(permissions).toContain('camera=(self)');
  for (const denied of ['geolocation', 'microphone', 'payment', 'usb'])
    expect(permissions).toContain(`${denied}=()`);
  // The client's own scripts only, never inline or evaluated code; no framing, plugins or foreign forms.
  const policy = policyOf(answer);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
}

const built = existsSync('dist/client/index.html');
const withClient = built ? it : it.skip;

/** The largest built script: the one whose compression matters most. */
function largestScript(): string {
  return readdirSync('dist/client/assets')
    .filter((name) => name.endsWith('.js'))
    .sort((a, b) => statSync(`dist/client/assets/${b}`).size - statSync(`dist/client/assets/${a}`).size)[0];
}

/** An answer's bytes as they travel (supertest would decode them). */
function rawAnswer(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${t.url}${path}`, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }),
      );
      answer.on('error', reject);
    }).on('error', reject);
  });
}

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('pages of the web client', () => {
  withClient(
    'are sent under a strict policy, with their settings in a data block that needs no script permission',
    async () => {
      for (const path of ['/', '/auth']) {
        const page = await t.http().get(path).set('Accept', 'text/html');
        expect(page.status).toBe(200);
        expectHardenedHeaders(page);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.text).toContain('<script type="application/json" id="homeward-settings">');
        expect(page.text).not.toMatch(/<script>/);
      }
    },
  );

  withClient('answer HEAD like GET, without a body', async () => {
    const head = await t.http().head('/').set('Accept', 'text/html');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.text ?? '').toBe('');
    expectHardenedHeaders(head);
  });

  withClient('answer HEAD with the same headers as GET, for the page and for an asset', async () => {
    for (const path of ['/roadmap', `/assets/${largestScript()}`]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const ask = { Accept: 'text/html,*/*', 'Accept-Encoding': encoding };
        const got = await t.http().get(path).set(ask);
        const head = await t.http().head(path).set(ask);
        expect(head.status).toBe(200);
        expect(head.text ?? '').toBe('');
        for (const name of [
          'content-type',
          'content-encoding',
          'content-length',
          'cache-control',
          'vary',
          'etag',
        ])
          expect([name, head.headers[name]]).toEqual([name, got.headers[name]]);
      }
    }
  });

  withClient('answer a browser revalidating the page it has with 304 and no body', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const ask = { Accept: 'text/html', 'Accept-Encoding': encoding };
      const page = await t.http().get('/roadmap').set(ask);
      expect(page.headers.etag).toMatch(/^W\/"/);
      const again = await t
        .http()
        .get('/dashboard')
        .set({ ...ask, 'If-None-Match': page.headers.etag });
      expect([encoding, again.status, again.text ?? '']).toEqual([encoding, 304, '']);
    }
  });

  withClient('keep the HTML uncached at every address that answers it', async () => {
    for (const path of [
      '/',
      '/auth',
      '/auth/reset',
      '/dashboard',
      '/client/7/logs',
      '/form/abc123',
      '/index.html',
    ]) {
      const page = await t.http().get(path).set('Accept', 'text/html');
      expect([path, page.status, page.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
      expect(page.text).toContain('id="homeward-settings"');
    }
  });

  withClient(
    'send the page brotli- or gzip-compressed as the browser accepts, and plain otherwise',
    async () => {
      const plain = await rawAnswer('/auth', { Accept: 'text/html' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (const [accepted, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['gzip, br;q=0', 'gzip'],
      ]) {
        const page = await rawAnswer('/auth', { Accept: 'text/html', 'Accept-Encoding': accepted });
        expect(page.headers['content-encoding']).toBe(encoding);
        expect(page.headers.vary).toMatch(/accept-encoding/i);
        expect(page.body.length).toBeLessThan(plain.body.length);
        expect(DECODE[encoding](page.body).toString()).toBe(plain.body.toString());
      }
    },
  );

  withClient('serve hashed assets brotli-compressed with a year-long immutable cache', async () => {
    const script = largestScript();
    const original = readFileSync(`dist/client/assets/${script}`);
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'identity'],
    ]) {
      const asset = await rawAnswer(`/assets/${script}`, { 'Accept-Encoding': accepted });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(DECODE[encoding](asset.body).equals(original)).toBe(true);
      if (encoding === 'br') expect(asset.body.length).toBeLessThan(original.length / 3);
    }
  });

  withClient('compress every text file of the build, stylesheets and public files included', async () => {
    const styles = readdirSync('dist/client/assets').filter((name) => name.endsWith('.css'));
    for (const path of [...styles.map((name) => `/assets/${name}`), '/favicon.svg']) {
      const file = await rawAnswer(path, { 'Accept-Encoding': 'br, gzip' });
      expect([path, file.status, file.headers['content-encoding']]).toEqual([path, 200, 'br']);
    }
  });

  withClient('cache hashed assets for a year, as immutable', async () => {
    const script = readdirSync('dist/client/assets').find((name) => name.endsWith('.js'))!;
    for (const method of ['get', 'head'] as const) {
      const asset = await t.http()[method](`/assets/${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset.headers['x-powered-by']).toBeUndefined();
      // Never revalidated, so no validator is sent with them.
      expect([asset.headers.etag, asset.headers['last-modified']]).toEqual([undefined, undefined]);
    }
    expect((await t.http().get('/assets/index-gone.js')).status).toBe(404);
    const robots = await t.http().get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.headers['last-modified']).toBeDefined();
  });

  withClient("send a script none of the page's policies, which govern documents only", async () => {
    const script = readdirSync('dist/client/assets').find((name) => name.endsWith('.js'))!;
    const asset = await t.http().get(`/assets/${script}`);
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'referrer-policy',
    ])
      expect([name, asset.headers[name]]).toEqual([name, undefined]);
  });

  withClient('answer /robots.txt with crawl rules, not the app', async () => {
    const robots = await t.http().get('/robots.txt').set('Accept', 'text/html,*/*');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).not.toContain('<');
    const rules = robots.text.split('\n');
    expect(rules).toContain('User-agent: *');
    expect(rules).toContain('Disallow: /core/api/');
    expect(rules).toContain('Disallow: /auth/api/');
    // Pages stay open: a signed-out crawler is sent from a private page to the sign-in page.
    expect(rules).not.toContain('Disallow: /');
    expect(rules).not.toContain('Disallow: /roadmap');
  });
});

describe('API answers', () => {
  /** A read, refused and admitted, a HEAD, a refused command and the health probe. */
  async function apiAnswers(): Promise<Response[]> {
    const { access } = await t.login(PHONES.broker);
    const answers = [
      await t.http().get('/health'),
      await t.http().get('/core/api/v3/users/me/').set(bearer(access)),
      await t.http().get('/core/api/v3/users/me/'),
      await t.http().head('/core/api/v3/users/me/').set(bearer(access)),
      await t.http().post('/auth/api/v3/auth/token/obtain/').send({}),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 200, 400]);
    expect(answers[2].body.errors[0].code).toBeDefined();
    return answers;
  }

  it('are never stored by a cache, whether they succeed or are refused', async () => {
    for (const answer of await apiAnswers()) {
      expect(answer.headers['cache-control']).toBe('no-store');
      // Nothing may revalidate what is never stored: no tag is made for it.
      expect(answer.headers.etag).toBeUndefined();
    }
  });

  it('let nothing load in or frame an answer a browser opens, and carry no page policies', async () => {
    for (const answer of await apiAnswers()) {
      expect(Object.fromEntries(policyOf(answer))).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expectDocumentHeaders(answer);
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      // A policy for features a document might use: an answer that runs nothing uses none.
      expect(answer.headers['permissions-policy']).toBeUndefined();
    }
  });

  it('serve the OpenAPI page under a policy it works with', async () => {
    const docs = await t.http().get('/api/docs').redirects(1);
    expect(docs.status).toBe(200);
    expectHardenedHeaders(docs);
  });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP, even when an untrusted caller claims HTTPS', async () => {
    const answer = await t.http().get('/health').set('X-Forwarded-Proto', 'https');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent for a year when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'true' }, seed: false });
    try {
      const overHttps = await proxied.http().get('/health').set('X-Forwarded-Proto', 'https');
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const overHttp = await proxied.http().get('/health').set('X-Forwarded-Proto', 'http');
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('request ids', () => {
  /** The request ids in the metadata of the events a sign-in wrote. */
  async function signInRequestIds(requestId: string): Promise<{ answered: string; recorded: string[] }> {
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const head = Number(
        (await db.query('SELECT COALESCE(MAX(global_position), 0) AS p FROM events')).rows[0].p,
      );
      const answer = await t
        .http()
        .post('/auth/api/v3/auth/token/obtain/')
        .set('X-Request-Id', requestId)
        .send({ phone_number: PHONES.assistant, password: 'Demo#2026pass' });
      expect(answer.status).toBe(200);
      const rows = await db.query(
        `SELECT metadata->>'requestId' AS id FROM events WHERE global_position > $1 AND metadata->>'actorRole' IS DISTINCT FROM 'system'`,
        [head],
      );
      return { answered: answer.headers['x-request-id'] as string, recorded: rows.rows.map((row) => row.id) };
    } finally {
      await db.end();
    }
  }

  it('keep a short safe token the caller sends, in the answer and in the events', async () => {
    const { answered, recorded } = await signInRequestIds('trace-42.A_b');
    expect(answered).toBe('trace-42.A_b');
    expect(recorded.length).toBeGreaterThan(0);
    expect(new Set(recorded)).toEqual(new Set(['trace-42.A_b']));
  });

  it('replace anything else by a new UUID, used alike by the answer and the events', async () => {
    for (const unsafe of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words', '{"$ne":1}']) {
      const { answered, recorded } = await signInRequestIds(unsafe);
      expect(answered).toMatch(UUID);
      expect(recorded.length).toBeGreaterThan(0);
      expect(new Set(recorded)).toEqual(new Set([answered]));
    }
  });

  it('are made up when the caller sends none', async () => {
    const answer = await t.http().get('/health');
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});
