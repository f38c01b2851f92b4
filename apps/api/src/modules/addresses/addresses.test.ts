import {
  MAX_CUSTOMER_ADDRESSES,
  type TCustomerAddressImport,
  type TCustomerAddressInput,
  type TCustomerAddressList,
  ZApiError,
  ZAuthResponse,
  ZCustomerAddressList,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { customerClient, freshIp, freshPhone } from '../customers/customers.fixtures.ts';
import { addressKey } from './addresses.service.ts';

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/v1/customer-addresses';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Customer = { id: string; token: string };

function call(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...CLIENT_HEADERS,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** Signs a new customer up through the real one-time-code flow and returns its id and token. */
async function signUp(): Promise<Customer> {
  const c = customerClient(t);
  const phone = freshPhone('99893');
  const ip = freshIp();
  expect((await c.post('/v1/customers/register', { phone }, { ip })).statusCode).toBe(200);
  const code = await c.lastCode(phone);
  const res = await c.post('/v1/customers/register-confirm', { phone, code }, { ip });
  expect(res.statusCode).toBe(200);
  const auth = ZAuthResponse.parse(res.json());
  return { id: auth.user.id, token: auth.access_token };
}

const list = (res: LightMyRequestResponse): TCustomerAddressList => {
  expect(res.statusCode, res.body).toBe(200);
  return ZCustomerAddressList.parse(res.json());
};
const errorOf = (res: LightMyRequestResponse) => ZApiError.parse(res.json());
const activeOf = (l: TCustomerAddressList) => l.addresses.filter((a) => a.is_active).map((a) => a.address);
const texts = (l: TCustomerAddressList) => l.addresses.map((a) => a.address);

let n = 0;
const input = (over: Partial<TCustomerAddressInput> = {}): TCustomerAddressInput => ({
  address: `Amir Temur avenue ${++n}`,
  location: { lat: 41.31 + n / 10_000, long: 69.28 },
  ...over,
});

const create = async (who: Customer, over: Partial<TCustomerAddressInput> = {}) =>
  list(await call('POST', BASE, { token: who.token, body: input(over) }));
const getList = async (who: Customer) => list(await call('GET', BASE, { token: who.token }));
const idOf = (l: TCustomerAddressList, address: string) => {
  const found = l.addresses.find((a) => a.address === address);
  if (!found) throw new Error(`no address '${address}' in ${JSON.stringify(texts(l))}`);
  return found.id;
};

/** What the database holds for a customer: the partial unique index guarantees, checked directly. */
async function rowsOf(who: Customer) {
  return t.db.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, who.id));
}

describe('without a sign-in', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', BASE],
    ['POST', BASE, input()],
    ['POST', `${BASE}/import`, { addresses: [] }],
    ['PUT', `${BASE}/${UNKNOWN_ID}`, { name: 'Home' }],
    ['POST', `${BASE}/${UNKNOWN_ID}/activate`],
    ['DELETE', `${BASE}/${UNKNOWN_ID}`],
  ];

  it.each(routes)(
    '%s %s answers 401 with a message, with no token or a wrong one',
    async (method, url, body) => {
      for (const token of [undefined, 'not-a-token', 'A'.repeat(43)]) {
        const res = await call(method, url, { token, body });
        expect(res.statusCode).toBe(401);
        expect(errorOf(res)).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
      }
    },
  );

  it('needs the Shipper header like every /v1 route', async () => {
    const who = await signUp();
    const res = await t.app.inject({
      method: 'GET',
      url: BASE,
      headers: { platform: CLIENT_HEADERS.platform, authorization: who.token },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).not.toBe('');
  });
});

