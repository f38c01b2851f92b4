import type { TDeliveryType, TPaymentType } from '@app/contracts';
import { clockToMinutes } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  branches,
  categories,
  deliveryFares,
  deliveryZones,
  discountBranches,
  discountCategories,
  discountProducts,
  discounts,
  products,
  promoCodes,
} from '../schema/index.ts';
import { stableId } from './ids.ts';
import type { L } from './types.ts';

/** A zone's delivery fare (see deliveryFares): the zone by its key. */
export type SeedFare = { zone: string; base_price: number; base_distance_m: number; price_per_km: number };

/** A discount (see the discounts table); products, categories and branches by slug. */
export type SeedDiscount = {
  /** Stable key; the id is stableId('discount', key). */
  key: string;
  trigger: 'automatic' | 'promo_code';
  mode: 'percent' | 'fixed' | 'free_delivery';
  percent?: number;
  amount?: number;
  max_amount?: number;
  applies_to?: 'order' | 'products' | 'categories';
  products?: string[];
  categories?: string[];
  /** Absent or empty: every branch. */
  branches?: string[];
  delivery_type?: TDeliveryType | null;
  payment_types?: TPaymentType[];
  /** Tashkent calendar days 'YYYY-MM-DD', inclusive. */
  starts_on?: string;
  ends_on?: string;
  /** Daily window 'HH:mm'..'HH:mm' (Tashkent time), both or neither. */
  hour_start?: string;
  hour_end?: string;
  min_order_amount?: number;
  title: L;
  is_active?: boolean;
};

/** A promo code giving a `trigger: 'promo_code'` discount (by key). */
export type SeedPromoCode = {
  code: string;
  discount: string;
  /** Default 1; null: unlimited. */
  per_customer_limit?: number | null;
  total_limit?: number | null;
  min_order_amount?: number;
  first_order_only?: boolean;
  is_active?: boolean;
};

export type SeedPricing = { fares: SeedFare[]; discounts: SeedDiscount[]; promo_codes: SeedPromoCode[] };

/** The id of a seeded promo code (one per code, whatever its case). */
export const promoCodeSeedId = (code: string) => stableId('promo-code', code.trim().toLowerCase());

