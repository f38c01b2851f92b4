import { ONLINE_PAYMENT_TYPES, ORDER_PAYMENT_TYPES, type TOrderQuoteResponse } from '@app/contracts';
import { type CartLine, MAX_CHANGE_FROM } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_DEFAULTS } from '@/lib/stores/checkout';
import { bonusAmount, bonusProblem, roundDownToHundred } from './bonus';
import { changeFromProblem, checkoutFormSchema, formValuesFrom, storedFrom } from './checkout-form';
import { attemptFor, keepsAttempt, loadAttempt, saveAttempt } from './idempotency';
import { buildOrderRequest, orderLineKeys, orderProducts, parseSum } from './order-request';
import {
  CHECKOUT_PAYMENT_TYPES,
  isOnlinePayment,
  ONLINE_CHECKOUT_TYPES,
  offeredPaymentTypes,
  offersLoyalty,
} from './payment-types';
import { blockerId, placeBlockers, type TPlaceState } from './place-blockers';
import { priceChanges, quotedLines, quotedPromoCode, sortQuoteErrors } from './quote';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const line = (over: Partial<CartLine>): CartLine => ({
  key: 'k',
  product_id: id(1),
  type: 'simple',
  variants: [],
  order_modifiers: [],
  quantity: 1,
  price: 10_000,
  price_with_discount: 10_000,
  in_stop: false,
  default_product: false,
  product_name: { ru: 'Плов', uz: 'Palov', en: 'Plov' },
  image_url: null,
  slug: 'plov',
  comment: '',
  ...over,
});

describe('order request: products and choices only, never a price', () => {
  const origin = line({
    key: 'o',
    product_id: id(2),
    type: 'origin',
    price: 40_000,
    variants: [{ group_id: id(2), product_id: id(3), title: { ru: 'L', uz: 'L', en: 'L' }, price: 40_000 }],
    order_modifiers: [{ modifier_id: id(4), modifier_price: 3_000, modifier_quantity: 2, parent_id: id(5) }],
    quantity: 2,
  });
  const combo = line({
    key: 'c',
    product_id: id(6),
    type: 'combo',
    price: 50_000,
    variants: [{ group_id: id(7), product_id: id(8), title: { ru: 'C', uz: 'C', en: 'C' }, price: 5_000 }],
  });
  const stopped = line({ key: 's', product_id: id(9), in_stop: true });

  it('sends the lines without prices, stopped ones left out', () => {
    const products = orderProducts([origin, combo, stopped]);
    expect(products).toEqual([
      {
        product_id: id(2),
        type: 'origin',
        variants: [{ group_id: id(2), product_id: id(3) }],
        quantity: 2,
        order_modifiers: [{ modifier_id: id(4), modifier_quantity: 2, parent_id: id(5) }],
      },
      {
        product_id: id(6),
        type: 'combo',
        variants: [{ group_id: id(7), product_id: id(8) }],
        quantity: 1,
        order_modifiers: [],
      },
    ]);
    expect(JSON.stringify(products)).not.toMatch(/price/);
  });

  it('knows the cart key of each line it sends', () => {
    expect(orderLineKeys([origin, stopped, combo])).toEqual(['o', 'c']);
  });

  it('builds a delivery body with the address and a pickup body without it', () => {
    const form = {
      ...formValuesFrom(CHECKOUT_DEFAULTS, ['cash', 'card']),
      apartment: ' 12 ',
      change_from: '200 000',
    };
    const delivery = buildOrderRequest({
      target: {
        deliveryType: 'delivery',
        branchId: id(10),
        address: 'Amir Temur 1',
        location: { lat: 41.3, long: 69.28 },
        zoneId: id(11),
      },
      lines: [combo],
      form,
      promoCode: 'WELCOME',
    });
    expect(delivery).toMatchObject({
      delivery_type: 'delivery',
      payment_type: 'cash',
      to_address: 'Amir Temur 1',
      to_location: { lat: 41.3, long: 69.28 },
      delivery_zone_id: id(11),
      apartment: '12',
      is_courier_call: true,
      future_time: null,
      is_preorder: false,
      promo_code: 'WELCOME',
      change_from: 200_000,
      steps: [{ branch_id: id(10) }],
    });
    const pickup = buildOrderRequest({
      target: { deliveryType: 'self-pickup', branchId: id(10) },
      lines: [combo],
      form: { ...form, payment_type: 'card', timing: 'scheduled', future_time: '2026-11-23T12:30:00+05:00' },
      promoCode: null,
    });
    expect(pickup).not.toHaveProperty('to_address');
    expect(pickup).not.toHaveProperty('change_from');
    expect(pickup).not.toHaveProperty('promo_code');
    expect(pickup).toMatchObject({ future_time: '2026-11-23T12:30:00+05:00', is_preorder: true });
  });

  it('reads a typed sum', () => {
    expect(parseSum('150 000')).toBe(150_000);
    expect(parseSum('')).toBeNull();
    expect(parseSum('12.5')).toBeNull();
    expect(parseSum('-5')).toBeNull();
  });
});

