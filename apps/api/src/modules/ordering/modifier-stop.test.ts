/**
 * Issue 13: a modifier on a branch's modifier stop list (`branch_modifier_stop_list`: a single
 * modifier's id or a group variant's id) is shown `in_stop` by GET /v2/modifier for that branch, and
 * an order or a quote choosing it is refused with MODIFIER_UNAVAILABLE naming it; other branches and
 * other modifiers are untouched.
 */
import { ZApiError, ZModifierResponse, ZOrderQuoteResponse } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { branchModifierStopList } from '../../db/schema/index.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE as F,
  ORDER_TEST_NOON,
  pickupOrderBody,
  postOrder,
  type TestCustomer,
  withProducts,
} from '../../test/orders.ts';
import { useOrderingApp } from './ordering.fixtures.ts';

const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let customer: TestCustomer;
const M = F.modifiers;

useOrderingApp(clock, (app, signedIn) => {
  t = app;
  customer = signedIn;
});
beforeEach(async () => {
  await t.db.db.delete(branchModifierStopList);
});

const stop = (branchId: string, modifierId: string) =>
  t.db.db.insert(branchModifierStopList).values({ branchId, modifierId });

/** A beef wrap with the given sauce variant (the group needs one) and, optionally, cheese. */
const wrap = (sauce: string, cheese = 0) => [
  {
    product_id: F.products.beefWrap,
    type: 'simple' as const,
    // Two: one is below the chain's minimum order.
    quantity: 2,
    variants: [],
    order_modifiers: [
      { modifier_id: sauce, modifier_quantity: 1, parent_id: M.sauce },
      ...(cheese ? [{ modifier_id: M.cheese, modifier_quantity: cheese, parent_id: null }] : []),
    ],
  },
];

const modifiersAt = async (branchId?: string) => {
  const res = await t.get(
    `/v2/modifier?product_id=${F.products.beefWrap}${branchId ? `&branch_id=${branchId}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const { product_modifiers } = ZModifierResponse.parse(res.json());
  return {
    cheese: product_modifiers.single_modifiers.find((m) => m.id === M.cheese)?.in_stop,
    garlic: product_modifiers.group_modifiers[0]?.variants.find((v) => v.id === M.garlic)?.in_stop,
    chili: product_modifiers.group_modifiers[0]?.variants.find((v) => v.id === M.chili)?.in_stop,
  };
};

describe('GET /v2/modifier with branch_id', () => {
  it('marks the single modifiers and variants on that branch’s stop list, and no others', async () => {
    expect(await modifiersAt(F.chilonzor)).toEqual({ cheese: false, garlic: false, chili: false });
    await stop(F.chilonzor, M.cheese);
    await stop(F.chilonzor, M.chili);
    expect(await modifiersAt(F.chilonzor)).toEqual({ cheese: true, garlic: false, chili: true });
    // Another branch, and no branch at all: nothing stopped.
    expect(await modifiersAt(F.yunusobod)).toEqual({ cheese: false, garlic: false, chili: false });
    expect(await modifiersAt()).toEqual({ cheese: false, garlic: false, chili: false });
  });

  it('follows the stop list being cleared (the cached answer is dropped)', async () => {
    await stop(F.chilonzor, M.garlic);
    expect((await modifiersAt(F.chilonzor)).garlic).toBe(true);
    await t.db.db.delete(branchModifierStopList);
    expect((await modifiersAt(F.chilonzor)).garlic).toBe(false);
  });

  it('refuses a malformed branch_id with 400', async () => {
    const res = await t.get(`/v2/modifier?product_id=${F.products.beefWrap}&branch_id=chilonzor`, {
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).message).toBe('Invalid query: branch_id must be a uuid');
  });
});

describe('an order choosing a stopped modifier', () => {
  const texts = {
    ru: 'Нет в наличии: Чили к блюду «Лаваш с говядиной». Выберите другую добавку',
    uz: "Mavjud emas: \"Mol go'shtli o'rama\" taomiga Chili. Boshqa qo'shimchani tanlang",
    en: 'Unavailable: Chili for "Beef wrap". Choose another add-on',
  };

  it('is refused with MODIFIER_UNAVAILABLE naming it, in ru, uz and en; the quote lists it', async () => {
    await stop(F.chilonzor, M.chili);
    const body = deliveryOrderBody(withProducts(wrap(M.chili)));
    for (const locale of ['ru', 'uz', 'en'] as const) {
      const res = await postOrder(t, customer.token, body, { locale });
      expect(res.statusCode, res.body).toBe(422);
      const error = ZApiError.parse(res.json());
      expect(error.code).toBe('MODIFIER_UNAVAILABLE');
      expect(error.message).toBe(texts[locale]);
      expect(error.fields).toEqual([
        {
          field: 'steps[0].products[0].order_modifiers[0].modifier_id',
          message: "is on the branch's modifier stop list",
        },
      ]);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/ondemand-order/quote',
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}`, 'accept-language': 'en' },
      payload: body,
    });
    const quote = ZOrderQuoteResponse.parse(res.json());
    expect(quote.errors).toContainEqual(
      expect.objectContaining({ code: 'MODIFIER_UNAVAILABLE', message: texts.en }),
    );
    expect(quote.lines[0]?.in_stop).toBe(true);
  });

  it('a stopped single modifier is refused too; without it the same dish is taken', async () => {
    await stop(F.chilonzor, M.cheese);
    const res = await postOrder(t, customer.token, pickupOrderBody(withProducts(wrap(M.garlic, 1))), {
      locale: 'en',
    });
    expect(ZApiError.parse(res.json())).toMatchObject({
      code: 'MODIFIER_UNAVAILABLE',
      message: 'Unavailable: Cheese for "Beef wrap". Choose another add-on',
    });
    const plain = await postOrder(t, customer.token, pickupOrderBody(withProducts(wrap(M.garlic))));
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('another branch takes the same modifier', async () => {
    await stop(F.yunusobod, M.chili);
    const res = await postOrder(t, customer.token, pickupOrderBody(withProducts(wrap(M.chili))));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a compulsory group with every variant stopped leaves the dish unorderable', async () => {
    await stop(F.chilonzor, M.garlic);
    await stop(F.chilonzor, M.chili);
    for (const sauce of [M.garlic, M.chili]) {
      const res = await postOrder(t, customer.token, pickupOrderBody(withProducts(wrap(sauce))));
      expect(ZApiError.parse(res.json()).code).toBe('MODIFIER_UNAVAILABLE');
    }
    // Leaving the group out is no way round it: the group needs a choice.
    const [line] = wrap(M.garlic);
    if (!line) throw new Error('wrap() gives one line');
    const none = await postOrder(
      t,
      customer.token,
      pickupOrderBody(withProducts([{ ...line, order_modifiers: [] }])),
    );
    expect(ZApiError.parse(none.json()).code).toBe('MODIFIERS_INVALID');
  });
});
