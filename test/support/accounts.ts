import { SeedService } from '../../server/src/seeds/seed.service.js';
import { bearer, eventually, PHONES, type TestApp } from './test-app.js';

export const RESET_PATH = '/auth/api/v3/auth/reset_password/';
export const ME_PATH = '/core/api/v3/users/me/';

/** A customer-role account of its own, so a test may reset or change its password freely. */
export async function registerCustomer(t: TestApp, phoneNumber: string, password: string): Promise<string> {
  return t.app.get(SeedService).registerUser(
    {
      role: 'customer',
      phoneNumber,
      firstName: 'Pat',
      lastName: phoneNumber.slice(-4),
      email: `pat${phoneNumber}@example.com`,
    },
    password,
  );
}

/** The password in the `nth` (1-based) new-password text sent to the phone number, once it has gone out. */
export async function textedPassword(t: TestApp, phoneNumber: string, nth = 1): Promise<string> {
  return eventually(() => {
    const texts = t.outbox.delivered.filter(
      (d) => d.to === `+${phoneNumber}` && d.subject === 'New password',
    );
    const password = texts[nth - 1] && /\n(\S+)$/.exec(texts[nth - 1].text)?.[1];
    if (!password) throw new Error(`no new-password text number ${nth} to +${phoneNumber} yet`);
    return password;
  });
}

/** A broker creates a client of their own; the client signs in with the texted password. */
export async function signInNewClient(
  t: TestApp,
  phoneNumber: string,
): Promise<{ customerId: string; tokens: { access: string; refresh: string } }> {
  const staff = await t.login(PHONES.broker);
  const created = await t
    .http()
    .post('/core/api/v3/customers/')
    .set(bearer(staff.access))
    .send({
      first_name: 'Dana',
      last_name: 'Client',
      email: `dana${phoneNumber}@example.com`,
      phone_number: phoneNumber,
      status: 'active',
      deal_type: 'purchase',
    });
  if (created.status !== 201) throw new Error(`client not created: ${JSON.stringify(created.body)}`);
  const welcome = await eventually(() => {
    const found = t.outbox.delivered.find((d) => d.to === `+${phoneNumber}`);
    if (!found) throw new Error('no welcome text yet');
    return found;
  });
  const password = /\n(\S+)$/.exec(welcome.text)![1];
  return { customerId: created.body.data.id, tokens: await t.login(phoneNumber, password) };
}

/** Deletes a client as their broker (the client's account is deactivated). */
export async function deleteClient(t: TestApp, customerId: string): Promise<void> {
  const staff = await t.login(PHONES.broker);
  const answer = await t.http().delete(`/core/api/v3/customers/${customerId}/`).set(bearer(staff.access));
  if (answer.status >= 300)
    throw new Error(`client not deleted: ${answer.status} ${JSON.stringify(answer.body)}`);
}
