import { ZProductListResponse } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchStopList } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  ORDER_FIXTURE as F,
  ORDER_TEST_NOON,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import {
  cardInStop,
  pageUnavailable as cardPageUnavailable,
  menuCard,
  type OrderLine,
  quoteLine,
  TASHKENT_MENU,
  written,
} from './card-stop.fixtures.ts';

/*
 * A combo (lunch-combo, on the Tashkent menu) is ordered with one pick in each of its groups: 'main'
 * (beef-wrap or lamb-shashlik) and 'drink' (cola alone). A branch's stop list may stop the picks.
 * With every option of one group stopped there, no pick of it can be ordered (ordering refuses a
 * stopped pick), so the combo is 'Unavailable': its product page says so (domain
 * `optionsUnorderable`), and so does its menu card (`in_stop`, domain `comboPicksStopped`).
 */

let t: TestApp;
let customer: TestCustomer;
beforeAll(async () => {
  // Noon in Tashkent: both branches open, so a quote's only refusals are the lines'.
  t = await buildTestApp({ clock: () => new Date(ORDER_TEST_NOON) });
  customer = await signInTestCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

const P = F.products;
const { chilonzor, yunusobod } = F;

/** Puts products on a branch's stop list for the length of `body`, then takes them off again. */
async function withStopped(branchId: string, productIds: string[], body: () => Promise<void>): Promise<void> {
  await written(t, () =>
    t.db.db.insert(branchStopList).values(productIds.map((productId) => ({ branchId, productId }))),
  );
  try {
    await body();
  } finally {
    await written(t, () =>
      t.db.db
        .delete(branchStopList)
        .where(and(eq(branchStopList.branchId, branchId), inArray(branchStopList.productId, productIds))),
    );
  }
}

const COMBO = 'lunch-combo';
const inStop = (branchId: string) => cardInStop(t, branchId, COMBO);
const pageUnavailable = (branchId: string) => cardPageUnavailable(t, branchId, COMBO);

/** Whether ordering takes the combo at the branch with some pick in each group (a quote of each). */
async function orderable(branchId: string): Promise<boolean> {
  const results: boolean[] = [];
  for (const main of [P.beefWrap, P.lambShashlik]) {
    const line: OrderLine = {
      product_id: P.lunchCombo,
      type: 'combo',
      quantity: 1,
      variants: [
        { group_id: F.combo.main, product_id: main },
        { group_id: F.combo.drink, product_id: P.cola },
      ],
    };
    const quoted = await quoteLine(t, customer.token, line, branchId);
    expect(quoted.lines).toHaveLength(1);
    const priced = quoted.lines[0];
    const taken = priced !== undefined && priced.unit_price !== null && !priced.in_stop;
    // Taken: nothing refused (placing it would succeed); else refused for a stopped pick.
    if (taken) expect(quoted.errors).toEqual([]);
    else expect(quoted.errors.map((e) => e.code)).toContain('PRODUCT_UNAVAILABLE');
    results.push(taken);
  }
  return results.some(Boolean);
}

/** The card, the product page and ordering, at the branch: all three say `unavailable`. */
async function expectAgreed(branchId: string, unavailable: boolean): Promise<void> {
  expect(await inStop(branchId)).toBe(unavailable);
  expect(await pageUnavailable(branchId)).toBe(unavailable);
  expect(await orderable(branchId)).toBe(!unavailable);
}

describe('GET /v2/menu-products: the card of a combo', () => {
  it('is not in_stop while each group has an option left, one option of a group stopped', async () => {
    await expectAgreed(chilonzor, false);
    await withStopped(chilonzor, [P.beefWrap], async () => {
      await expectAgreed(chilonzor, false);
    });
  });

  it('is in_stop when every option of one group is stopped at the branch, and only there', async () => {
    // Read (and cached) before the stop: the stop list's change drops it.
    expect(await inStop(chilonzor)).toBe(false);
    await withStopped(chilonzor, [P.cola], async () => {
      await expectAgreed(chilonzor, true);
      // Another branch of the same menu, and the menu without a branch, are not marked.
      await expectAgreed(yunusobod, false);
      expect((await menuCard(t, `menu_id=${TASHKENT_MENU}`, COMBO)).in_stop).toBe(false);
    });
    await expectAgreed(chilonzor, false);
  });

  it('is in_stop with both mains stopped, and not once one of them is back', async () => {
    await withStopped(chilonzor, [P.beefWrap], async () => {
      await withStopped(chilonzor, [P.lambShashlik], async () => {
        await expectAgreed(chilonzor, true);
      });
      // The shashlik is back: the combo can be ordered with it.
      await expectAgreed(chilonzor, false);
    });
  });

  it('still marks the combo itself stopped, its picks aside', async () => {
    await withStopped(chilonzor, [P.lunchCombo], async () => {
      expect(await inStop(chilonzor)).toBe(true);
      expect(await pageUnavailable(chilonzor)).toBe(true);
    });
  });
});

describe('GET /v2/product?menu_id=: a combo with a group wholly stopped somewhere', () => {
  it('is still listed: the menu sells it, the stop list is a branch’s and live (its card marks it)', async () => {
    const list = async () => {
      const res = await t.get(`/v2/product?menu_id=${TASHKENT_MENU}&product_types=combo`);
      expect(res.statusCode, res.body).toBe(200);
      return ZProductListResponse.parse(res.json());
    };
    const before = await list();
    expect(before.products.map((p) => p.slug)).toEqual(['lunch-combo']);
    await withStopped(chilonzor, [P.cola], async () => {
      expect(await list()).toEqual(before);
    });
  });
});