describe('checkout form rules (spec sections 3 and 5)', () => {
  const values = formValuesFrom(CHECKOUT_DEFAULTS, ['cash', 'card']);
  const ctx = {
    deliveryType: 'delivery' as const,
    slots: ['2026-11-23T12:30:00+05:00'],
    paymentTypes: ['cash', 'card'] as const,
  };
  const messages = (v: typeof values, c: Parameters<typeof checkoutFormSchema>[0] = ctx) => {
    const result = checkoutFormSchema(c).safeParse(v);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('starts valid: the courier calls, as soon as possible, cash without change', () => {
    expect(values).toMatchObject({ is_courier_call: true, timing: 'express', payment_type: 'cash' });
    expect(messages(values)).toEqual({});
  });

  it('requires apartment, floor and building for delivery when the courier does not call', () => {
    expect(messages({ ...values, is_courier_call: false })).toEqual({
      apartment: 'required',
      floor: 'required',
      building: 'required',
    });
    expect(
      messages({ ...values, is_courier_call: false, apartment: '5', floor: '2', building: '1' }),
    ).toEqual({});
    expect(messages({ ...values, is_courier_call: false }, { ...ctx, deliveryType: 'self-pickup' })).toEqual(
      {},
    );
  });

  it('takes cash change as a whole sum; paying by card, the field does not count', () => {
    expect(messages({ ...values, change_from: '120 000' })).toEqual({});
    expect(messages({ ...values, change_from: 'lots' })).toEqual({ change_from: 'changeNotNumber' });
    expect(messages({ ...values, change_from: '1'.repeat(21) })).toEqual({ change_from: 'changeNotNumber' });
    expect(messages({ ...values, payment_type: 'card', change_from: 'lots' })).toEqual({});
  });

  it('refuses cash change below the quote’s total (spec section 5), the domain’s rule', () => {
    expect(changeFromProblem('100000', 120_000)).toBe('changeBelowTotal');
    expect(changeFromProblem('119 999', 120_000)).toBe('changeBelowTotal');
    expect(changeFromProblem('120 000', 120_000)).toBeNull();
    expect(changeFromProblem('200000', 120_000)).toBeNull();
    // No change needed; a total not known yet checks only the number.
    expect(changeFromProblem('  ', 120_000)).toBeNull();
    expect(changeFromProblem('1', null)).toBeNull();
    expect(changeFromProblem('1 000 сум', null)).toBe('changeNotNumber');
    // The API takes at most MAX_CHANGE_FROM: more is said at the field, not left to a failed quote.
    expect(changeFromProblem(String(MAX_CHANGE_FROM), null)).toBeNull();
    expect(changeFromProblem(String(MAX_CHANGE_FROM + 1), null)).toBe('changeTooLarge');
    expect(changeFromProblem('3 000 000 000', 10_000)).toBe('changeTooLarge');
  });

  it('needs an offered slot for a scheduled order and an offered payment type', () => {
    expect(messages({ ...values, timing: 'scheduled', future_time: null })).toEqual({
      future_time: 'chooseTime',
    });
    expect(messages({ ...values, timing: 'scheduled', future_time: '2026-11-23T12:30:00+05:00' })).toEqual(
      {},
    );
    expect(messages(values, { ...ctx, paymentTypes: ['card'] })).toEqual({ payment_type: 'paymentType' });
  });

  it('offers the payment types the shipper takes, in one order; loyalty is no method of its own', () => {
    expect(offeredPaymentTypes(['click', 'payme', 'card', 'cash', 'loyalty'])).toEqual([
      'cash',
      'card',
      'payme',
      'click',
    ]);
    expect(offeredPaymentTypes(['card', 'click'])).toEqual(['card', 'click']);
    expect(offeredPaymentTypes(['loyalty'])).toEqual([]);
    expect(offersLoyalty(['cash', 'loyalty'])).toBe(true);
    expect(offersLoyalty(['cash', 'payme'])).toBe(false);
  });

  it('knows the contracts’ payment types, and which are paid online', () => {
    expect(CHECKOUT_PAYMENT_TYPES).toEqual(ORDER_PAYMENT_TYPES);
    expect(ONLINE_CHECKOUT_TYPES).toEqual(ONLINE_PAYMENT_TYPES);
    expect(CHECKOUT_PAYMENT_TYPES.filter(isOnlinePayment)).toEqual(['payme', 'click']);
  });

  it('takes payme and click as the order’s payment type when offered', () => {
    const online = { ...ctx, paymentTypes: ['cash', 'payme', 'click'] as const };
    expect(messages({ ...values, payment_type: 'payme' }, online)).toEqual({});
    expect(messages({ ...values, payment_type: 'click' }, ctx)).toEqual({ payment_type: 'paymentType' });
  });

  it('round-trips through the session store and fills details from the saved address', () => {
    const stored = {
      ...CHECKOUT_DEFAULTS,
      ...storedFrom({ ...values, change_from: '150000', comment: 'ring' }),
    };
    expect(stored).toMatchObject({ change_from: 150_000, comment: 'ring', is_preorder: false });
    expect(formValuesFrom(stored, ['cash']).change_from).toBe('150000');
    expect(formValuesFrom({ ...CHECKOUT_DEFAULTS, payment_type: 'card' }, ['cash']).payment_type).toBe(
      'cash',
    );
    expect(
      formValuesFrom(CHECKOUT_DEFAULTS, ['cash'], { floor: '4', porch: '2', apartment: '9' }),
    ).toMatchObject({
      floor: '4',
      building: '2',
      apartment: '9',
    });
  });
});

describe('Idempotency-Key: one key per attempt', () => {
  it('keeps the key for the same body and makes a new one for another body', () => {
    let n = 0;
    const make = () => `key-${++n}`;
    const first = attemptFor(null, { a: 1 }, make);
    expect(attemptFor(first, { a: 1 }, make)).toBe(first);
    const second = attemptFor(first, { a: 2 }, make);
    expect(second.key).toBe('key-2');
  });

  it('keeps the attempt open after no answer, a 5xx or 409, not after a refusal', () => {
    expect([0, 409, 500, 503].every(keepsAttempt)).toBe(true);
    expect([400, 404, 422].some(keepsAttempt)).toBe(false);
  });

  it('survives a reload in session storage', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    saveAttempt({ key: 'k1', fingerprint: '{}' }, storage);
    expect(loadAttempt(storage)).toEqual({ key: 'k1', fingerprint: '{}' });
    saveAttempt(null, storage);
    expect(loadAttempt(storage)).toBeNull();
    data.set('checkout.order_attempt', 'not json');
    expect(loadAttempt(storage)).toBeNull();
  });
});

