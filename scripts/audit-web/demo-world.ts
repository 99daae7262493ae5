import { DEMO_PASSWORD, DEMO_PHONES, type DemoWorld } from './screens.js';

const CLIENT = { first: 'Emma', last: 'Wilson' };
const FILE_NAME = 'drivers-licence.png';
/** A 1×1 PNG: uploads are accepted by their first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const answer = await fetch(`${base}${path}`, { ...init, headers });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function accessToken(base: string, tenDigitPhone: string): Promise<string> {
  const body = JSON.stringify({ phone_number: `1${tenDigitPhone}`, password: DEMO_PASSWORD });
  return (await call<{ access: string }>(base, '/auth/api/v3/auth/token/obtain/', { method: 'POST', body }))
    .access;
}

/**
 * The demo customer's file as a customer meets it after the broker's upload request: their form (made by
 * their broker from the first template when the demo data has none), sent, with a file uploaded to it
 * (which has a chat and a status).
 */
export async function prepareDemoWorld(base: string): Promise<DemoWorld> {
  const broker = await accessToken(base, DEMO_PHONES.broker);
  const customer = await accessToken(base, DEMO_PHONES.customer);
  const search = new URLSearchParams({
    offset: '0',
    limit: '10',
    search: CLIENT.first,
    status: '',
    deal_type: '',
  });
  const clients = await call<{ id: string; first_name: string; last_name: string }[]>(
    base,
    `/core/api/v3/customers/?${search}&broker=`,
    { token: broker },
  );
  const client = clients.find((c) => c.first_name === CLIENT.first && c.last_name === CLIENT.last);
  if (!client) throw new Error(`The demo client ${CLIENT.first} ${CLIENT.last} is not in the demo data.`);

  const forms = await call<{ code: string; is_archived: boolean }[]>(base, '/core/api/v3/forms/', {
    token: customer,
  });
  const templates = async () =>
    call<{ fields: { name: string }[] }[]>(base, '/core/api/v3/forms/templates/', { token: broker });
  const code =
    forms.find((f) => !f.is_archived)?.code ??
    (
      await call<{ code: string }>(base, '/core/api/v3/forms/', {
        method: 'POST',
        token: broker,
        body: JSON.stringify({ customer_id: client.id, fields: (await templates())[0].fields }),
      })
    ).code;
  await call(base, `/core/api/v3/customers/${client.id}/notify/`, {
    method: 'POST',
    token: broker,
    body: JSON.stringify({ notify_type: 'form_sent' }),
  });
  const uploaded = async () =>
    call<{ file_name: string }[]>(base, `/core/api/v3/forms/${code}/history/`, { token: customer });
  if ((await uploaded()).length === 0) {
    const form = await call<{ fields: { name: string; disabled: boolean }[] }>(
      base,
      `/core/api/v3/forms/${code}/`,
      {
        token: customer,
      },
    );
    const upload = new FormData();
    const field = form.fields.find((f) => !f.disabled);
    if (!field) throw new Error(`The demo customer's form ${code} asks for no document.`);
    upload.append(field.name, new Blob([PNG], { type: 'image/png' }), FILE_NAME);
    await call(base, `/core/api/v3/forms/${code}/files/`, { method: 'POST', token: customer, body: upload });
  }
  const [file] = await uploaded();
  return {
    clientId: client.id,
    clientName: `${CLIENT.first} ${CLIENT.last}`,
    code,
    fileName: file.file_name,
  };
}
