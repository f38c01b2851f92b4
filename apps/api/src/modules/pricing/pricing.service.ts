import type {
  TComputePriceResponse,
  TDeliveryType,
  TDiscountWithOrderPriceResponse,
  TDiscountWithProductsResponse,
  TPaymentType,
  TQuoteProduct,
} from '@app/contracts';
import { deliveryFare, distanceMeters, isPointInZone, tashkentClock, tashkentDay } from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { listActiveZones, type ZoneWithBranches } from '../zones/zones.repository.ts';
import {
  applyDiscounts,
  automaticHolds,
  conditionsHold,
  type DiscountContext,
  type DiscountResult,
  type DiscountRule,
  type PricedLine,
  withinDates,
} from './discount-rules.ts';
import { toOrderDiscounts, toProductDiscounts } from './pricing.mapper.ts';
import {
  countPromoUsages,
  customerHasOrders,
  findBranchRow,
  findFare,
  findMenuPrices,
  findProductFacts,
  findPromoCode,
  insertPromoUsage,
  listAutomaticDiscounts,
  type ProductFacts,
} from './pricing.repository.ts';

// ---------------------------------------------------------------------------------------------
// Delivery fare

export type FareInput = {
  branchId: string;
  deliveryType: TDeliveryType;
  orderPrice: number;
  /** Required for delivery. */
  point?: { lat: number; long: number };
  /** Required for delivery. */
  zoneId?: string;
};

/** What the fare needs of a branch. */
type FareBranch = { id: string; lat: number; long: number };
type FareRow = NonNullable<Awaited<ReturnType<typeof findFare>>>;

/**
 * The delivery price of an order: 0 for self-pickup; for delivery, the zone's fare for the
 * straight-line distance from the branch, free from the zone's free_delivery_order_amount on
 * (domain deliveryFare). Refuses an unknown branch or zone (404), a branch that does not serve the
 * zone or a point outside it (422), and a zone without a fare (404).
 */
export async function computeFare(
  db: DbOrTx,
  shipperId: string,
  input: FareInput,
  /**
   * The branch and the zone (by input.branchId and input.zoneId) when the caller has read them in
   * this transaction already (placing an order): not read again; every check below still runs.
   * `fare`: the zone's fare row read with them (null: it has none); absent: read here.
   */
  known?: { branch: FareBranch; zone: ZoneWithBranches | null; fare?: FareRow | null },
): Promise<TComputePriceResponse> {
  const branch = known ? known.branch : await findBranchRow(db, shipperId, input.branchId);
  if (!branch || branch.id !== input.branchId) throw apiError(404, 'BRANCH_NOT_FOUND');
  if (input.deliveryType === 'self-pickup') {
    return deliveryFare({ deliveryType: 'self-pickup', orderPrice: input.orderPrice });
  }
  if (!input.point || !input.zoneId) throw new Error('computeFare: delivery needs a point and a zone');
  const zone = known ? known.zone : (await listActiveZones(db, { shipperId, id: input.zoneId }))[0];
  if (!zone || zone.id !== input.zoneId) throw apiError(404, 'ZONE_NOT_FOUND');
  if (!zone.branchIds.includes(branch.id)) throw apiError(422, 'BRANCH_NOT_SERVING_ZONE');
  if (!isPointInZone(input.point, zone)) throw apiError(422, 'ADDRESS_OUT_OF_ZONE');
  const fare =
    known?.fare !== undefined && (known.fare === null || known.fare.zoneId === zone.id)
      ? known.fare
      : await findFare(db, shipperId, zone.id);
  if (!fare) throw apiError(404, 'FARE_NOT_FOUND');
  return deliveryFare({
    deliveryType: 'delivery',
    orderPrice: input.orderPrice,
    distanceMeters: distanceMeters({ lat: branch.lat, long: branch.long }, input.point),
    zone: { free_delivery_order_amount: zone.freeDeliveryOrderAmount },
    fare: { base_price: fare.basePrice, base_distance_m: fare.baseDistanceM, price_per_km: fare.pricePerKm },
  });
}

// ---------------------------------------------------------------------------------------------
// Discounts

/** One product of an order at the server's price (what the order service hands in). */
export type DiscountLine = { productId: string; unitPrice: number; count: number };