describe('the server’s quote of the order', () => {
  const quote: TOrderQuoteResponse = {
    goods_price: 147_000,
    delivery_price: 12_000,
    delivery_reason: 'distance',
    delivery_distance: 1_200,
    discount_price: 20_000,
    total_price: 139_000,
    loyalty_amount: 0,
    loyalty_max: 0,
    amount_to_pay: 139_000,
    discounts: [
      {
        discount_id: id(20),
        discount_type: 'discount',
        discount_mode: 'fixed',
        promo_code: null,
        bonus_product: null,
        discount_price_for_order: 5_000,
        discount_title: { ru: 'a', uz: 'a', en: 'a' },
      },
      {
        discount_id: id(21),
        discount_type: 'promo_code',
        discount_mode: 'fixed',
        promo_code: 'WELCOME',
        bonus_product: null,
        discount_price_for_order: 15_000,
        discount_title: { ru: 'b', uz: 'b', en: 'b' },
      },
    ],
    lines: [
      // The size got dearer on the server: (42 000 + 2 x 3 000) x 2.
      { index: 0, product_id: id(2), unit_price: 48_000, total_price: 96_000, in_stop: false },
      { index: 1, product_id: id(6), unit_price: 55_000, total_price: 55_000, in_stop: false },
      { index: 2, product_id: id(9), unit_price: null, total_price: null, in_stop: false },
    ],
    min_order_amount: 60_000,
    free_delivery_order_amount: null,
    min_order_shortfall: 0,
    free_delivery_shortfall: null,
    errors: [
      { code: 'BRANCH_CLOSED', message: 'Closed' },
      { code: 'PRODUCT_NOT_ON_MENU', message: 'Not sold', field: 'steps[0].products[2].product_id' },
      { code: 'PROMO_CODE_ALREADY_USED', message: 'Used', field: 'promo_code' },
      { code: 'CHANGE_FROM_TOO_SMALL', message: 'Too little', field: 'change_from' },
    ],
  };
  const origin = line({
    key: 'o',
    product_id: id(2),
    type: 'origin',
    price: 40_000,
    price_with_discount: 35_000,
    order_modifiers: [{ modifier_id: id(4), modifier_price: 3_000, modifier_quantity: 2, parent_id: id(5) }],
    quantity: 2,
  });
  const combo = line({
    key: 'c',
    product_id: id(6),
    type: 'combo',
    price: 50_000,
    variants: [{ group_id: id(7), product_id: id(8), title: { ru: 'C', uz: 'C', en: 'C' }, price: 5_000 }],
  });
  const unknown = line({ key: 'u', product_id: id(9) });

  it('shows the promo code’s and the change’s refusals by their fields, the rest in the list', () => {
    const sorted = sortQuoteErrors(quote.errors);
    expect(sorted.promo?.message).toBe('Used');
    expect(sorted.changeFrom?.message).toBe('Too little');
    expect(sorted.listed.map((e) => e.code)).toEqual(['BRANCH_CLOSED', 'PRODUCT_NOT_ON_MENU']);
    // What the page already explains in its own words is not listed twice.
    expect(sortQuoteErrors(quote.errors, new Set(['BRANCH_CLOSED'])).listed.map((e) => e.code)).toEqual([
      'PRODUCT_NOT_ON_MENU',
    ]);
    expect(sortQuoteErrors([])).toEqual({ promo: null, changeFrom: null, listed: [] });
  });

  it('reads the applied promo code as the chain wrote it', () => {
    expect(quotedPromoCode(quote)).toBe('WELCOME');
    expect(quotedPromoCode({ ...quote, discounts: [] })).toBeNull();
  });

  it('maps quoted lines to cart lines and names those whose stored price is not the server’s', () => {
    const keys = orderLineKeys([origin, combo, unknown]);
    expect(quotedLines(keys, quote.lines).get('c')?.total_price).toBe(55_000);
    // The origin's stored unit is 40 000 + 6 000 (its discount aside): the server says 48 000. The
    // combo's 55 000 is right; the unknown line has no server price.
    expect(priceChanges([origin, combo, unknown], keys, quote.lines)).toEqual([
      { key: 'o', unitPrice: 48_000, name: origin.product_name },
    ]);
    // Keys of another cart (the line at that index is another product) change nothing.
    expect(priceChanges([combo], ['o'], quote.lines)).toEqual([]);
    expect(priceChanges([origin], [], quote.lines)).toEqual([]);
  });
});

