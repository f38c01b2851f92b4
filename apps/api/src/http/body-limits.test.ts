import {
  MAX_CUSTOMER_ADDRESSES,
  type TCreateOrderRequest,
  ZApiError,
  ZCreateOrderRequest,
  ZCustomerAddressImport,
  ZOrderQuoteResponse,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { createTestClock } from '../test/clock.ts';
import { ORDER_FIXTURE, ORDER_TEST_NOON, signInTestCustomer, type TestCustomer } from '../test/orders.ts';
import { BODY_LIMIT, ORDER_BODY_LIMIT } from './body-limits.ts';

// The request body limits (body-limits.ts): 64 KB for every route but an order's, whose largest valid
// body (every array and text of the contract at its maximum) still passes.

let t: TestApp;
let customer: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp({ clock: createTestClock(ORDER_TEST_NOON).now });
  customer = await signInTestCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

/** A text of `n` UTF-16 code units, 3 bytes each in UTF-8: the most JSON.stringify writes for one. */
const widest = (n: number) => '€'.repeat(n);
/** The `n`th of some uuids nobody has (the contract takes any). */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The largest order the contract accepts: 100 lines of 20 variants and 50 modifiers, every text full. */
function largestOrder(): TCreateOrderRequest {
  return {
    delivery_type: 'delivery',
    payment_type: 'cash',
    to_address: widest(300),
    to_location: { lat: 41.30000000000001, long: 69.21000000000001 },
    delivery_zone_id: ORDER_FIXTURE.westZone,
    accommodation: widest(100),
    apartment: widest(20),
    building: widest(20),
    floor: widest(20),
    description: widest(500),
    is_courier_call: false,
    future_time: '2026-03-02T18:59:59.999+05:00',
    is_preorder: false,
    source: 'website',
    promo_code: widest(40),
    change_from: 100_000_000,
    loyalty_amount: 100_000_000,
    comment: widest(500),
    steps: [
      {
        branch_id: ORDER_FIXTURE.chilonzor,
        products: Array.from({ length: 100 }, (_, line) => ({
          product_id: ORDER_FIXTURE.products.beefWrap,
          type: 'origin' as const,
          variants: Array.from({ length: 20 }, (_, i) => ({
            group_id: uuid(100_000 + line * 100 + i),
            product_id: uuid(200_000 + line * 100 + i),
          })),
          quantity: 99,
          order_modifiers: Array.from({ length: 50 }, (_, i) => ({
            modifier_id: uuid(300_000 + line * 100 + i),
            modifier_quantity: 99,
            parent_id: uuid(400_000 + line * 100 + i),
          })),
          comment: widest(300),
        })),
      },
    ],
  };
}

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...CLIENT_HEADERS, 'content-type': 'application/json', 'accept-language': 'en', ...headers },
  });

describe('the default body limit (64 KB)', () => {
  it('answers a body over it 413 PAYLOAD_TOO_LARGE in the error shape, before any sign-in check', async () => {
    const login = JSON.stringify({ login: 'operator', password: 'x'.repeat(BODY_LIMIT) });
    const res = await post('/v1/staff/login', login);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(ZApiError.parse(res.json())).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
    // In the customer's language, like every other error.
    const ru = await post('/v1/staff/login', login, { 'accept-language': 'ru' });
    expect(ZApiError.parse(ru.json())).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Слишком большой запрос',
    });
  });

  it('refuses the costly bodies unread: 1 MB of nested arrays, to sign-in and to a signed-in route', async () => {
    const nested = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    for (const url of ['/v1/staff/login', '/v1/customer-addresses', '/v1/customers/phone']) {
      const res = await post(url, nested, { authorization: customer.token });
      expect(res.statusCode, url).toBe(413);
      expect(ZApiError.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('still takes the largest body of the routes under it: 20 saved addresses imported at once', async () => {
    const body = {
      addresses: Array.from({ length: MAX_CUSTOMER_ADDRESSES }, (_, i) => ({
        name: widest(60),
        address: widest(300),
        city: widest(60),
        location: { lat: 41.30000000000001 + i / 1000, long: 69.21000000000001 },
        house: widest(20),
        floor: widest(20),
        porch: widest(20),
        apartment: widest(20),
        is_active: i === 0,
      })),
    };
    expect(ZCustomerAddressImport.safeParse(body).success).toBe(true);
    const payload = JSON.stringify(body);
    expect(Buffer.byteLength(payload)).toBeLessThan(BODY_LIMIT);
    const res = await post('/v1/customer-addresses/import', payload, { authorization: customer.token });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});

describe('an order’s body limit', () => {
  it('takes the largest valid order, and is just above it', async () => {
    const order = largestOrder();
    expect(ZCreateOrderRequest.safeParse(order).success).toBe(true);
    const payload = JSON.stringify(order);
    const bytes = Buffer.byteLength(payload);
    expect(bytes).toBeGreaterThan(BODY_LIMIT);
    expect(bytes).toBeLessThanOrEqual(ORDER_BODY_LIMIT);
    // Just above: within 3 % (the arithmetic is in body-limits.ts).
    expect(bytes).toBeGreaterThan(ORDER_BODY_LIMIT * 0.97);

    const quote = await post('/v2/ondemand-order/quote', payload, { authorization: customer.token });
    expect(quote.statusCode, quote.body.slice(0, 300)).toBe(200);
    // Priced line by line (the variants and modifiers are nobody's: each line is refused in `errors`).
    expect(ZOrderQuoteResponse.parse(quote.json()).lines).toHaveLength(100);
    // Placing it is refused for what it says, not for its size.
    const placed = await post('/v2/ondemand-order', payload, { authorization: customer.token });
    expect(placed.statusCode).not.toBe(413);
    expect(ZApiError.parse(placed.json()).code).not.toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a larger one 413 in the error shape', async () => {
    const payload = JSON.stringify({ ...largestOrder(), padding: 'x'.repeat(ORDER_BODY_LIMIT) });
    const res = await post('/v2/ondemand-order/quote', payload, { authorization: customer.token });
    expect(res.statusCode).toBe(413);
    expect(ZApiError.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
