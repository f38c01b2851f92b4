/**
 * The chain and its catalogue: shipper, menus, cities, branches, categories, tags, products with
 * their variants, combo groups and modifiers, per-menu prices, stop lists, auto-add rules and
 * reviews. Every row belongs to one shipper (directly or through its product) and every read
 * filters by it. Customer-facing texts are jsonb `{ru, uz, en}` maps returned as stored; images
 * are the `TImage` descriptors `imageFor` produced.
 */
import type { TImage, TLocalizedText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const localized = (name: string) => jsonb(name).$type<TLocalizedText>().notNull();
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type SocialLink = {
  type: 'telegram' | 'instagram' | 'facebook' | 'youtube' | 'tiktok';
  url: string;
};
export type SisterBrand = { id: string; name: string; url: string; logo: TImage };
export type PaymentType = 'cash' | 'card' | 'payme' | 'click' | 'loyalty';

/** Which seed version filled this database; a row here means "do not seed again". */
export const seedRuns = pgTable('seed_runs', {
  version: text('version').primaryKey(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});

export const shippers = pgTable('shippers', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  logo: jsonb('logo').$type<TImage>().notNull(),
  phone: text('phone').notNull(),
  workHourStart: text('work_hour_start').notNull(),
  workHourEnd: text('work_hour_end').notNull(),
  minimalOrderPrice: integer('minimal_order_price').notNull(),
  description: localized('description'),
  socials: jsonb('socials').$type<SocialLink[]>().notNull(),
  appLinks: jsonb('app_links').$type<{ app_store: string | null; play_market: string | null }>().notNull(),
  paymentTypes: jsonb('payment_types').$type<PaymentType[]>().notNull(),
  sisterBrands: jsonb('sister_brands').$type<SisterBrand[]>().notNull(),
  /** false: the chain lets customers sign in by phone alone (POST /v2/customers/login-without-otp). */
  otpRequired: boolean('otp_required').notNull().default(true),
});

/** Every row of the chain's data belongs to one shipper and goes when the shipper goes. */
export const shipperIdColumn = () =>
  uuid('shipper_id')
    .notNull()
    .references(() => shippers.id, { onDelete: 'cascade' });

export const menus = pgTable(
  'menus',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    key: text('key').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('menus_shipper_key_unique').on(t.shipperId, t.key)],
);

export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    name: localized('name'),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    defaultMenuId: uuid('default_menu_id')
      .notNull()
      .references(() => menus.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('cities_shipper_slug_unique').on(t.shipperId, t.slug)],
);

export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    /** City slug. */
    city: text('city').notNull(),
    name: localized('name'),
    address: localized('address'),
    destination: localized('destination'),
    phone: text('phone').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id),
    workHourStart: text('work_hour_start').notNull(),
    workHourEnd: text('work_hour_end').notNull(),
    deliveryTime: integer('delivery_time').notNull(),
    /**
     * Minutes the kitchen takes to have an order ready: what a pickup's timer on the staff screens
     * counts against (a delivery's counts against delivery_time). Not future_self_pickup_order_time,
     * which is how many calendar days ahead a pickup may be scheduled.
     */
    cookingTime: integer('cooking_time').notNull().default(20),
    futureDeliveryOrderTime: integer('future_delivery_order_time').notNull(),
    futureSelfPickupOrderTime: integer('future_self_pickup_order_time').notNull(),
    isActive: boolean('is_active').notNull(),
    hasParking: boolean('has_parking').notNull(),
    seatsCount: integer('seats_count').notNull(),
    hasPlayground: boolean('has_playground').notNull(),
    virtualTour: text('virtual_tour'),
    images: jsonb('images').$type<TImage[]>().notNull(),
    position: integer('position').notNull().default(0),
    /** Paused by a manager ('busy kitchen'): closed to every order until then; null or past: not paused. */
    pausedUntil: timestamptz('paused_until'),
    /** Deliveries paused until then (pickup goes on); null or past: not paused. */
    deliveryPausedUntil: timestamptz('delivery_paused_until'),
  },
  (t) => [
    unique('branches_shipper_slug_unique').on(t.shipperId, t.slug),
    index('branches_list_idx').on(t.shipperId, t.city, t.position),
    check('branches_cooking_time_check', sql`${t.cookingTime} between 1 and 600`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    title: localized('title'),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('categories_shipper_slug_unique').on(t.shipperId, t.slug)],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    title: localized('title'),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('tags_shipper_slug_unique').on(t.shipperId, t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    slug: text('slug').notNull(),
    type: text('type').$type<'simple' | 'combo' | 'origin'>().notNull(),
    /** Set on the variants (sizes) of an `origin` product: they are products of their own but never listed. */
    parentId: uuid('parent_id'),
    title: localized('title'),
    description: localized('description'),
    ingredients: localized('ingredients'),
    allergens: localized('allergens'),
    /** Variants only: what tells the variant apart ('30 cm'). */
    property: jsonb('property').$type<TLocalizedText>(),
    /** Price outside any menu (the 'tashkent' menu's price in the demo data). */
    outPrice: integer('out_price').notNull(),
    weight: integer('weight').notNull(),
    energy: integer('energy').notNull(),
    fats: doublePrecision('fats').notNull(),
    proteins: doublePrecision('proteins').notNull(),
    carbohydrates: doublePrecision('carbohydrates').notNull(),
    cookingTime: integer('cooking_time').notNull(),
    popularity: integer('popularity').notNull().default(0),
    image: jsonb('image').$type<TImage>(),
    /** `searchKey` (@app/domain) of the titles in all three languages: the product search matches against it. */
    searchKey: text('search_key').notNull(),
    /** `searchSkeleton` (@app/domain) of the titles: the consonants, where ru and uz spellings agree ('somsa' ~ 'самса'). */
    searchSkeleton: text('search_skeleton').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('products_shipper_slug_unique').on(t.shipperId, t.slug),
    index('products_shipper_idx').on(t.shipperId, t.parentId, t.position),
    check('products_type_check', sql`${t.type} in ('simple', 'combo', 'origin')`),
    check('products_price_check', sql`${t.outPrice} >= 0`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] })],
);