export type DiscountInput = {
  shipperId: string;
  /** null: no branch chosen yet (only discounts not limited to branches apply). */
  branchId: string | null;
  deliveryType: TDeliveryType;
  paymentType: TPaymentType | null;
  /** The goods sum, computed by the server for an order. */
  orderPrice: number;
  /** The products at the server's prices; a product unknown to the chain gets no discount. */
  lines: readonly DiscountLine[];
  promoCode: string | null;
  /** The signed-in customer; `hasOrders` for first-order-only codes. */
  customer: { id: string; hasOrders: boolean } | null;
  now: Date;
  /** Lock the promo code's row until the transaction ends (the order service, before recording its use). */
  lockPromoCode?: boolean;
  /**
   * The lines' products as findProductFacts reads them (the chain's active ones), when the caller
   * has read them already (placing an order reads them with the menu); absent: read here.
   */
  productFacts?: readonly ProductFacts[];
  /**
   * The chain's active automatic discounts as listAutomaticDiscounts reads them, when the caller has
   * read them already (placing an order reads them with its branch); absent: read here.
   */
  automatic?: readonly DiscountRule[];
};

type CheckedPromo = { id: string; code: string; rule: DiscountRule; minOrderAmount: number };

/**
 * Checks a promo code for this order and customer, in this order: it exists, is active and within its
 * days ('Promocode is not found', 404); it needs a signed-in customer (401); it is bound to another
 * customer or is for a first order ('Promocode is not for you', 422: a refusal of the code, not of the
 * customer's token, which the storefront would answer by signing them out on a 403); the customer's
 * uses ('You already used this discount', 409); the uses in total (409); its branch, order type,
 * payment type and hours (422); its minimum (422).
 */
async function checkPromoCode(db: DbOrTx, input: DiscountInput, ctx: DiscountContext): Promise<CheckedPromo> {
  const code = input.promoCode?.trim() ?? '';
  const found = code ? await findPromoCode(db, input.shipperId, code, input.lockPromoCode) : undefined;
  if (!found?.promo.isActive || !found.discountActive || !withinDates(found.rule, ctx.day)) {
    throw apiError(404, 'PROMO_CODE_NOT_FOUND');
  }
  const { promo, rule } = found;
  const needsCustomer = promo.customerId !== null || promo.perCustomerLimit !== null || promo.firstOrderOnly;
  const customer = input.customer;
  if (needsCustomer && !customer) throw apiError(401, 'PROMO_CODE_SIGN_IN');
  if (promo.customerId !== null && promo.customerId !== customer?.id)
    throw apiError(422, 'PROMO_CODE_NOT_FOR_YOU');
  if (promo.firstOrderOnly && customer?.hasOrders) throw apiError(422, 'PROMO_CODE_NOT_FOR_YOU');
  const uses = await countPromoUsages(db, promo.id, customer?.id ?? null);
  if (promo.perCustomerLimit !== null && uses.mine >= promo.perCustomerLimit) {
    throw apiError(409, 'PROMO_CODE_ALREADY_USED');
  }
  if (promo.totalLimit !== null && uses.total >= promo.totalLimit)
    throw apiError(409, 'PROMO_CODE_EXHAUSTED');
  if (!conditionsHold(rule, ctx)) throw apiError(422, 'PROMO_CODE_NOT_APPLICABLE');
  const minOrderAmount = Math.max(promo.minOrderAmount, rule.minOrderAmount);
  if (ctx.orderPrice < minOrderAmount) throw apiError(422, 'PROMO_CODE_MIN_ORDER');
  return { id: promo.id, code: promo.code, rule, minOrderAmount };
}

/**
 * The discounts of an order: the automatic ones that hold now and, when given, a promo code (checked
 * as checkPromoCode says; a code that takes nothing off this order answers 422). The amounts come
 * only from `input` (the order service passes what it computed from the database) and the rules in
 * the database; see discount-rules.ts for how they combine. Reads only, so a quote may call it with
 * the database and the order service inside its transaction.
 */
