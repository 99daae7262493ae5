import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import {
  bearer,
  eventually,
  PHONES,
  refreshCookieOf,
  startTestApp,
  type TestApp,
} from '../support/test-app.js';
import { REFRESH_RACE_SECONDS } from '../../server/src/auth/session.decider.js';
import { Clock } from '../../server/src/platform/clock.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import {
  deleteClient,
  registerCustomer,
  RESET_PATH,
  signInNewClient,
  textedPassword,
} from '../support/accounts.js';

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

  it('pushes a change to its own user, and never to another customer', async () => {
    const emma = await t.login(PHONES.customer);
    const noah = await t.login('14165550201', 'Other#customer1');
    const emmaSocket = await connect(emma.access);
    const noahSocket = await connect(noah.access);
    const emmaId = (await me(emma.access)).user_id;

    const changed = await t
      .http()
      .patch('/auth/api/v3/users/me/')
      .set(bearer(emma.access))
      .send({ password: 'Emma#newpass2026' });
    expect(changed.status).toBe(200);

    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no push within 10 s')), 10_000);
      const check = setInterval(() => {
        if (emmaSocket.pushes.some((p) => p.type === 'user.password_changed')) {
          clearTimeout(timer);
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    const push = emmaSocket.pushes.find((p) => p.type === 'user.password_changed')!;
    expect(push).toMatchObject({ stream_type: 'user', stream_id: emmaId });
    expect(JSON.stringify(push)).not.toMatch(/argon2|passwordHash/);

    await t.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(noahSocket.pushes.filter((p) => p.stream_id === emmaId)).toEqual([]);
  });

  it('tells a client’s broker of its changes, and no longer once the client moves to another broker', async () => {
    const principal = await t.login(PHONES.principalBroker);
    const broker = await t.login(PHONES.broker);
    const liam = await connect(broker.access);
    const created = await t.http().post('/core/api/v3/customers/').set(bearer(broker.access)).send({
      first_name: 'Moving',
      last_name: 'Client',
      email: 'moving.client@example.com',
      phone_number: '14165550231',
      status: 'active',
      deal_type: 'purchase',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const change = (body: object) =>
      t.http().patch(`/core/api/v3/customers/${id}/`).set(bearer(principal.access)).send(body);
    const heard = () =>
      liam.pushes.filter((p) => p.type === 'customer.status_changed' && p.customer_id === id).length;

    expect((await change({ status: 'approved' })).status).toBe(200);
    await eventually(() => expect(heard()).toBe(1), 10_000);

    expect((await change({ broker: (await me(principal.access)).user_id })).status).toBe(200);
    expect((await change({ status: 'funded' })).status).toBe(200);
    await t.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard()).toBe(1);
  });
});

describe('the event log and a client’s own lawyer, live', () => {
  it('tell the client’s broker of a text sent to the client and of their sign-in, and not another customer', async () => {
    const broker = await connect((await t.login(PHONES.broker)).access);
    const noah = await connect((await t.login('14165550201', 'Other#customer1')).access);
    const { customerId } = await signInNewClient(t, '14165550261');
    const heard = (type: string) =>
      broker.pushes.some((p) => p.type === type && p.customer_id === customerId);
    await eventually(() => expect(heard('sms.sent') && heard('auth.first_login')).toBe(true), 10_000);
    expect(noah.pushes.filter((p) => p.customer_id === customerId)).toEqual([]);
  });

  it('tell the customer and their broker when staff correct the customer’s own lawyer', async () => {
    const { customerId, tokens: texted } = await signInNewClient(t, '14165550262');
    const chosen = await t
      .http()
      .patch('/auth/api/v3/users/me/')
      .set(bearer(texted.access))
      .send({ password: 'Dana#newpass2026' });
    expect(chosen.status).toBe(200);
    const tokens = await t.login('14165550262', 'Dana#newpass2026');
    const staff = await t.login(PHONES.broker);
    const own = await t
      .http()
      .post(`/core/api/v3/customers/${customerId}/lawyers/`)
      .set(bearer(staff.access))
      .send({
        first_name: 'Helen',
        last_name: 'Park',
        email: 'helen.park@example.com',
        phone_number: '14165550263',
        company: 'Park Law',
        address_line: '100 Queen St W, Toronto, ON',
      });
    expect(own.status).toBeLessThan(300);
    const lawyerId = own.body.data.lawyer as string;
    const customer = await connect(tokens.access);
    const broker = await connect(staff.access);
    const edited = await t
      .http()
      .patch(`/core/api/v3/customers/${customerId}/lawyers/${lawyerId}/`)
      .set(bearer(staff.access))
      .send({ company: 'Park & Sons Law' });
    expect(edited.status).toBe(200);
    const heard = (socket: { pushes: Push[] }) =>
      socket.pushes.some((p) => p.type === 'lawyer.updated' && p.customer_id === customerId);
    await eventually(() => expect(heard(customer) && heard(broker)).toBe(true), 10_000);
    const history = await t
      .http()
      .get(`/core/api/v3/customers/${customerId}/history/`)
      .set(bearer(staff.access));
    const types = (history.body.data as { type: string }[]).map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(['lawyer.registered', 'lawyer.updated']));
  });
});

describe('a staff member’s profile, live', () => {
  it('reaches the customers whose header names them, and not another customer', async () => {
    const principal = await t.login(PHONES.principalBroker);
    const broker = await t.login(PHONES.broker);
    const brokerId = (await me(broker.access)).user_id;
    // Created by the broker, so theirs; the one-time password replaced, so the socket hears the client.
    const { tokens: texted } = await signInNewClient(t, '14165550271');
    await t
      .http()
      .patch('/auth/api/v3/users/me/')
      .set(bearer(texted.access))
      .send({ password: 'Dana#newpass2026' })
      .expect(200);
    const theirs = await connect((await t.login('14165550271', 'Dana#newpass2026')).access);
    const other = await connect((await t.login('14165550201', 'Other#customer1')).access);
    const changed = await t
      .http()
      .patch(`/core/api/v3/team/${brokerId}/`)
      .set(bearer(principal.access))
      .send({ email: 'liam.gagnon.new@homeward.example' });
    expect(changed.status).toBe(200);
    const heard = (socket: { pushes: Push[] }) =>
      socket.pushes.some((p) => p.type === 'user.profile_updated' && p.stream_id === brokerId);
    await eventually(() => expect(heard(theirs)).toBe(true), 10_000);
    await t.drain();
    expect(heard(other)).toBe(false);
  });
});

/** A socket that notes the position it joined at, which the server says as it connects. */
function connectNoting(
  token: string,
): Promise<{ socket: Socket; pushes: Push[]; joinedAt: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const pushes: Push[] = [];
    const joinedAt = new Promise<number>((joined) =>
      socket.on('joined', ({ position }: { position: number }) => joined(position)),
    );
    socket.on('domain-event', (push: Push) => pushes.push(push));
    socket.on('connect', () => resolve({ socket, pushes, joinedAt }));
    socket.on('connect_error', (error) => reject(error));
  });
}

