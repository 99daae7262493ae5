import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import type { AppConfig } from '../config/app-config.js';
import { PinoLogger, withoutSecrets } from './pino.logger.js';

/** A server answering every request with the id its log line records, and the lines written so far. */
function loggedServer(logLevel: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logRequest = new PinoLogger({ logLevel } as AppConfig, destination).httpMiddleware();
  // `request.id` is what the log line and the events of the request record.
  const server = createServer((req, res) =>
    logRequest(req as never, res as never, () => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ logged: (req as { id?: unknown }).id }));
    }),
  );
  return { server, lines };
}

describe('request logs', () => {
  it('keep the token of a signed file or lender package link out of the logged URL', () => {
    expect(withoutSecrets('/core/api/v3/files/eyJhbGciOiJIUzI1NiJ9.eyJrZXkiOiJ4In0.sig/?download=1')).toBe(
      '/core/api/v3/files/[signed-link]/?download=1',
    );
    expect(withoutSecrets('/core/api/v3/lender_packages/eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJsIn0.sig/')).toBe(
      '/core/api/v3/lender_packages/[signed-link]/',
    );
    expect(withoutSecrets('/core/api/v3/customers/?search=emma')).toBe('/core/api/v3/customers/?search=emma');
  });

  it('write one line per request: its id, method, path and status, and never its headers', async () => {
    const { server, lines } = loggedServer('info');
    const answer = await request(server)
      .get('/core/api/v3/files/eyJhbGciOiJIUzI1NiJ9.eyJrZXkiOiJ4In0.sig/')
      .set('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.secret')
      .set('Cookie', 'session=secret')
      .set('X-Request-Id', 'trace-7');
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      req: { id: 'trace-7', method: 'GET', url: '/core/api/v3/files/[signed-link]/' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('write no line for a health probe, nor below the info level', async () => {
    const probed = loggedServer('info');
    expect((await request(probed.server).get('/health')).status).toBe(200);
    const quiet = loggedServer('warn');
    expect((await request(quiet.server).get('/core/api/v3/users/me/')).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect([probed.lines, quiet.lines]).toEqual([[], []]);
  });

  describe.each(['info', 'warn'])('log each request under the id its answer names (level %s)', (level) => {
    const API = '/core/api/v3/users/me/';
    const app = loggedServer(level).server;

    it.each(['3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', 'trace-42.A_b', 'x'.repeat(64)])(
      'the caller’s own id when it is a short safe token: %s',
      async (id) => {
        const answer = await request(app).get(API).set('X-Request-Id', id);
        expect(answer.headers['x-request-id']).toBe(id);
        expect(answer.body.logged).toBe(id);
      },
    );

    it.each(['', 'x'.repeat(65), 'two words', 'line\tbreak', '<img src=x>', '../../etc', 'é'])(
      'a new UUID in place of %j',
      async (id) => {
        const answer = await request(app).get(API).set('X-Request-Id', id);
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(answer.headers['x-request-id']).not.toBe(id);
        expect(answer.body.logged).toBe(answer.headers['x-request-id']);
      },
    );

    it('a page or a script of the client is answered without it, though its log line has one', async () => {
      const answer = await request(app).get('/assets/index-1a2b3c.js');
      expect(answer.headers['x-request-id']).toBeUndefined();
      expect(answer.body.logged).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('a new UUID when the caller sends none, different for every request', async () => {
      const [first, second] = [await request(app).get(API), await request(app).get(API)];
      expect(first.body.logged).toBe(first.headers['x-request-id']);
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    });
  });
});
