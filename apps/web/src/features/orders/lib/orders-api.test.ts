import type { TProductDetail, TProductSummary } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { sampleLine, sampleOrder, text } from '@/test/order-fixtures';
import {
  fetchOrder,
  fetchOrders,
  fetchReviewEligibility,
  loadRepeatSources,
  postReview,
  REVIEW_ELIGIBILITY_KEY,
  reviewEligibilityQueryKey,
} from './orders-api';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PLOV = id(1);
const SAMSA = id(2);

/** A client over a fake API: answers by path, records what was asked. */
function fakeApi(routes: Record<string, (url: URL) => { status?: number; body: unknown }>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    const route = routes[url.pathname];
    const answer = route
      ? route(url)
      : { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient({ baseUrl: 'http://api.test', shipperId: id(900), platformId: id(901) });
  return { api, calls, fetchMock };
}

/** A product as the API answers it (every answer is parsed with its contract). */
const summary = (pid: string, over: Partial<TProductSummary> = {}): TProductSummary => ({
  id: pid,
  slug: `p-${pid.slice(-2)}`,
  title: text('P'),
  description: text(''),
  out_price: 30_000,
  type: 'simple',
  has_modifier: false,
  image: null,
  tags: [],
  categories: [],
  rating: 0,
  reviews_count: 0,
  weight: 300,
  energy: 500,
  cooking_time: 15,
  popularity: 1,
  ...over,
});
const productBody = (pid: string, over: Partial<TProductDetail> = {}): TProductDetail => ({
  ...summary(pid),
  fats: 10,
  proteins: 10,
  carbohydrates: 10,
  ingredients: text(''),
  allergens: text(''),
  active_in_menu: true,
  variants: [],
  combo_groups: [],
  ...over,
});

describe('today’s menu for a repeat', () => {
  it('reads each product once with the menu’s price, its modifiers, the stop list and the auto-added products', async () => {
    const MENU = id(50);
    const BRANCH = id(60);
    const NAPKINS = id(3);
    const GONE = id(4);
    const { api, calls } = fakeApi({
      '/v2/menu-products': () => ({
        body: {
          menu_id: MENU,
          branch_id: BRANCH,
          categories: [
            {
              id: id(70),
              slug: 'main',
              title: text('Main'),
              products: [
                { ...summary(PLOV), in_stop: false },
                { ...summary(SAMSA), in_stop: true },
              ],
            },
          ],
          tags: [],
        },
      }),
      '/v3/auto-add-product': () => ({
        body: {
          products: [
            {
              product: summary(NAPKINS, { slug: 'napkins', out_price: 0 }),
              quantity: 1,
              delivery_type: null,
              min_order_price: 0,
            },
          ],
        },
      }),
      [`/v2/product/${PLOV}`]: () => ({ body: productBody(PLOV, { has_modifier: true }) }),
      [`/v2/product/${SAMSA}`]: () => ({ body: productBody(SAMSA) }),
      '/v2/modifier': () => ({
        body: {
          product_modifiers: {
            single_modifiers: [
              {
                id: id(80),
                name: text('Cheese'),
                price: 4_000,
                is_compulsory: false,
                category_name: text('Extras'),
                max_amount: 2,
                in_stop: false,
              },
            ],
            group_modifiers: [],
          },
        },
      }),
      // The branch's live stop list: a size and a modifier besides the menu's stopped samsa.
      '/v2/stop-list': () => ({
        body: {
          branch_id: BRANCH,
          product_ids: [SAMSA, id(90)],
          modifier_ids: [id(91)],
          menu_version: 'v1',
          paused_until: null,
          delivery_paused_until: null,
          work_hour_start: '10:00',
          work_hour_end: '23:00',
        },
      }),
    });
    const lines = [
      sampleLine({ product_id: PLOV }),
      sampleLine({ product_id: PLOV, id: id(201) }),
      sampleLine({ product_id: SAMSA }),
      sampleLine({ product_id: GONE }),
    ];
    const { sources, autoAddProductIds, stoppedIds } = await loadRepeatSources(api, lines, {
      menuId: MENU,
      branchId: BRANCH,
      deliveryType: 'delivery',
    });
    expect(sources.get(PLOV)).toMatchObject({ product: { id: PLOV }, inStop: false });
    expect(sources.get(PLOV)?.modifiers.single_modifiers).toHaveLength(1);
    expect(sources.get(SAMSA)).toMatchObject({ product: { id: SAMSA }, inStop: true });
    expect(sources.get(GONE)).toEqual({
      product: null,
      modifiers: { single_modifiers: [], group_modifiers: [] },
      inStop: false,
    });
    expect([...autoAddProductIds]).toEqual([NAPKINS]);
    expect(calls.filter((c) => c.includes(`/v2/product/${PLOV}`))).toEqual([
      `GET /v2/product/${PLOV}?menu_id=${MENU}`,
    ]);
    expect(calls).toContain(`GET /v2/menu-products?menu_id=${MENU}&branch_id=${BRANCH}`);
    // The branch's stopped modifiers are marked in the modifiers' answer, and its whole stop list kept.
    expect(calls).toContain(`GET /v2/modifier?product_id=${PLOV}&branch_id=${BRANCH}`);
    expect(calls).toContain(`GET /v2/stop-list?branch_id=${BRANCH}`);
    expect([...stoppedIds].sort()).toEqual([SAMSA, id(90), id(91)].sort());
    vi.unstubAllGlobals();
  });

  it('fails when the menu cannot be read (the customer is told, nothing is added)', async () => {
    const { api } = fakeApi({
      '/v2/menu-products': () => ({ status: 503, body: { statusCode: 503, code: 'X', message: 'Down' } }),
    });
    await expect(
      loadRepeatSources(api, [sampleLine()], { menuId: id(50), branchId: null, deliveryType: 'delivery' }),
    ).rejects.toMatchObject({ status: 503, data: { message: 'Down' } });
    vi.unstubAllGlobals();
  });
});

describe('posting a review', () => {
  it('sends the product, the order, the rating and the text', async () => {
    const review = {
      id: id(5),
      rating: 5,
      review_message: 'Great',
      created_at: '2025-03-01T12:00:00.000Z',
      client_name: 'Aziz',
    };
    const { api, fetchMock } = fakeApi({ '/v1/user_reviews': () => ({ status: 201, body: review }) });
    await postReview(api, { product_id: PLOV, order_id: id(101), rating: 5, review_message: 'Great' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      related_subject: 'product',
      product_id: PLOV,
      order_id: id(101),
      rating: 5,
      review_message: 'Great',
    });
    vi.unstubAllGlobals();
  });
});

describe('may the customer rate this dish (product page)', () => {
  const ORDER = id(101);

  it('asks the API once, for this product, and answers what it says', async () => {
    const { api, calls } = fakeApi({
      '/v1/user_reviews/eligibility': (url) => ({
        body:
          url.searchParams.get('product_id') === PLOV
            ? { can_review: true, order_id: ORDER, reason: null }
            : { can_review: false, order_id: null, reason: 'not_ordered' },
      }),
    });
    expect(await fetchReviewEligibility(api, PLOV)).toEqual({
      can_review: true,
      order_id: ORDER,
      reason: null,
    });
    expect(await fetchReviewEligibility(api, SAMSA)).toEqual({
      can_review: false,
      order_id: null,
      reason: 'not_ordered',
    });
    // No orders are read: one call per dish.
    expect(calls).toEqual([
      `GET /v1/user_reviews/eligibility?product_id=${PLOV}`,
      `GET /v1/user_reviews/eligibility?product_id=${SAMSA}`,
    ]);
    vi.unstubAllGlobals();
  });

  it('rejects with the API’s status (401 signs out) or a bad answer', async () => {
    const { api } = fakeApi({
      '/v1/user_reviews/eligibility': () => ({
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue' },
      }),
    });
    await expect(fetchReviewEligibility(api, PLOV)).rejects.toMatchObject({ status: 401 });
    vi.unstubAllGlobals();
    const wrong = fakeApi({ '/v1/user_reviews/eligibility': () => ({ body: { can_review: 'yes' } }) });
    await expect(fetchReviewEligibility(wrong.api, PLOV)).rejects.toMatchObject({
      data: { code: 'BAD_RESPONSE' },
    });
    vi.unstubAllGlobals();
  });

  it('is cached per customer and dish, under one key a posted review invalidates', () => {
    const key = reviewEligibilityQueryKey(id(7), PLOV);
    expect(key).toEqual(['review-eligibility', id(7), PLOV]);
    expect(key.slice(0, REVIEW_ELIGIBILITY_KEY.length)).toEqual([...REVIEW_ELIGIBILITY_KEY]);
    expect(reviewEligibilityQueryKey(id(8), PLOV)).not.toEqual(key);
  });
});

describe('the order answers are parsed with their contracts', () => {
  const ORDER = sampleOrder({ lines: [sampleLine()] });

  it('takes the orders and the order as the API gives them', async () => {
    const { api } = fakeApi({
      '/v2/orders': () => ({ body: { count: 1, orders: [ORDER], next_before: null } }),
      [`/v2/orders/${ORDER.id}`]: () => ({ body: ORDER }),
    });
    // An order in the list is a summary: the detail's own fields are dropped.
    const list = await fetchOrders(api, 'current', null);
    expect(list.orders[0]).toMatchObject({ id: ORDER.id, status: 'new', total_price: ORDER.total_price });
    expect(list.orders[0]).not.toHaveProperty('lines');
    await expect(fetchOrder(api, ORDER.id)).resolves.toEqual(ORDER);
    vi.unstubAllGlobals();
  });

  it('refuses a wrong shape with BAD_RESPONSE, the failure the orders pages show', async () => {
    const BAD = { status: 502, data: { code: 'BAD_RESPONSE' } };
    for (const body of [
      { ...ORDER, status: 'eaten' },
      { ...ORDER, lines: [{ id: ORDER.id }] },
      { ...ORDER, total_price: 52_000.5 },
      '<html>',
    ]) {
      const { api } = fakeApi({ [`/v2/orders/${ORDER.id}`]: () => ({ body }) });
      await expect(fetchOrder(api, ORDER.id)).rejects.toMatchObject(BAD);
    }
    const { api } = fakeApi({
      '/v2/orders': () => ({ body: { count: 1, orders: [{ id: ORDER.id }], next_before: null } }),
    });
    await expect(fetchOrders(api, 'history', null)).rejects.toMatchObject(BAD);
    const repeat = fakeApi({ '/v2/menu-products': () => ({ body: { categories: [{ products: [] }] } }) });
    await expect(
      loadRepeatSources(repeat.api, [sampleLine()], {
        menuId: id(50),
        branchId: null,
        deliveryType: 'delivery',
      }),
    ).rejects.toMatchObject(BAD);
    vi.unstubAllGlobals();
  });
});