/** The log position a signed-in read says it reflects. */
async function readPosition(token: string): Promise<number> {
  const answer = await t.http().get('/core/api/v3/customers/').set(bearer(token));
  expect(answer.status).toBe(200);
  return Number(answer.headers['x-log-position']);
}

describe('what a page read before it listened', () => {
  it('is told by every answer to a signed-in caller, and to nobody else', async () => {
    const broker = await t.login(PHONES.broker);
    expect(await readPosition(broker.access)).toBeGreaterThan(0);
    const anonymous = await t.http().get('/core/api/v3/customers/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['x-log-position']).toBeUndefined();
  });

  it('is pushed again on asking: the events after the read that the socket may hear, and no others', async () => {
    const principal = await t.login(PHONES.principalBroker);
    const broker = await t.login(PHONES.broker);
    const principalId = (await me(principal.access)).user_id;
    const create = (token: string, phone: string, email: string, extra: object = {}) =>
      t
        .http()
        .post('/core/api/v3/customers/')
        .set(bearer(token))
        .send({
          ...extra,
          first_name: 'Catch',
          last_name: 'Up',
          email,
          phone_number: phone,
          status: 'active',
          deal_type: 'purchase',
        });
    const own = await create(broker.access, '14165550241', 'catch.up.own@example.com');
    const other = await create(principal.access, '14165550242', 'catch.up.other@example.com', {
      broker: principalId,
    });
    expect([own.status, other.status]).toEqual([201, 201]);
    await t.drain();
    const read = await readPosition(broker.access);

    // Changed after the page read and before it listens: the read cannot show it, no push reaches it.
    const change = (id: string) =>
      t
        .http()
        .patch(`/core/api/v3/customers/${id}/`)
        .set(bearer(principal.access))
        .send({ status: 'approved' });
    expect((await change(own.body.data.id)).status).toBe(200);
    expect((await change(other.body.data.id)).status).toBe(200);
    await t.drain();

    const liam = await connectNoting(broker.access);
    expect(await liam.joinedAt).toBeGreaterThan(read);
    expect(liam.pushes).toEqual([]);
    liam.socket.emit('catch-up', read);
    await eventually(
      () =>
        expect(liam.pushes.filter((p) => p.type === 'customer.status_changed')).toEqual([
          expect.objectContaining({ customer_id: own.body.data.id }),
        ]),
      10_000,
    );
    expect(liam.pushes.some((p) => p.customer_id === other.body.data.id)).toBe(false);
  });

  it('ignores a catch-up that names no position, or one from after the joining', async () => {
    const broker = await t.login(PHONES.broker);
    // The signing in is an event the broker's own socket may hear live: let it pass before listening.
    await t.drain();
    const liam = await connectNoting(broker.access);
    const joinedAt = await liam.joinedAt;
    for (const since of ['0', -1, 1.5, { since: 0 }, joinedAt, joinedAt + 100])
      liam.socket.emit('catch-up', since);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(liam.pushes).toEqual([]);
    expect(liam.socket.connected).toBe(true);
  });
});

/**
 * Resolves when the server closes the socket. The deadline is generous because this machine is shared:
 * how fast it happens is measured outside the test suite, here only that it happens.
 */
function disconnectedByServer(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still connected after 10 s')), 10_000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('sockets of a session that ends', () => {
  it('are disconnected at sign-out', async () => {
    const session = await t.login(PHONES.broker);
    const { socket } = await connect(session.access);
    const gone = disconnectedByServer(socket);
    await t.http().post('/auth/api/v3/auth/token/revoke/').set(bearer(session.access));
    expect(await gone).toBe('io server disconnect');
  });

  it('are disconnected in other sessions when the password is changed, not in the current one', async () => {
    await registerCustomer(t, '14165550202', 'Change#pass1');
    const other = await t.login('14165550202', 'Change#pass1');
    const current = await t.login('14165550202', 'Change#pass1');
    const otherSocket = await connect(other.access);
    const currentSocket = await connect(current.access);
    const gone = disconnectedByServer(otherSocket.socket);
    await t
      .http()
      .patch('/auth/api/v3/users/me/')
      .set(bearer(current.access))
      .send({ password: 'Changed#pass2' });
    await gone;
    await t.drain();
    expect(currentSocket.socket.connected).toBe(true);
  });

  it('are disconnected when someone signs in with a texted password', async () => {
    await registerCustomer(t, '14165550203', 'Reset#pass1');
    const owner = await t.login('14165550203', 'Reset#pass1');
    const { socket } = await connect(owner.access);
    await t.http().post(RESET_PATH).send({ phone_number: '14165550203' });
    const texted = await textedPassword(t, '14165550203');
    await t.drain();
    expect(socket.connected).toBe(true);
    const gone = disconnectedByServer(socket);
    await t.login('14165550203', texted);
    await gone;
  });

  it('are disconnected when a spent refresh token is presented again', async () => {
    const session = await t.login(PHONES.assistant);
    const { socket } = await connect(session.access);
    const rotated = await t.refresh(session.refresh);
    expect(refreshCookieOf(rotated)).toBeTruthy();
    const gone = disconnectedByServer(socket);
    // Past the moments a spent token is still taken for a request that raced its rotation.
    const later = new Date(Date.now() + (REFRESH_RACE_SECONDS + 1) * 1000);
    const clock = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
    try {
      expect((await t.refresh(session.refresh)).status).toBe(401);
    } finally {
      clock.mockRestore();
    }
    await gone;
  });

  it('are disconnected when the client is deleted', async () => {
    const { customerId, tokens } = await signInNewClient(t, '14165557201');
    const { socket } = await connect(tokens.access);
    const gone = disconnectedByServer(socket);
    await deleteClient(t, customerId);
    await gone;
  });

  it('cannot connect again with the ended session’s access token', async () => {
    const session = await t.login(PHONES.broker);
    await t.http().post('/auth/api/v3/auth/token/revoke/').set(bearer(session.access));
    await expect(connect(session.access)).rejects.toThrow(/unauthorized/);
  });
});