/** A product is on a menu at that menu's price; absent means not sold there. */
export const menuProducts = pgTable(
  'menu_products',
  {
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.menuId, t.productId] }),
    index('menu_products_product_idx').on(t.productId),
    check('menu_products_price_check', sql`${t.price} >= 0`),
  ],
);

export const comboGroups = pgTable(
  'combo_groups',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: localized('title'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('combo_groups_product_idx').on(t.productId)],
);

export const comboGroupOptions = pgTable(
  'combo_group_options',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => comboGroups.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    extraPrice: integer('extra_price').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('combo_group_options_group_idx').on(t.groupId)],
);

export const singleModifiers = pgTable(
  'single_modifiers',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: localized('name'),
    price: integer('price').notNull(),
    isCompulsory: boolean('is_compulsory').notNull(),
    categoryName: localized('category_name'),
    maxAmount: integer('max_amount').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('single_modifiers_product_idx').on(t.productId),
    check('single_modifiers_amount_check', sql`${t.maxAmount} > 0 and ${t.price} >= 0`),
  ],
);

export const groupModifiers = pgTable(
  'group_modifiers',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: localized('name'),
    minAmount: integer('min_amount').notNull(),
    maxAmount: integer('max_amount').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('group_modifiers_product_idx').on(t.productId),
    check(
      'group_modifiers_amount_check',
      sql`${t.minAmount} >= 0 and ${t.maxAmount} > 0 and ${t.minAmount} <= ${t.maxAmount}`,
    ),
  ],
);

export const groupModifierVariants = pgTable(
  'group_modifier_variants',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groupModifiers.id, { onDelete: 'cascade' }),
    title: localized('title'),
    price: integer('price').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('group_modifier_variants_group_idx').on(t.groupId)],
);

/** Products a branch cannot sell right now ('Unavailable' on the menu). */
export const branchStopList = pgTable(
  'branch_stop_list',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.productId] })],
);

/**
 * Modifiers a branch cannot add right now: a single modifier's id or a group modifier's variant id
 * (either table; no foreign key can name both, so a row whose modifier is gone is simply never matched).
 */
export const branchModifierStopList = pgTable(
  'branch_modifier_stop_list',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    modifierId: uuid('modifier_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.modifierId] })],
);

/** Products added to every cart of an order type (napkins, a free sauce), from an order amount on. */
export const autoAddProducts = pgTable(
  'auto_add_products',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Null: both delivery and self-pickup. */
    deliveryType: text('delivery_type').$type<'delivery' | 'self-pickup'>(),
    minOrderPrice: integer('min_order_price').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('auto_add_products_shipper_idx').on(t.shipperId),
    check('auto_add_products_quantity_check', sql`${t.quantity} > 0 and ${t.minOrderPrice} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The customer who wrote it; null for the demo reviews (customers arrive with sign-in). */
    customerId: uuid('customer_id'),
    /** The order the reviewed dish came in; null for the demo reviews. */
    orderId: uuid('order_id'),
    rating: integer('rating').notNull(),
    message: text('message').notNull().default(''),
    clientName: text('client_name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt.desc()),
    // One review per customer and dish ('You have already gave feedback').
    uniqueIndex('reviews_customer_product_unique')
      .on(t.customerId, t.productId)
      .where(sql`${t.customerId} is not null`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export type ShipperRow = typeof shippers.$inferSelect;
export type CityRow = typeof cities.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
