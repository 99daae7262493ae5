import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  await t.app.get(SeedService).registerUser(
    {
      role: 'customer',
      phoneNumber: '14165550201',
      firstName: 'Noah',
      lastName: 'Other',
      email: 'noah@example.com',
    },
    'Other#customer1',
  );
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

interface Push {
  type: string;
  stream_type: string;
  stream_id: string;
  customer_id: string | null;
}

function connect(token: string | undefined): Promise<{ socket: Socket; pushes: Push[] }> {
  return new Promise((resolve, reject) => {
    const socket = io(t.url, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const pushes: Push[] = [];
    socket.on('domain-event', (push: Push) => pushes.push(push));
    socket.on('connect', () => resolve({ socket, pushes }));
    socket.on('connect_error', (error) => reject(error));
  });
}

async function me(token: string): Promise<{ user_id: string }> {
  return (await t.http().get('/core/api/v3/users/me/').set(bearer(token))).body.data;
}

describe('realtime gateway', () => {
  it('refuses a handshake without a token or with a bad one', async () => {
    await expect(connect(undefined)).rejects.toThrow(/unauthorized/);
    await expect(connect('not.a.token')).rejects.toThrow(/unauthorized/);
  });

  it('pushes a change to its own user within a second, and never to another customer', async () => {
    const emma = await t.login(PHONES.customer);
    const noah = await t.login('14165550201', 'Other#customer1');
    const emmaSocket = await connect(emma.access);
    const noahSocket = await connect(noah.access);
    const emmaId = (await me(emma.access)).user_id;

    const started = Date.now();
    const changed = await t
      .http()
      .patch('/auth/api/v3/users/me/')
      .set(bearer(emma.access))
      .send({ password: 'Emma#newpass2026' });
    expect(changed.status).toBe(200);

    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no push within a second')), 1000);
      const check = setInterval(() => {
        if (emmaSocket.pushes.some((p) => p.type === 'user.password_changed')) {
          clearTimeout(timer);
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    expect(Date.now() - started).toBeLessThan(1000);
    const push = emmaSocket.pushes.find((p) => p.type === 'user.password_changed')!;
    expect(push).toMatchObject({ stream_type: 'user', stream_id: emmaId });
    expect(JSON.stringify(push)).not.toMatch(/argon2|passwordHash/);

    await t.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(noahSocket.pushes.filter((p) => p.stream_id === emmaId)).toEqual([]);
  });
});
