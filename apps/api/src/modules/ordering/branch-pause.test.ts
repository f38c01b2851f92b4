/**
 * Issue 13: a manager's pause of a whole branch ('busy kitchen', `branches.paused_until`) and of its
 * deliveries (`delivery_paused_until`) reach the customer API: the branch answers carry them, the
 * nearest-branch list answers `is_open: false`, and placing an order and its quote are refused with
 * the spec's closed text and the time the branch reopens (or DELIVERY_PAUSED), until the pause ends
 * on the app's clock.
 */
import {
  ZApiError,
  ZBranch,
  ZBranchListResponse,
  ZCreateOrderResponse,
  ZNearestBranchResponse,
  ZOrderQuoteResponse,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { branches } from '../../db/schema/index.ts';
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
  wrapLines,
} from '../../test/orders.ts';
import { useOrderingApp } from './ordering.fixtures.ts';

/** 12:00 in Tashkent, Monday 2 March 2026: every active fixture branch is open by its hours. */
const NOON = ORDER_TEST_NOON;
/** An instant of that day on Tashkent's clock. */
const tashkent = (time: string, day = '2026-03-02') => new Date(`${day}T${time}+05:00`);
const clock = createTestClock(NOON);
let t: TestApp;
let customer: TestCustomer;

useOrderingApp(clock, (app, signedIn) => {
  t = app;
  customer = signedIn;
});
beforeEach(async () => {
  clock.set(NOON);
  await t.db.db.update(branches).set({ pausedUntil: null, deliveryPausedUntil: null });
});

async function pause(
  branchId: string,
  fields: { pausedUntil?: Date | null; deliveryPausedUntil?: Date | null },
): Promise<void> {
  await t.db.db.update(branches).set(fields).where(eq(branches.id, branchId));
}

function post(url: string, body: unknown, locale: 'ru' | 'uz' | 'en' = 'en') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}`, 'accept-language': locale },
    payload: body as object,
  });
}
const place = (body: unknown, locale: 'ru' | 'uz' | 'en' = 'en') =>
  postOrder(t, customer.token, body, { locale });
const quote = async (body: unknown, locale: 'ru' | 'uz' | 'en' = 'en') => {
  const res = await post('/v2/ondemand-order/quote', body, locale);
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderQuoteResponse.parse(res.json());
};

async function expectRefusal(body: unknown, code: string, texts: { ru: string; uz: string; en: string }) {
  for (const locale of ['ru', 'uz', 'en'] as const) {
    const res = await place(body, locale);
    expect(res.statusCode, res.body).toBe(422);
    const error = ZApiError.parse(res.json());
    expect(error.code).toBe(code);
    expect(error.message).toBe(texts[locale]);
  }
  const q = await quote(body);
  expect(q.errors.map((e) => e.code)).toContain(code);
  expect(q.errors.find((e) => e.code === code)?.message).toBe(texts.en);
}

/** A time as every language writes it ('12:40'), or each its own way (a day away: '04.03 15:00', 'Mar 4, 15:00'). */
type Times = string | { ru: string; uz: string; en: string };
const each = (time: Times) => (typeof time === 'string' ? { ru: time, uz: time, en: time } : time);
const closedAt = (time: Times) => {
  const at = each(time);
  return {
    ru: `Этот ресторан сейчас закрыт. Пожалуйста, возвращайтесь с ${at.ru}`,
    uz: `Bu restoran hozir yopiq. Iltimos, ${at.uz} dan keyin qayting`,
    en: `This restaurant is currently closed. Please come back from ${at.en}`,
  };
};
const deliveryPausedUntil = (time: Times) => {
  const at = each(time);
  return {
    ru: `Доставка из этого ресторана приостановлена до ${at.ru}. Вы можете оформить самовывоз`,
    uz: `Bu restorandan yetkazib berish ${at.uz} gacha to'xtatilgan. Olib ketish uchun buyurtma berishingiz mumkin`,
    en: `Delivery from this restaurant is paused until ${at.en}. You can order pickup`,
  };
};

describe('the branch answers carry the pauses', () => {
  it('GET /v1/branches/{id} and the list send paused_until and delivery_paused_until as stored', async () => {
    let res = await t.get(`/v1/branches/${F.chilonzor}`);
    expect(ZBranch.parse(res.json())).toMatchObject({ paused_until: null, delivery_paused_until: null });

    await pause(F.chilonzor, {
      pausedUntil: tashkent('12:40:00'),
      deliveryPausedUntil: tashkent('13:00:00'),
    });
    res = await t.get(`/v1/branches/${F.chilonzor}`);
    expect(res.statusCode).toBe(200);
    expect(ZBranch.parse(res.json())).toMatchObject({
      paused_until: '2026-03-02T07:40:00.000Z',
      delivery_paused_until: '2026-03-02T08:00:00.000Z',
    });
    const list = ZBranchListResponse.parse((await t.get('/v1/branches?limit=100')).json());
    expect(list.branches.find((b) => b.id === F.chilonzor)).toMatchObject({
      paused_until: '2026-03-02T07:40:00.000Z',
    });
    expect(list.branches.find((b) => b.id === F.yunusobod)).toMatchObject({ paused_until: null });
  });

  it('GET /v1/nearest-branch answers is_open: false while paused, true once the pause ended', async () => {
    const url = `/v1/nearest-branch?lat=${F.westPoint.lat}&long=${F.westPoint.long}`;
    const isOpen = async () => {
      const res = await t.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return ZNearestBranchResponse.parse(res.json()).branches.find((b) => b.id === F.chilonzor)?.is_open;
    };
    expect(await isOpen()).toBe(true);
    await pause(F.chilonzor, { pausedUntil: tashkent('12:40:00') });
    expect(await isOpen()).toBe(false);
    clock.set(tashkent('12:39:59'));
    expect(await isOpen()).toBe(false);
    clock.set(tashkent('12:40:00'));
    expect(await isOpen()).toBe(true);
  });

  it('a delivery pause alone leaves the branch open (pickup goes on)', async () => {
    await pause(F.chilonzor, { deliveryPausedUntil: tashkent('12:40:00') });
    const res = await t.get(`/v1/nearest-branch?lat=${F.westPoint.lat}&long=${F.westPoint.long}`);
    const near = ZNearestBranchResponse.parse(res.json()).branches.find((b) => b.id === F.chilonzor);
    expect(near).toMatchObject({ is_open: true, delivery_paused_until: '2026-03-02T07:40:00.000Z' });
  });
});

