/**
 * Issue 9, finding 1: a NUL (and other control characters) in a text input reached PostgreSQL and
 * answered 500. Every text input the issue names now answers 400 VALIDATION_ERROR naming the field,
 * before any handler runs; comments keep their line breaks.
 */
import { ZApiError } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPER_ID } from '../env.ts';
import { insertVacancy } from '../modules/content/content.fixtures.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { createTestClock } from '../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE,
  ORDER_TEST_MORNING,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
  wrapLines,
} from '../test/orders.ts';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let customer: TestCustomer;
let vacancyId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  customer = await signInTestCustomer(t);
  vacancyId = await insertVacancy(t.db.db, DEMO_SHIPPER_ID, {
    slug: 'courier-tashkent',
    city: 'tashkent',
    isActive: true,
    position: 1,
  });
});

afterAll(async () => {
  await t?.close();
});

/** NUL is what PostgreSQL refuses; BEL and ESC are what a terminal or a log viewer acts on. */
const HOSTILE = { NUL: '\u0000', BEL: '\u0007', ESC: '\u001b' } as const;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  token?: string,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: {
      ...CLIENT_HEADERS,
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });

function expectRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = ZApiError.parse(res.json());
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.fields?.map((f) => f.field)).toContain(field);
}

describe.each(Object.entries(HOSTILE))('a %s character', (_name, char) => {
  const text = (before: string) => `${before}${char}x`;

  it('in a vacancy application full_name: 400', async () => {
    const res = await call('POST', `/v1/vacancies/${vacancyId}/applications`, {
      full_name: text('Ali Valiyev'),
      phone: '998901112233',
    });
    expectRefused(res, 'full_name');
  });

  it('in the registration name: 400', async () => {
    const res = await call('POST', '/v1/customers/register', { phone: '998901112244', name: text('Ali') });
    expectRefused(res, 'name');
  });

  it('in the profile name (PUT /v1/customers/{id}): 400', async () => {
    const res = await call('PUT', `/v1/customers/${customer.id}`, { name: text('Ali') }, customer.token);
    expectRefused(res, 'name');
  });

  it.each(['name', 'address', 'city', 'house', 'floor', 'porch', 'apartment'])(
    'in the saved address field %s: 400 on create and on change',
    async (field) => {
      const address = {
        name: 'Home',
        address: 'Amir Temur 1',
        city: 'Tashkent',
        location: ORDER_FIXTURE.westPoint,
        [field]: text('5'),
      };
      expectRefused(await call('POST', '/v1/customer-addresses', address, customer.token), field);
      expectRefused(
        await call(
          'PUT',
          '/v1/customer-addresses/00000000-0000-4000-8000-000000000001',
          { [field]: text('5') },
          customer.token,
        ),
        field,
      );
    },
  );

  it.each(['/v2/ondemand-order', '/v2/ondemand-order/quote'])(
    'in the order comment and a line comment (%s): 400',
    async (url) => {
      const orderComment = deliveryOrderBody({ comment: text('Ring twice') });
      expectRefused(await call('POST', url, orderComment, customer.token), 'comment');
      const lines = wrapLines(1).map((line) => ({ ...line, comment: text('No onions') }));
      const lineComment = deliveryOrderBody({
        steps: [{ branch_id: ORDER_FIXTURE.chilonzor, products: lines }],
      });
      expectRefused(await call('POST', url, lineComment, customer.token), 'steps[0].products[0].comment');
    },
  );

  it('in the staff login: 400', async () => {
    const res = await call('POST', '/v1/staff/login', { login: text('operator'), password: 'whatever-123' });
    expectRefused(res, 'login');
  });

  it('in the promo_code query: 400', async () => {
    const res = await call(
      'GET',
      `/v2/discount-with-order-price?order_price=100000&promo_code=${encodeURIComponent(text('WELCOME'))}`,
    );
    expectRefused(res, 'promo_code');
  });
});

it('answers in the customer’s language', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/customers/register',
    headers: { ...CLIENT_HEADERS, 'accept-language': 'ru' },
    payload: { phone: '998901112255', name: 'Ali\u0000' },
  });
  expect(res.statusCode).toBe(400);
  expect(ZApiError.parse(res.json()).message).toBe(
    'Неверные данные: name — должно быть одной строкой текста без управляющих символов',
  );
});

it('keeps line breaks and tabs in comments', async () => {
  const lines = wrapLines(2).map((line) => ({ ...line, comment: 'No onions,\nextra sauce\tplease' }));
  const body = deliveryOrderBody({
    comment: 'Ring twice.\r\nThe door code is 15.',
    description: 'Blue gate\nsecond entrance',
    steps: [{ branch_id: ORDER_FIXTURE.chilonzor, products: lines }],
  });
  const quote = await call('POST', '/v2/ondemand-order/quote', body, customer.token);
  expect(quote.statusCode, quote.body).toBe(200);
  const placed = await postOrder(t, customer.token, body);
  expect(placed.statusCode, placed.body).toBe(201);
  const { order_id } = placed.json() as { order_id: string };
  const read = await call('GET', `/v2/orders/${order_id}`, undefined, customer.token);
  expect(read.json()).toMatchObject({
    comment: 'Ring twice.\r\nThe door code is 15.',
    description: 'Blue gate\nsecond entrance',
    lines: [{ comment: 'No onions,\nextra sauce\tplease' }],
  });
});