describe('saving an address', () => {
  it('starts empty, and the bare token works as well as Bearer', async () => {
    const who = await signUp();
    expect(await getList(who)).toEqual({ count: 0, addresses: [] });
    expect(list(await call('GET', BASE, { headers: { authorization: who.token } })).count).toBe(0);
  });

  it('stores the fields trimmed, with empty defaults, active, stamped with the clock', async () => {
    const who = await signUp();
    const l = await create(who, {
      name: '  Home ',
      address: '  Chilonzor 9, 12  ',
      city: 'tashkent',
      location: { lat: 41.2756, long: 69.2034 },
      apartment: ' 45 ',
    });
    expect(l.count).toBe(1);
    expect(l.addresses[0]).toEqual({
      id: expect.any(String),
      name: 'Home',
      address: 'Chilonzor 9, 12',
      city: 'tashkent',
      location: { lat: 41.2756, long: 69.2034 },
      house: '',
      floor: '',
      porch: '',
      apartment: '45',
      is_active: true,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
  });

  it('makes the new address the only active one and lists oldest first, even with a still clock', async () => {
    const who = await signUp();
    await create(who, { address: 'first' });
    await create(who, { address: 'second' });
    const l = await create(who, { address: 'third' });
    expect(texts(l)).toEqual(['first', 'second', 'third']);
    expect(activeOf(l)).toEqual(['third']);
    const times = l.addresses.map((a) => Date.parse(a.created_at));
    expect(times[0]).toBeLessThan(times[1] ?? 0);
    expect(times[1]).toBeLessThan(times[2] ?? 0);
    expect(await getList(who)).toEqual(l);
  });

  it('does not save an address twice: the same text moves the saved one, keeps its details, and activates it', async () => {
    const who = await signUp();
    await create(who, { address: 'Amir Temur 1', apartment: '12', location: { lat: 41.3, long: 69.2 } });
    await create(who, { address: 'Chilonzor 5' });
    // Another tab confirms the same address (other case and spacing) at a pin elsewhere.
    const l = await create(who, { address: '  amir  temur 1 ', location: { lat: 41.35, long: 69.25 } });
    expect(l.addresses).toHaveLength(2);
    const moved = l.addresses.find((a) => addressKey(a.address) === 'amir temur 1');
    expect(moved).toMatchObject({ is_active: true, apartment: '12', location: { lat: 41.35, long: 69.25 } });
    expect(activeOf(l)).toHaveLength(1);
    expect((await rowsOf(who)).filter((r) => r.isActive)).toHaveLength(1);
  });

  it('ignores unknown fields', async () => {
    const who = await signUp();
    const res = await call('POST', BASE, {
      token: who.token,
      body: {
        ...input({ address: 'with extras' }),
        is_active: false,
        id: UNKNOWN_ID,
        customer_id: UNKNOWN_ID,
      },
    });
    const l = list(res);
    expect(l.addresses[0]).toMatchObject({ address: 'with extras', is_active: true });
    expect(l.addresses[0]?.id).not.toBe(UNKNOWN_ID);
    expect(l.addresses[0]).not.toHaveProperty('customer_id');
  });

  it.each([
    ['an empty address', { address: '' }],
    ['a blank address', { address: '   ' }],
    ['an address of 301 characters', { address: 'a'.repeat(301) }],
    ['no location', { location: undefined }],
    ['latitude 91', { location: { lat: 91, long: 69 } }],
    ['longitude -181', { location: { lat: 41, long: -181 } }],
    ['a latitude as text', { location: { lat: '41.3', long: 69 } }],
    ['a name of 61 characters', { name: 'n'.repeat(61) }],
    ['an apartment of 21 characters', { apartment: '1'.repeat(21) }],
  ])('refuses %s with 400 and a message, saving nothing', async (_what, over) => {
    const who = await signUp();
    const res = await call('POST', BASE, { token: who.token, body: { ...input(), ...over } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(errorOf(res).message).not.toBe('');
    expect(await rowsOf(who)).toHaveLength(0);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const who = await signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...CLIENT_HEADERS, authorization: who.token, 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).not.toBe('');
  });

  it(`refuses a ${MAX_CUSTOMER_ADDRESSES + 1}st address with 422 in the asked language`, async () => {
    const who = await signUp();
    for (let i = 0; i < MAX_CUSTOMER_ADDRESSES; i++) await create(who, { address: `street ${i}` });
    for (const [language, text] of [
      ['ru', /не больше 20 адресов/],
      ['uz', /Ko'pi bilan 20 ta manzil/],
      ['en', /at most 20 addresses/],
    ] as const) {
      const res = await call('POST', BASE, {
        token: who.token,
        body: input(),
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'ADDRESS_LIMIT', message: expect.stringMatching(text) });
    }
    const l = await getList(who);
    expect(l.count).toBe(MAX_CUSTOMER_ADDRESSES);
    expect(activeOf(l)).toEqual([`street ${MAX_CUSTOMER_ADDRESSES - 1}`]);
    // Room again after a delete.
    await call('DELETE', `${BASE}/${idOf(l, 'street 0')}`, { token: who.token });
    expect((await create(who, { address: 'after delete' })).count).toBe(MAX_CUSTOMER_ADDRESSES);
  });

  // PGlite runs one transaction at a time anyway; on PostgreSQL (CI's second run) this fails with
  // 500s and 21+ rows when the customer's row is not locked first.
  it('keeps the limit and one active address under concurrent requests', async () => {
    const who = await signUp();
    for (let i = 0; i < MAX_CUSTOMER_ADDRESSES - 2; i++) await create(who, { address: `street ${i}` });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        call('POST', BASE, { token: who.token, body: input({ address: `race ${i}` }) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422, 422]);
    const rows = await rowsOf(who);
    expect(rows).toHaveLength(MAX_CUSTOMER_ADDRESSES);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });
});

describe('changing an address', () => {
  it('changes only the fields sent and makes it the only active one', async () => {
    const who = await signUp();
    await create(who, {
      address: 'home',
      house: '7',
      floor: '3',
      porch: '2',
      apartment: '12',
      city: 'tashkent',
    });
    const before = await create(who, { address: 'work' });
    const home = idOf(before, 'home');
    clock.advance(60_000);
    const l = list(await call('PUT', `${BASE}/${home}`, { token: who.token, body: { name: ' Home ' } }));
    expect(activeOf(l)).toEqual(['home']);
    expect(l.addresses.find((a) => a.id === home)).toMatchObject({
      name: 'Home',
      address: 'home',
      city: 'tashkent',
      house: '7',
      floor: '3',
      porch: '2',
      apartment: '12',
      updated_at: clock.now().toISOString(),
    });
    expect(texts(l)).toEqual(['home', 'work']);
  });

  it('moves the location and the address text together', async () => {
    const who = await signUp();
    const id = idOf(await create(who, { address: 'old place' }), 'old place');
    const l = list(
      await call('PUT', `${BASE}/${id}`, {
        token: who.token,
        body: { address: 'new place', location: { lat: 39.6542, long: 66.9597 }, city: 'samarkand' },
      }),
    );
    expect(l.addresses).toEqual([
      expect.objectContaining({
        id,
        address: 'new place',
        city: 'samarkand',
        location: { lat: 39.6542, long: 66.9597 },
      }),
    ]);
  });

  it.each([
    ['an empty patch', {}],
    ['only unknown fields', { colour: 'red' }],
    ['an empty address', { address: ' ' }],
    ['latitude 91', { location: { lat: 91, long: 69 } }],
    ['a floor of 21 characters', { floor: 'f'.repeat(21) }],
  ])('refuses %s with 400, changing nothing', async (_what, body) => {
    const who = await signUp();
    await create(who, { address: 'a' });
    const l = await create(who, { address: 'b' });
    const res = await call('PUT', `${BASE}/${idOf(l, 'a')}`, { token: who.token, body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).not.toBe('');
    expect(await getList(who)).toEqual(l);
  });
});

describe('activating and deleting', () => {
  it('activates only the chosen address, and again is harmless', async () => {
    const who = await signUp();
    await create(who, { address: 'a' });
    await create(who, { address: 'b' });
    const l = await create(who, { address: 'c' });
    const a = idOf(l, 'a');
    const once = list(await call('POST', `${BASE}/${a}/activate`, { token: who.token }));
    expect(activeOf(once)).toEqual(['a']);
    const twice = list(await call('POST', `${BASE}/${a}/activate`, { token: who.token }));
    expect(twice).toEqual(once);
    expect((await rowsOf(who)).filter((r) => r.isActive)).toHaveLength(1);
  });

  it('deletes an address; deleting the active one leaves none active; a second delete is 404', async () => {
    const who = await signUp();
    await create(who, { address: 'a' });
    const l = await create(who, { address: 'b' });
    const b = idOf(l, 'b');
    const after = list(await call('DELETE', `${BASE}/${b}`, { token: who.token }));
    expect(texts(after)).toEqual(['a']);
    expect(activeOf(after)).toEqual([]);
    const again = await call('DELETE', `${BASE}/${b}`, { token: who.token });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('ADDRESS_NOT_FOUND');
    const inactive = list(await call('DELETE', `${BASE}/${idOf(after, 'a')}`, { token: who.token }));
    expect(inactive).toEqual({ count: 0, addresses: [] });
  });

  it.each([
    ['PUT', '/not-a-uuid', { name: 'x' }],
    ['POST', '/not-a-uuid/activate', undefined],
    ['DELETE', '/not-a-uuid', undefined],
    ['DELETE', '/123', undefined],
  ] as const)('%s %s: a bad id is 400, never 500', async (method, path, body) => {
    const who = await signUp();
    const res = await call(method, `${BASE}${path}`, { token: who.token, body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).not.toBe('');
  });

  it('answers 404 for an unknown id, in the asked language', async () => {
    const who = await signUp();
    for (const [language, text] of [
      ['ru', 'Адрес не найден'],
      ['uz', 'Manzil topilmadi'],
      ['en', 'Address not found'],
    ] as const) {
      const res = await call('POST', `${BASE}/${UNKNOWN_ID}/activate`, {
        token: who.token,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'ADDRESS_NOT_FOUND', message: text });
    }
  });
});

describe("another customer's address", () => {
  it('is invisible: not listed, and changing, activating or deleting it is 404 (not 403), leaving it as it was', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    await create(owner, { address: 'owner first' });
    const mine = await create(owner, { address: 'owner second' });
    const theirs = await create(stranger, { address: 'stranger home' });
    const target = idOf(mine, 'owner first');

    expect(texts(await getList(stranger))).toEqual(['stranger home']);
    for (const [method, url, body] of [
      ['PUT', `${BASE}/${target}`, { name: 'stolen' }],
      ['POST', `${BASE}/${target}/activate`, undefined],
      ['DELETE', `${BASE}/${target}`, undefined],
    ] as const) {
      const res = await call(method, url, { token: stranger.token, body });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('ADDRESS_NOT_FOUND');
    }
    expect(await getList(owner)).toEqual(mine);
    expect(await getList(stranger)).toEqual(theirs);
  });

  it('is not touched when a customer activates their own', async () => {
    const a = await signUp();
    const b = await signUp();
    const la = await create(a, { address: 'a1' });
    const lb = await create(b, { address: 'b1' });
    await create(b, { address: 'b2' });
    list(await call('POST', `${BASE}/${idOf(lb, 'b1')}/activate`, { token: b.token }));
    expect(await getList(a)).toEqual(la);
  });
});

describe('importing the browser points at sign-in', () => {
  const point = (address: string, is_active = false) => ({
    address,
    location: { lat: 41.3, long: 69.28 },
    is_active,
  });
  const importing = async (
    who: Customer,
    addresses: TCustomerAddressImport['addresses'],
    language?: string,
  ) =>
    call('POST', `${BASE}/import`, {
      token: who.token,
      body: { addresses },
      ...(language ? { headers: { 'accept-language': language } } : {}),
    });

  it('compares address text trimmed, ignoring case and runs of spaces', () => {
    expect(addressKey('  Amir  Temur\tavenue 5 ')).toBe(addressKey('amir temur AVENUE 5'));
    expect(addressKey('Улица  Навои 1')).toBe(addressKey('улица навои 1'));
    expect(addressKey('Navoi 1')).not.toBe(addressKey('Navoi 11'));
  });

  it('adds the new ones after the saved ones and the imported active one becomes active', async () => {
    const who = await signUp();
    await create(who, { address: 'Saved one' });
    const l = list(await importing(who, [point('Browser one'), point('Browser two', true)]));
    expect(texts(l)).toEqual(['Saved one', 'Browser one', 'Browser two']);
    expect(activeOf(l)).toEqual(['Browser two']);
  });

  it('does not duplicate a saved address (same text in other case and spacing) and activates the saved one', async () => {
    const who = await signUp();
    await create(who, { address: 'Navoi street 10', house: '10' });
    const before = await create(who, { address: 'Work' });
    const l = list(await importing(who, [point('  navoi   STREET 10 ', true), point('Brand new')]));
    expect(texts(l)).toEqual(['Navoi street 10', 'Work', 'Brand new']);
    expect(activeOf(l)).toEqual(['Navoi street 10']);
    // The saved address keeps its own details.
    expect(l.addresses[0]).toMatchObject({ id: idOf(before, 'Navoi street 10'), house: '10' });
  });

  it('does not duplicate within the import either; the last active of the repeats wins', async () => {
    const who = await signUp();
    const l = list(
      await importing(who, [point('Yunusobod 4'), point('yunusobod 4 ', true), point('Sergeli')]),
    );
    expect(texts(l)).toEqual(['Yunusobod 4', 'Sergeli']);
    expect(activeOf(l)).toEqual(['Yunusobod 4']);
  });

  it("keeps the account's active address when no imported point is active", async () => {
    const who = await signUp();
    await create(who, { address: 'Active on the account' });
    const l = list(await importing(who, [point('Inactive in the browser')]));
    expect(activeOf(l)).toEqual(['Active on the account']);
  });

  it('with nothing to import answers the list unchanged', async () => {
    const who = await signUp();
    const before = await create(who, { address: 'only' });
    expect(list(await importing(who, []))).toEqual(before);
    expect(list(await importing(who, [point('ONLY')]))).toEqual(before);
  });

  it(`refuses with 422 (in the asked language) and imports nothing when the list would pass ${MAX_CUSTOMER_ADDRESSES}`, async () => {
    const who = await signUp();
    for (let i = 0; i < MAX_CUSTOMER_ADDRESSES - 2; i++) await create(who, { address: `street ${i}` });
    const before = await getList(who);
    // Two new fit (a duplicate does not count); three do not.
    const overflow = [point('street 0', true), point('new 1'), point('new 2'), point('new 3')];
    for (const [language, text] of [
      ['ru', /больше 20/],
      ['uz', /20 tadan oshib/],
      ['en', /more than 20/],
    ] as const) {
      const res = await importing(who, overflow, language);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        code: 'ADDRESS_IMPORT_LIMIT',
        message: expect.stringMatching(text),
      });
    }
    expect(await getList(who)).toEqual(before);
    const fits = list(await importing(who, [point('street 0', true), point('new 1'), point('new 2')]));
    expect(fits.count).toBe(MAX_CUSTOMER_ADDRESSES);
    expect(activeOf(fits)).toEqual(['street 0']);
  });

  it.each([
    ['no addresses field', {}],
    ['an empty address', { addresses: [point('')] }],
    ['latitude 91', { addresses: [{ ...point('x'), location: { lat: 91, long: 69 } }] }],
    ['is_active as text', { addresses: [{ ...point('x'), is_active: 'yes' }] }],
    [
      `${MAX_CUSTOMER_ADDRESSES + 1} points`,
      { addresses: Array.from({ length: 21 }, (_, i) => point(`p${i}`)) },
    ],
  ])('refuses %s with 400, importing nothing', async (_what, body) => {
    const who = await signUp();
    const res = await call('POST', `${BASE}/import`, { token: who.token, body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).not.toBe('');
    expect(await rowsOf(who)).toHaveLength(0);
  });
});

describe('the API reference', () => {
  it('documents every saved-address route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths[BASE] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${BASE}/import`] ?? {})).toEqual(['post']);
    expect(Object.keys(paths[`${BASE}/{id}`] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(paths[`${BASE}/{id}/activate`] ?? {})).toEqual(['post']);
  });
});