describe('paying part of the order with bonuses (spec section 5: rounded down to the hundred)', () => {
  it('rounds a sum down to the hundred', () => {
    expect(roundDownToHundred(12_345)).toBe(12_300);
    expect(roundDownToHundred(12_300)).toBe(12_300);
    expect(roundDownToHundred(99)).toBe(0);
  });

  it('uses nothing unless chosen, and nothing while the maximum is not known or is 0', () => {
    expect(bonusAmount({ use: false, typed: '5000' }, 20_000)).toBe(0);
    expect(bonusAmount({ use: true, typed: '' }, null)).toBe(0);
    expect(bonusAmount({ use: true, typed: '5000' }, 0)).toBe(0);
  });

  it('uses the server’s maximum when no sum is typed', () => {
    expect(bonusAmount({ use: true, typed: '' }, 20_000)).toBe(20_000);
    expect(bonusAmount({ use: true, typed: '   ' }, 15_400)).toBe(15_400);
  });

  it('rounds a typed sum down to the hundred and never goes above the maximum', () => {
    expect(bonusAmount({ use: true, typed: '12 345' }, 20_000)).toBe(12_300);
    expect(bonusAmount({ use: true, typed: '20000' }, 20_000)).toBe(20_000);
    expect(bonusAmount({ use: true, typed: '20 001' }, 20_000)).toBe(20_000);
    expect(bonusAmount({ use: true, typed: '999999' }, 15_400)).toBe(15_400);
    expect(bonusAmount({ use: true, typed: '99' }, 20_000)).toBe(0);
  });

  it('refuses a sum that is not a whole number, and uses nothing then', () => {
    expect(bonusProblem('lots')).toBe('bonusNotNumber');
    expect(bonusProblem('12.5')).toBe('bonusNotNumber');
    expect(bonusProblem('1'.repeat(13))).toBe('bonusNotNumber');
    expect(bonusProblem('')).toBeNull();
    expect(bonusProblem('20 000')).toBeNull();
    expect(bonusAmount({ use: true, typed: 'lots' }, 20_000)).toBe(0);
  });

  it('sends the bonus part with the order only when there is one, and never a price', () => {
    const form = formValuesFrom(CHECKOUT_DEFAULTS, ['cash', 'payme']);
    const target = { deliveryType: 'self-pickup' as const, branchId: id(10) };
    const lines = [line({ key: 'a' })];
    const none = buildOrderRequest({ target, lines, form, promoCode: null, loyaltyAmount: 0 });
    expect(none).not.toHaveProperty('loyalty_amount');
    const some = buildOrderRequest({
      target,
      lines,
      form: { ...form, payment_type: 'payme', change_from: '200000' },
      promoCode: null,
      loyaltyAmount: 12_300,
    });
    expect(some).toMatchObject({ payment_type: 'payme', loyalty_amount: 12_300 });
    // Change is for cash only.
    expect(some).not.toHaveProperty('change_from');
    expect(JSON.stringify(some)).not.toMatch(/price/);
  });

  it('checks the bonus sum only while bonuses are chosen, and never keeps the choice for the next order', () => {
    const schema = checkoutFormSchema({ deliveryType: 'self-pickup', slots: [], paymentTypes: ['cash'] });
    const values = formValuesFrom(CHECKOUT_DEFAULTS, ['cash']);
    expect(values).toMatchObject({ use_bonus: false, bonus_amount: '' });
    expect(schema.safeParse({ ...values, bonus_amount: 'lots' }).success).toBe(true);
    const refused = schema.safeParse({ ...values, use_bonus: true, bonus_amount: 'lots' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bonus_amount', 'bonusNotNumber'],
    ]);
    expect(storedFrom({ ...values, use_bonus: true, bonus_amount: '5000' })).not.toHaveProperty('use_bonus');
  });
});