describe('a paused branch refuses orders and quotes', () => {
  it('refuses delivery and pickup with the closed text and the time the pause ends', async () => {
    await pause(F.chilonzor, { pausedUntil: tashkent('12:40:00') });
    await expectRefusal(deliveryOrderBody(), 'BRANCH_CLOSED', closedAt('12:40'));
    await expectRefusal(pickupOrderBody(), 'BRANCH_CLOSED', closedAt('12:40'));
  });

  it('a pause ending within a minute names the next whole minute', async () => {
    await pause(F.chilonzor, { pausedUntil: tashkent('12:40:30') });
    await expectRefusal(pickupOrderBody(), 'BRANCH_CLOSED', closedAt('12:41'));
  });

  it('a pause past closing time names the next opening; one of days names the day', async () => {
    // registan works 10:00-22:00.
    await pause(F.registan, { pausedUntil: tashkent('23:00:00') });
    const registan = pickupOrderBody(withProducts(wrapLines(), F.registan));
    const res = await place(registan);
    expect(ZApiError.parse(res.json())).toMatchObject({
      code: 'BRANCH_CLOSED',
      message: closedAt('10:00').en,
    });

    await pause(F.chilonzor, { pausedUntil: tashkent('15:00:00', '2026-03-04') });
    await expectRefusal(
      pickupOrderBody(),
      'BRANCH_CLOSED',
      closedAt({ ru: '04.03 15:00', uz: '04.03 15:00', en: 'Mar 4, 15:00' }),
    );
  });

  it('takes the order again once the pause ended (the same pause, a later clock)', async () => {
    await pause(F.chilonzor, { pausedUntil: tashkent('12:40:00') });
    expect((await place(pickupOrderBody())).statusCode).toBe(422);
    clock.set(tashkent('12:40:00'));
    const res = await place(pickupOrderBody());
    expect(res.statusCode, res.body).toBe(201);
    ZCreateOrderResponse.parse(res.json());
    expect((await quote(deliveryOrderBody())).errors).toEqual([]);
  });

  it('another branch is not touched by the pause', async () => {
    await pause(F.yunusobod, { pausedUntil: tashkent('18:00:00') });
    expect((await place(pickupOrderBody())).statusCode).toBe(201);
  });

  it('refuses a scheduled order inside the pause, takes one after it', async () => {
    await pause(F.chilonzor, { pausedUntil: tashkent('14:00:00') });
    await expectRefusal(
      pickupOrderBody({ future_time: '2026-03-02T13:30:00+05:00' }),
      'BRANCH_CLOSED',
      closedAt('14:00'),
    );
    const res = await place(pickupOrderBody({ future_time: '2026-03-02T14:00:00+05:00' }));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('paused deliveries', () => {
  it('refuse a delivery with DELIVERY_PAUSED in ru, uz and en; pickup is taken', async () => {
    await pause(F.chilonzor, { deliveryPausedUntil: tashkent('13:15:00') });
    await expectRefusal(deliveryOrderBody(), 'DELIVERY_PAUSED', deliveryPausedUntil('13:15'));
    const pickup = await place(pickupOrderBody());
    expect(pickup.statusCode, pickup.body).toBe(201);
  });

  it('refuse a scheduled delivery inside the pause, take one after it; end with the pause', async () => {
    await pause(F.chilonzor, { deliveryPausedUntil: tashkent('13:15:00') });
    const early = await place(deliveryOrderBody({ future_time: '2026-03-02T13:00:00+05:00' }));
    expect(ZApiError.parse(early.json())).toMatchObject({ code: 'DELIVERY_PAUSED' });
    const later = await place(deliveryOrderBody({ future_time: '2026-03-02T13:15:00+05:00' }));
    expect(later.statusCode, later.body).toBe(201);

    clock.set(tashkent('13:15:00'));
    const now = await place(deliveryOrderBody());
    expect(now.statusCode, now.body).toBe(201);
  });

  it('a whole-branch pause is named first when both are paused', async () => {
    await pause(F.chilonzor, {
      pausedUntil: tashkent('12:30:00'),
      deliveryPausedUntil: tashkent('13:00:00'),
    });
    await expectRefusal(deliveryOrderBody(), 'BRANCH_CLOSED', closedAt('12:30'));
  });
});
