/**
 * iiko Cloud's calls wait inside orders' transactions, each holding a pool connection: the guards
 * (adapters/loyalty/call-guard.ts) bound how many wait at once (IIKO_MAX_CONCURRENT) and stop
 * calling an iiko that keeps failing, through the API. An app of its own: the breaker it opens
 * would refuse the other files' calls.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import { orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { balanceOf, buildIikoTestApp, type IikoTestApp } from '../../test/iiko.ts';
import {
  deliveryOrderBody,
  ORDER_TEST_MORNING,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let fake: FakeIiko;
let iiko: IikoTestApp | undefined;

beforeAll(async () => {
  iiko = await buildIikoTestApp({ clock: clock.now, env: { IIKO_MAX_CONCURRENT: 1 } });
  ({ t, fake } = iiko);
});
afterAll(async () => {
  await iiko?.close();
});

const balanceCall = (who: TestCustomer) => balanceOf(t, who);

describe('the guard on iiko Cloud through the API', () => {
  it('does not hold a balance read outside a transaction (it holds no connection) to IIKO_MAX_CONCURRENT', async () => {
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 5_000);
    fake.delayMs = 300;
    try {
      const answers = await Promise.all([balanceCall(who), balanceCall(who)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    } finally {
      fake.delayMs = 0;
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'lets IIKO_MAX_CONCURRENT bonus orders wait on a slow iiko and refuses one more at once (PostgreSQL: two transactions at once)',
    async () => {
      const [a, b] = [await signInTestCustomer(t), await signInTestCustomer(t)];
      for (const who of [a, b]) fake.addGuest(`+${who.phone}`, 30_000);
      expect((await balanceCall(a)).statusCode).toBe(200); // the token, asked for before
      fake.delayMs = 800;
      try {
        fake.requests.length = 0;
        const first = postOrder(t, a.token, deliveryOrderBody({ loyalty_amount: 1_000 }));
        // The first order is waiting on iiko inside its transaction before the second is sent.
        while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        const started = Date.now();
        const second = await postOrder(t, b.token, deliveryOrderBody({ loyalty_amount: 1_000 }));
        expect(second.statusCode, second.body).toBe(503);
        expect(second.json()).toMatchObject({ code: 'LOYALTY_UNAVAILABLE' });
        expect(Date.now() - started).toBeLessThan(600);
        expect((await first).statusCode).toBe(201);
      } finally {
        fake.delayMs = 0;
      }
    },
  );

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
