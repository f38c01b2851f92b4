/**
 * What an order costs beyond its goods (issue 5): the delivery fare of each zone, the chain's
 * discounts (automatic ones and those behind promo codes) and who used which promo code.
 */
import type { TDeliveryType, TPaymentType } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, categories, localized, products, shipperIdColumn } from './catalog.ts';
import { customers } from './customers.ts';
import { deliveryZones } from './location.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A zone's delivery fare (domain `deliveryFare`): base_price covers the first base_distance_m metres
 * from the branch, every started kilometre beyond adds price_per_km. One fare per zone; free from the
 * zone's free_delivery_order_amount on.
 */
export const deliveryFares = pgTable(
  'delivery_fares',
  {
    zoneId: uuid('zone_id')
      .primaryKey()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    shipperId: shipperIdColumn(),
    basePrice: integer('base_price').notNull(),
    baseDistanceM: integer('base_distance_m').notNull(),
    pricePerKm: integer('price_per_km').notNull(),
  },
  (t) => [
    check(
      'delivery_fares_amounts_check',
      sql`${t.basePrice} >= 0 and ${t.baseDistanceM} >= 0 and ${t.pricePerKm} >= 0`,
    ),
  ],
);
export type DeliveryFareRow = typeof deliveryFares.$inferSelect;

export const DISCOUNT_TRIGGERS = ['automatic', 'promo_code'] as const;
export type DiscountTrigger = (typeof DISCOUNT_TRIGGERS)[number];
export const DISCOUNT_TARGETS = ['order', 'products', 'categories'] as const;
export type DiscountTarget = (typeof DISCOUNT_TARGETS)[number];
export type DiscountModeColumn = 'percent' | 'fixed' | 'free_delivery';

/**
 * A discount of the chain. `trigger` 'automatic' applies by itself when its conditions hold;
 * 'promo_code' only through a promo code naming it. `mode`: `percent` off (0.01..100, two decimals),
 * `fixed` sums off (per unit for products and categories, once for the order), or `free_delivery`;
 * a percent off the order may be capped at max_amount.
 * `applies_to`: the order's goods, the listed products (discount_products), or the products of the
 * listed categories (discount_categories); a variant (size) counts as its parent product.
 * Conditions, all optional: the branches it is limited to (discount_branches; none: every branch),
 * the order type (null: both), payment types (empty: any), Tashkent calendar days
 * starts_on..ends_on (inclusive), a daily window hour_start..hour_end (start inclusive, end exclusive,
 * wrapping past midnight like opening hours), and a minimum goods sum.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    trigger: text('trigger').$type<DiscountTrigger>().notNull(),
    mode: text('mode').$type<DiscountModeColumn>().notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    amount: integer('amount'),
    /** The most a `percent` discount on the order takes off, in sums (null: no cap). */
    maxAmount: integer('max_amount'),
    appliesTo: text('applies_to').$type<DiscountTarget>().notNull().default('order'),
    deliveryType: text('delivery_type').$type<TDeliveryType>(),
    paymentTypes: jsonb('payment_types').$type<TPaymentType[]>().notNull().default([]),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    hourStart: text('hour_start'),
    hourEnd: text('hour_end'),
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    title: localized('title'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('discounts_shipper_idx').on(t.shipperId, t.trigger, t.isActive, t.position),
    check('discounts_trigger_check', sql`${t.trigger} in ('automatic', 'promo_code')`),
    check('discounts_applies_to_check', sql`${t.appliesTo} in ('order', 'products', 'categories')`),
    check(
      'discounts_mode_check',
      sql`(${t.mode} = 'percent' and ${t.percent} > 0 and ${t.percent} <= 100 and ${t.amount} is null)
        or (${t.mode} = 'fixed' and ${t.amount} > 0 and ${t.percent} is null)
        or (${t.mode} = 'free_delivery' and ${t.appliesTo} = 'order' and ${t.amount} is null and ${t.percent} is null)`,
    ),
    check(
      'discounts_delivery_type_check',
      sql`${t.deliveryType} is null or ${t.deliveryType} in ('delivery', 'self-pickup')`,
    ),
    check(
      'discounts_dates_check',
      sql`${t.startsOn} is null or ${t.endsOn} is null or ${t.startsOn} <= ${t.endsOn}`,
    ),
    check(
      'discounts_hours_check',
      sql`(${t.hourStart} is null and ${t.hourEnd} is null)
        or (${t.hourStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.hourEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
    ),
    check('discounts_min_order_check', sql`${t.minOrderAmount} >= 0`),
    check(
      'discounts_max_amount_check',
      sql`${t.maxAmount} is null or (${t.maxAmount} > 0 and ${t.mode} = 'percent' and ${t.appliesTo} = 'order')`,
    ),
  ],
);
export type DiscountRow = typeof discounts.$inferSelect;

/** The branches a discount is limited to; none: every branch. */
export const discountBranches = pgTable(
  'discount_branches',
  {
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.branchId] })],
);

/** The products of an `applies_to = 'products'` discount. */
export const discountProducts = pgTable(
  'discount_products',
  {
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.productId] })],
);

/** The categories of an `applies_to = 'categories'` discount. */
export const discountCategories = pgTable(
  'discount_categories',
  {
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.categoryId] })],
);

/**
 * A promo code: a code (unique per chain whatever its case) giving a `trigger = 'promo_code'`
 * discount, under that discount's conditions and its own: uses per customer (null: unlimited),
 * uses in total (null: unlimited), a minimum goods sum, first order only, and optionally one
 * customer it is for.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    /** As the chain wrote it; matched case-insensitively. */
    code: text('code').notNull(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    perCustomerLimit: integer('per_customer_limit').default(1),
    totalLimit: integer('total_limit'),
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Only this customer may use it ('Promocode is not for you' to anyone else). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_shipper_code_unique').on(t.shipperId, sql`lower(${t.code})`),
    check('promo_codes_code_check', sql`length(${t.code}) between 1 and 64 and ${t.code} = btrim(${t.code})`),
    check(
      'promo_codes_limits_check',
      sql`(${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0)
        and (${t.totalLimit} is null or ${t.totalLimit} > 0) and ${t.minOrderAmount} >= 0`,
    ),
  ],
);
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** One use of a promo code by a customer (with the order it was used for, once orders exist). */
export const promoCodeUsages = pgTable(
  'promo_code_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The order it was used for; the orders table references it later. */
    orderId: uuid('order_id'),
    usedAt: timestamptz('used_at').notNull(),
  },
  (t) => [
    index('promo_code_usages_code_customer_idx').on(t.promoCodeId, t.customerId),
    uniqueIndex('promo_code_usages_order_unique').on(t.promoCodeId, t.orderId),
  ],
);
export type PromoCodeUsageRow = typeof promoCodeUsages.$inferSelect;