export type LoadPricingOptions = {
  /**
   * true (a fresh seed): a fare or discount naming an unknown zone, branch, product or category is a
   * bug in the data and throws, writing nothing. false (a database seeded before this part existed):
   * what the chain has deleted since is skipped, so a start never fails on it.
   */
  strict: boolean;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkDiscount(d: SeedDiscount): void {
  const where = `Seed data: discount ${d.key}`;
  const appliesTo = d.applies_to ?? 'order';
  if (d.mode === 'percent' && !(d.percent !== undefined && d.percent > 0 && d.percent <= 100)) {
    throw new Error(`${where} needs a percent 0..100`);
  }
  if (d.mode === 'fixed' && !(d.amount !== undefined && Number.isSafeInteger(d.amount) && d.amount > 0)) {
    throw new Error(`${where} needs a whole amount > 0`);
  }
  if (d.mode === 'free_delivery' && appliesTo !== 'order')
    throw new Error(`${where}: free delivery is per order`);
  if (appliesTo === 'products' && !d.products?.length) throw new Error(`${where} names no products`);
  if (appliesTo === 'categories' && !d.categories?.length) throw new Error(`${where} names no categories`);
  if ((d.hour_start === undefined) !== (d.hour_end === undefined)) {
    throw new Error(`${where} needs both hour_start and hour_end or neither`);
  }
  if (d.hour_start !== undefined && d.hour_end !== undefined) {
    clockToMinutes(d.hour_start);
    clockToMinutes(d.hour_end);
  }
  for (const day of [d.starts_on, d.ends_on]) {
    if (day !== undefined && !DAY.test(day)) throw new Error(`${where}: '${day}' is not YYYY-MM-DD`);
  }
}

/**
 * Writes one shipper's delivery fares, discounts and promo codes. Zones, branches, products and
 * categories are looked up by key or slug in the database (the catalogue and the zones are already
 * there). Ids derive from the keys, rows already present are left alone, so a second run changes
 * nothing (and a fare or discount the chain has edited stays edited).
 */
export async function loadPricing(
  tx: Tx,
  data: SeedPricing,
  shipperId: string,
  options: LoadPricingOptions,
): Promise<void> {
  const skipOrThrow = (message: string): false => {
    if (options.strict) throw new Error(message);
    return false;
  };

  const zoneRows = await tx
    .select({ id: deliveryZones.id })
    .from(deliveryZones)
    .where(eq(deliveryZones.shipperId, shipperId));
  const zoneIds = new Set(zoneRows.map((z) => z.id));
  const fareZones = new Set<string>();
  const fareRows: (typeof deliveryFares.$inferInsert)[] = [];
  for (const fare of data.fares) {
    if (fareZones.has(fare.zone)) throw new Error(`Seed data: zone ${fare.zone} has two fares`);
    fareZones.add(fare.zone);
    const zoneId = stableId('zone', fare.zone);
    if (!zoneIds.has(zoneId) && !skipOrThrow(`Seed data: a fare names unknown zone '${fare.zone}'`)) continue;
    fareRows.push({
      zoneId,
      shipperId,
      basePrice: fare.base_price,
      baseDistanceM: fare.base_distance_m,
      pricePerKm: fare.price_per_km,
    });
  }
  if (fareRows.length) await tx.insert(deliveryFares).values(fareRows).onConflictDoNothing();

  const bySlug = async (table: typeof branches | typeof products | typeof categories, slugs: string[]) => {
    if (!slugs.length) return new Map<string, string>();
    const rows = await tx
      .select({ id: table.id, slug: table.slug })
      .from(table)
      .where(and(eq(table.shipperId, shipperId), inArray(table.slug, slugs)));
    return new Map(rows.map((r) => [r.slug, r.id]));
  };
  const branchIds = await bySlug(
    branches,
    data.discounts.flatMap((d) => d.branches ?? []),
  );
  const productIds = await bySlug(
    products,
    data.discounts.flatMap((d) => d.products ?? []),
  );
  const categoryIds = await bySlug(
    categories,
    data.discounts.flatMap((d) => d.categories ?? []),
  );

  const discountRows: (typeof discounts.$inferInsert)[] = [];
  const branchLinks: (typeof discountBranches.$inferInsert)[] = [];
  const productLinks: (typeof discountProducts.$inferInsert)[] = [];
  const categoryLinks: (typeof discountCategories.$inferInsert)[] = [];
  const keys = new Map<string, SeedDiscount>();
  data.discounts.forEach((d, position) => {
    if (keys.has(d.key)) throw new Error(`Seed data: discount key '${d.key}' is used twice`);
    keys.set(d.key, d);
    checkDiscount(d);
    const id = stableId('discount', d.key);
    const resolve = (ids: Map<string, string>, what: string, slugs: string[] = []) => {
      const found: string[] = [];
      for (const slug of new Set(slugs)) {
        const ref = ids.get(slug);
        if (ref) found.push(ref);
        else skipOrThrow(`Seed data: discount ${d.key} names unknown ${what} '${slug}'`);
      }
      return found;
    };
    const linkedBranches = resolve(branchIds, 'branch', d.branches);
    const linkedProducts = resolve(productIds, 'product', d.products);
    const linkedCategories = resolve(categoryIds, 'category', d.categories);
    // Lenient: a discount whose every branch or target is gone would apply more widely than meant.
    if ((d.branches?.length && !linkedBranches.length) || (d.products?.length && !linkedProducts.length))
      return;
    if (d.categories?.length && !linkedCategories.length) return;
    discountRows.push({
      id,
      shipperId,
      trigger: d.trigger,
      mode: d.mode,
      percent: d.mode === 'percent' ? (d.percent ?? null) : null,
      amount: d.mode === 'fixed' ? (d.amount ?? null) : null,
      maxAmount: d.max_amount ?? null,
      appliesTo: d.applies_to ?? 'order',
      deliveryType: d.delivery_type ?? null,
      paymentTypes: d.payment_types ?? [],
      startsOn: d.starts_on ?? null,
      endsOn: d.ends_on ?? null,
      hourStart: d.hour_start ?? null,
      hourEnd: d.hour_end ?? null,
      minOrderAmount: d.min_order_amount ?? 0,
      title: d.title,
      isActive: d.is_active ?? true,
      position,
    });
    for (const branchId of linkedBranches) branchLinks.push({ discountId: id, branchId });
    for (const productId of linkedProducts) productLinks.push({ discountId: id, productId });
    for (const categoryId of linkedCategories) categoryLinks.push({ discountId: id, categoryId });
  });
  const inserted = new Set(
    discountRows.length
      ? (
          await tx
            .insert(discounts)
            .values(discountRows)
            .onConflictDoNothing()
            .returning({ id: discounts.id })
        ).map((r) => r.id)
      : [],
  );
  // Links only of discounts written now: one the chain has narrowed since is not widened again.
  const fresh = <T extends { discountId: string }>(rows: T[]) =>
    rows.filter((r) => inserted.has(r.discountId));
  const freshBranches = fresh(branchLinks);
  const freshProducts = fresh(productLinks);
  const freshCategories = fresh(categoryLinks);
  if (freshBranches.length) await tx.insert(discountBranches).values(freshBranches);
  if (freshProducts.length) await tx.insert(discountProducts).values(freshProducts);
  if (freshCategories.length) await tx.insert(discountCategories).values(freshCategories);
  const present = new Set(discountRows.map((r) => r.id));

  const codes = new Set<string>();
  const promoRows: (typeof promoCodes.$inferInsert)[] = [];
  for (const p of data.promo_codes) {
    const code = p.code.trim();
    if (!code || code.length > 64)
      throw new Error(`Seed data: promo code '${p.code}' must be 1..64 characters`);
    if (codes.has(code.toLowerCase())) throw new Error(`Seed data: promo code '${code}' is used twice`);
    codes.add(code.toLowerCase());
    const discount = keys.get(p.discount);
    if (!discount) throw new Error(`Seed data: promo code ${code} names unknown discount '${p.discount}'`);
    if (discount.trigger !== 'promo_code') {
      throw new Error(`Seed data: promo code ${code} names automatic discount '${p.discount}'`);
    }
    const discountId = stableId('discount', p.discount);
    // Only in a lenient run: its discount was skipped (its branches or products are gone).
    if (!present.has(discountId)) continue;
    promoRows.push({
      id: promoCodeSeedId(code),
      shipperId,
      code,
      discountId,
      perCustomerLimit: p.per_customer_limit === undefined ? 1 : p.per_customer_limit,
      totalLimit: p.total_limit ?? null,
      minOrderAmount: p.min_order_amount ?? 0,
      firstOrderOnly: p.first_order_only ?? false,
      isActive: p.is_active ?? true,
    });
  }
  if (promoRows.length) await tx.insert(promoCodes).values(promoRows).onConflictDoNothing();
}