export async function computeDiscounts(db: DbOrTx, input: DiscountInput): Promise<DiscountResult> {
  const facts =
    input.productFacts ??
    (await findProductFacts(db, input.shipperId, [...new Set(input.lines.map((l) => l.productId))]));
  const byId = new Map(facts.map((f) => [f.id, f]));
  const lines: PricedLine[] = [];
  for (const line of input.lines) {
    const fact = byId.get(line.productId);
    if (!fact || line.count <= 0) continue;
    lines.push({
      productId: line.productId,
      parentId: fact.parentId,
      categoryIds: fact.categoryIds,
      unitPrice: line.unitPrice,
      count: line.count,
    });
  }
  const ctx: DiscountContext = {
    branchId: input.branchId,
    deliveryType: input.deliveryType,
    paymentType: input.paymentType,
    orderPrice: input.orderPrice,
    lines,
    day: tashkentDay(input.now),
    clock: tashkentClock(input.now),
  };
  const promo = input.promoCode ? await checkPromoCode(db, input, ctx) : null;
  const automatic = (input.automatic ?? (await listAutomaticDiscounts(db, input.shipperId))).filter((rule) =>
    automaticHolds(rule, ctx),
  );
  const outcome = applyDiscounts(automatic, promo?.rule ?? null, ctx);
  if (promo && outcome.promo && outcome.promo.amount === 0 && !outcome.promo.freeDelivery) {
    throw apiError(422, 'PROMO_CODE_NOT_APPLICABLE');
  }
  return { ...outcome, promoCode: promo ? { id: promo.id, code: promo.code } : null };
}

/**
 * Records that a customer used a promo code (the order service, in the order's transaction, after
 * computeDiscounts with lockPromoCode so the limits were checked under the lock).
 */
export async function recordPromoCodeUsage(
  db: DbOrTx,
  usage: { promoCodeId: string; customerId: string; orderId: string | null; now: Date },
): Promise<void> {
  await insertPromoUsage(db, {
    promoCodeId: usage.promoCodeId,
    customerId: usage.customerId,
    orderId: usage.orderId,
    usedAt: usage.now,
  });
}

// ---------------------------------------------------------------------------------------------
// Quotes (GET /v2/discount-with-*): the client's amounts are the quote's inputs; product prices are
// the database's.

export type QuoteInput = {
  shipperId: string;
  branchId: string | undefined;
  deliveryType: TDeliveryType;
  paymentType: TPaymentType | undefined;
  /** Absent: the products at their prices. */
  orderPrice: number | undefined;
  products: readonly TQuoteProduct[];
  promoCode: string | undefined;
  customerId: string | null;
  now: Date;
};

/** The quoted products at the branch menu's prices (no branch: their base prices); others are left out. */
async function pricedLines(
  db: DbOrTx,
  input: QuoteInput,
): Promise<{ branchId: string | null; lines: DiscountLine[] }> {
  let menuId: string | null = null;
  let branchId: string | null = null;
  if (input.branchId) {
    const branch = await findBranchRow(db, input.shipperId, input.branchId);
    if (!branch) throw apiError(404, 'BRANCH_NOT_FOUND');
    menuId = branch.menuId;
    branchId = branch.id;
  }
  const ids = input.products.map((p) => p.product_id);
  const facts = await findProductFacts(db, input.shipperId, ids);
  const prices = menuId
    ? await findMenuPrices(db, menuId, ids)
    : new Map(facts.map((f) => [f.id, f.outPrice]));
  const lines: DiscountLine[] = [];
  for (const p of input.products) {
    const unitPrice = prices.get(p.product_id);
    if (unitPrice !== undefined) lines.push({ productId: p.product_id, unitPrice, count: p.count });
  }
  return { branchId, lines };
}

async function quote(db: DbOrTx, input: QuoteInput): Promise<DiscountResult> {
  const { branchId, lines } = await pricedLines(db, input);
  const customer = input.customerId
    ? { id: input.customerId, hasOrders: await customerHasOrders(db, input.customerId) }
    : null;
  return computeDiscounts(db, {
    shipperId: input.shipperId,
    branchId,
    deliveryType: input.deliveryType,
    paymentType: input.paymentType ?? null,
    orderPrice: input.orderPrice ?? lines.reduce((sum, l) => sum + l.unitPrice * l.count, 0),
    lines,
    promoCode: input.promoCode ?? null,
    customer,
    now: input.now,
  });
}

export async function quoteOrderDiscounts(
  db: DbOrTx,
  input: QuoteInput & { orderPrice: number },
): Promise<TDiscountWithOrderPriceResponse> {
  const result = await quote(db, input);
  return toOrderDiscounts(result);
}

export async function quoteProductDiscounts(
  db: DbOrTx,
  input: QuoteInput,
): Promise<TDiscountWithProductsResponse> {
  const result = await quote(db, input);
  return toProductDiscounts(result);
}