describe('why Place order is off: the messages that describe it', () => {
  const none: TPlaceState = {
    canPlace: false,
    placing: false,
    whereMissing: false,
    outOfZone: false,
    failed: false,
    calculating: false,
    listedErrors: 0,
    minimumShort: false,
    closed: false,
    stopped: false,
  };

  it('names each message shown, in the page’s order', () => {
    expect(placeBlockers({ ...none, whereMissing: true })).toEqual(['where']);
    expect(placeBlockers({ ...none, outOfZone: true })).toEqual(['zone']);
    expect(placeBlockers({ ...none, failed: true })).toEqual(['failure']);
    expect(placeBlockers({ ...none, calculating: true })).toEqual(['calculating']);
    expect(placeBlockers({ ...none, listedErrors: 2 })).toEqual(['errors']);
    expect(placeBlockers({ ...none, minimumShort: true })).toEqual(['minimum']);
    expect(placeBlockers({ ...none, closed: true })).toEqual(['closed']);
    expect(placeBlockers({ ...none, stopped: true })).toEqual(['stopped']);
    expect(
      placeBlockers({
        ...none,
        outOfZone: true,
        minimumShort: true,
        listedErrors: 1,
        closed: true,
        stopped: true,
      }),
    ).toEqual(['zone', 'minimum', 'errors', 'closed', 'stopped']);
  });

  it('names nothing when the order can be placed, or while it is placed (the button says so itself)', () => {
    const all = { ...none, outOfZone: true, listedErrors: 1, closed: true, stopped: true };
    expect(placeBlockers({ ...all, canPlace: true })).toEqual([]);
    expect(placeBlockers({ ...all, placing: true })).toEqual([]);
    expect(placeBlockers(none)).toEqual([]);
  });

  it('gives each message an id of its own under the form’s prefix', () => {
    expect(blockerId(':r1:', 'closed')).toBe(':r1:-why-closed');
    expect(blockerId(':r1:', 'closed')).not.toBe(blockerId(':r1:', 'stopped'));
  });
});
