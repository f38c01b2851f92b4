/**
 * An iiko Cloud that keeps failing is not called for a while (the breaker,
 * adapters/loyalty/call-guard.ts), through the API. (No call to iiko waits inside a transaction:
 * ordering/order-charge.test.ts.) An app of its own: the breaker it opens would refuse the other
 * files' calls.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import { orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { buildIikoTestApp, type IikoTestApp } from '../../test/iiko.ts';
import {
  deliveryOrderBody,
  ORDER_TEST_MORNING,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
} from '../../test/orders.ts';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let fake: FakeIiko;
let iiko: IikoTestApp | undefined;

beforeAll(async () => {
  iiko = await buildIikoTestApp({ clock: clock.now });
  ({ t, fake } = iiko);
});
afterAll(async () => {
  await iiko?.close();
});

describe('the guard on iiko Cloud through the API', () => {
  it('after 3 failed calls in a row refuses bonus orders without calling iiko, and orders without bonuses go on', async () => {
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 30_000);
    fake.fail('/api/1/loyalty/iiko/customer/info', 500);
    for (let i = 0; i < 3; i++) {
      const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 1_000 }));
      expect(res.statusCode, res.body).toBe(503);
    }
    fake.fail('/api/1/loyalty/iiko/customer/info', null);
    fake.requests.length = 0;
    const refused = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 1_000 }), {
      locale: 'en',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'LOYALTY_UNAVAILABLE' });
    expect(fake.requests).toEqual([]);
    expect(await t.db.db.select().from(orders).where(eq(orders.customerId, who.id))).toEqual([]);
    await placeTestOrder(t, who.token);
    expect(fake.requests).toEqual([]);
  });
});
