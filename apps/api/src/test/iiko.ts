/**
 * An app whose card is kept in the fake iiko Cloud on 127.0.0.1 (adapters/loyalty/fake-iiko.ts), with
 * the demo chain offering bonuses: the API tests of LOYALTY_PROVIDER=iiko.
 */
import { eq } from 'drizzle-orm';
import {
  FAKE_IIKO_API_LOGIN,
  FAKE_IIKO_ORGANIZATION_ID,
  type FakeIiko,
  startFakeIiko,
} from '../adapters/loyalty/fake-iiko.ts';
import { shippers } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { type BuildTestAppOptions, buildTestApp, CLIENT_HEADERS, type TestApp } from './app.ts';
import type { TestCustomer } from './orders.ts';

export type IikoTestApp = { t: TestApp; fake: FakeIiko; close: () => Promise<void> };

export async function buildIikoTestApp(
  options: Omit<BuildTestAppOptions, 'env'> & { env?: Partial<Env> } = {},
): Promise<IikoTestApp> {
  const fake = await startFakeIiko();
  const t = await buildTestApp({
    ...options,
    env: {
      LOYALTY_PROVIDER: 'iiko',
      IIKO_API_URL: fake.url,
      IIKO_API_LOGIN: FAKE_IIKO_API_LOGIN,
      IIKO_ORGANIZATION_ID: FAKE_IIKO_ORGANIZATION_ID,
      ...options.env,
    },
  });
  await t.db.db
    .update(shippers)
    .set({ paymentTypes: ['cash', 'payme', 'loyalty'] })
    .where(eq(shippers.id, CLIENT_HEADERS.shipper));
  return {
    t,
    fake,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** The customer's client headers with their token. */
export const authOf = (who: TestCustomer) => ({ ...CLIENT_HEADERS, authorization: `Bearer ${who.token}` });

/** POST /v2/crm/iiko-customer-info: the card's balance, as the checkout and the profile read it. */
export const balanceOf = (t: TestApp, who: TestCustomer) =>
  t.app.inject({ method: 'POST', url: '/v2/crm/iiko-customer-info', headers: authOf(who) });
