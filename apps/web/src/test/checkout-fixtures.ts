import {
  type TCheckPointResponse,
  type TCreateOrderRequest,
  type TOrderQuoteError,
  type TOrderQuoteResponse,
  ZCheckPointResponse,
  ZOrderQuoteResponse,
} from '@app/contracts';
import type { CartLine } from '@app/domain';
import type { TSelectedBranch } from '@/lib/stores/common';

/**
 * Data of the checkout's component tests, shaped and checked by the contracts (a fixture that drifts
 * from the API's answers fails here, not in a confusing render).
 */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Open around the clock, so no test depends on the hour. */
export const BRANCH: TSelectedBranch = {
  id: uuid(1),
  slug: 'tashkent-chilonzor',
  menu_id: uuid(2),
  name: 'Чиланзар',
  address: 'Чиланзар, 1',
  location: { lat: 41.28, long: 69.2 },
  delivery_time: 40,
  future_delivery_order_time: 1,
  future_self_pickup_order_time: 1,
  work_hour_start: '00:00',
  work_hour_end: '23:59',
};

export const PLOV_PRICE = 40_000;

export const cartLine = (over: Partial<CartLine> = {}): CartLine => ({
  key: 'line-1',
  product_id: uuid(10),
  type: 'simple',
  variants: [],
  order_modifiers: [],
  quantity: 3,
  price: PLOV_PRICE,
  price_with_discount: PLOV_PRICE,
  in_stop: false,
  default_product: false,
  product_name: { ru: 'Плов', uz: 'Palov', en: 'Plov' },
  image_url: null,
  slug: 'plov',
  comment: '',
  ...over,
});

export const WELCOME_DISCOUNT = 20_000;
export const PROMO_NOT_FOUND = 'Промокод не найден.';
export const CHANGE_BELOW_TOTAL = 'Нельзя внести сумму меньше суммы заказа.';

/** The accumulative card's share of an order in these tests (the API's LOYALTY_MAX_SHARE_PERCENT). */
export const LOYALTY_SHARE_PERCENT = 50;
export const BONUS_TOO_MUCH = 'Столько бонусов на этот заказ потратить нельзя.';

/**
 * The server's quote of a body, as the API computes it for these tests: goods at PLOV_PRICE, free
 * pickup, WELCOME takes WELCOME_DISCOUNT off, any other code is unknown, cash change must cover the
 * amount to pay; bonuses (`loyaltyBalance`, default none) pay at most LOYALTY_SHARE_PERCENT of the
 * total, in hundreds. `refuse` adds refusals of its own.
 */
export function quoteOf(
  body: TCreateOrderRequest,
  refuse: TOrderQuoteError[] = [],
  { loyaltyBalance = 0 }: { loyaltyBalance?: number } = {},
): TOrderQuoteResponse {
  const products = body.steps[0]?.products ?? [];
  const goods = products.reduce((sum, p) => sum + PLOV_PRICE * (p.quantity ?? 1), 0);
  const code = body.promo_code?.toUpperCase();
  const welcome = code === 'WELCOME';
  const discount = welcome ? WELCOME_DISCOUNT : 0;
  const total = goods - discount;
  const loyaltyMax = Math.min(
    Math.floor(loyaltyBalance / 100) * 100,
    Math.floor((total * LOYALTY_SHARE_PERCENT) / 100 / 100) * 100,
  );
  const loyalty = body.loyalty_amount ?? 0;
  const toPay = total - loyalty;
  const errors: TOrderQuoteError[] = [...refuse];
  if (code && !welcome)
    errors.push({ code: 'PROMO_CODE_NOT_FOUND', message: PROMO_NOT_FOUND, field: 'promo_code' });
  if (loyalty > loyaltyMax || loyalty % 100 !== 0) {
    errors.push({ code: 'LOYALTY_AMOUNT_INVALID', message: BONUS_TOO_MUCH, field: 'loyalty_amount' });
  }
  if (typeof body.change_from === 'number' && body.change_from < toPay) {
    errors.push({ code: 'CHANGE_FROM_TOO_SMALL', message: CHANGE_BELOW_TOTAL, field: 'change_from' });
  }
  return ZOrderQuoteResponse.parse({
    goods_price: goods,
    delivery_price: 0,
    delivery_reason: body.delivery_type === 'self-pickup' ? 'pickup' : 'distance',
    delivery_distance: body.delivery_type === 'self-pickup' ? 0 : 2_400,
    discount_price: discount,
    total_price: total,
    loyalty_amount: loyalty,
    loyalty_max: loyaltyMax,
    amount_to_pay: toPay,
    discounts: welcome
      ? [
          {
            discount_id: uuid(30),
            discount_type: 'promo_code',
            discount_mode: 'fixed',
            promo_code: 'WELCOME',
            bonus_product: null,
            discount_price_for_order: WELCOME_DISCOUNT,
            discount_title: { ru: 'Добро пожаловать', uz: 'Xush kelibsiz', en: 'Welcome' },
          },
        ]
      : [],
    lines: products.map((p, index) => ({
      index,
      product_id: p.product_id,
      unit_price: PLOV_PRICE,
      total_price: PLOV_PRICE * (p.quantity ?? 1),
      in_stop: false,
    })),
    min_order_amount: 0,
    free_delivery_order_amount: null,
    min_order_shortfall: 0,
    free_delivery_shortfall: null,
    errors,
  });
}

/** A delivery zone around the test's point; `inside: false` answers a point outside every zone. */
export function zonesAnswer(inside: boolean): TCheckPointResponse {
  const zone = {
    id: uuid(40),
    name: 'Центр',
    city: 'tashkent',
    points: [
      { lat: 41.2, lon: 69.1 },
      { lat: 41.4, lon: 69.1 },
      { lat: 41.4, lon: 69.4 },
    ],
    holes: [],
    branch_ids: [BRANCH.id],
    min_order_amount: 0,
    free_delivery_order_amount: 0,
  };
  return ZCheckPointResponse.parse({ all_count: 1, result: inside ? [zone] : [] });
}
