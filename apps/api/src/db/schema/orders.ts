/**
 * Orders (issue 5): the order with the prices the server computed, its lines (a snapshot of what was
 * ordered at which price), its status history (every event, who sent it), idempotency keys of
 * POST /v2/ondemand-order, and the staff who move orders along (operator, vendor, courier).
 */
import type { TLocalizedText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, products, shipperIdColumn } from './catalog.ts';
import { customers } from './customers.ts';
import { deliveryZones } from './location.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Source of the short customer-facing order numbers (external_order_id). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001, increment: 1 });

/** Every account's role: the order machine's three actors and the manager (issue 13), who sends no order events. */
export const STAFF_ROLES = ['operator', 'vendor', 'courier', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** A vendor works for one branch; operators and couriers for the whole chain; a manager for either. */
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** scrypt: 'scrypt$N$r$p$salt$hash' (base64). */
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('staff_accounts_shipper_login_unique').on(t.shipperId, t.login),
    check('staff_accounts_role_check', sql`${t.role} in ('operator', 'vendor', 'courier', 'manager')`),
    check(
      'staff_accounts_vendor_branch_check',
      sql`${t.role} = 'manager' or (${t.role} = 'vendor') = (${t.branchId} is not null)`,
    ),
  ],
);
export type StaffAccountRow = typeof staffAccounts.$inferSelect;

export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique('staff_tokens_hash_unique'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);

/** What became of a staff sign-in attempt (staff_sign_ins.outcome). */
export const STAFF_SIGN_IN_OUTCOMES = [
  /** Counted, its password still being checked (or the process died meanwhile: it stays counted). */
  'pending',
  'signed-in',
  'wrong-password',
  'unknown-login',
  /** The right password of a deactivated account. */
  'inactive-account',
] as const;
export type StaffSignInOutcome = (typeof STAFF_SIGN_IN_OUTCOMES)[number];

/**
 * Every staff sign-in whose password was checked, successful or not (issue 9): the operator's record
 * of who tried which login from where, and what the sign-in limits count (modules/staff/sign-in-limits.ts),
 * so they survive restarts and hold across API processes. Attempts refused by a limit before any
 * check are not written (an attacker's flood must not grow the table); rows older than the retention
 * are pruned a few at a time as new ones come.
 */
export const staffSignIns = pgTable(
  'staff_sign_ins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipperId: shipperIdColumn(),
    /** What the limits count and accounts match: trimmed, lower-cased, bounded. */
    login: text('login').notNull(),
    /** The login as it was typed (trimmed, bounded). */
    loginTyped: text('login_typed').notNull(),
    /** The account of that login, when there is one (null: no such login). */
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The client's address as the API saw it. */
    address: text('address').notNull(),
    /** What per-address limits count: the IPv4 address, or the IPv6 /64 (http/client-address.ts). */
    bucket: text('bucket').notNull(),
    userAgent: text('user_agent'),
    outcome: text('outcome').$type<StaffSignInOutcome>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('staff_sign_ins_login_idx').on(t.shipperId, t.login, t.createdAt),
    index('staff_sign_ins_bucket_idx').on(t.bucket, t.createdAt),
    index('staff_sign_ins_created_idx').on(t.createdAt),
    check(
      'staff_sign_ins_outcome_check',
      sql`${t.outcome} in ('pending', 'signed-in', 'wrong-password', 'unknown-login', 'inactive-account')`,
    ),
  ],
);
export type StaffSignInRow = typeof staffSignIns.$inferSelect;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    /** The short number the customer reads, e.g. 'B-10001'. */
    externalOrderId: text('external_order_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    deliveryType: text('delivery_type').$type<'delivery' | 'self-pickup'>().notNull(),
    paymentType: text('payment_type').notNull(),
    /** Paid: online payment received, or cash/card taken on receipt (set when delivered/finished). */
    paid: boolean('paid').notNull().default(false),
    status: text('status').notNull(),
    toAddress: text('to_address'),
    toLat: doublePrecision('to_lat'),
    toLong: doublePrecision('to_long'),
    deliveryZoneId: uuid('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    accommodation: text('accommodation').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    description: text('description').notNull().default(''),
    isCourierCall: boolean('is_courier_call').notNull().default(true),
    comment: text('comment').notNull().default(''),
    futureTime: timestamptz('future_time'),
    isPreorder: boolean('is_preorder').notNull().default(false),
    source: text('source').notNull().default('website'),
    goodsPrice: integer('goods_price').notNull(),
    deliveryPrice: integer('delivery_price').notNull(),
    deliveryReason: text('delivery_reason').notNull(),
    deliveryDistanceM: integer('delivery_distance_m').notNull().default(0),
    discountPrice: integer('discount_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    /** Sums paid with the accumulative card's bonuses (a 'spent' loyalty_ledger row); the rest is payment_type's. */
    loyaltyAmount: integer('loyalty_amount').notNull().default(0),
    /** A paid order was cancelled: its money is to be returned (cleared when the provider refunds). */
    refundDue: boolean('refund_due').notNull().default(false),
    promoCode: text('promo_code'),
    changeFrom: integer('change_from'),
    courierId: uuid('courier_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    unique('orders_shipper_external_unique').on(t.shipperId, t.externalOrderId),
    index('orders_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('orders_status_idx').on(t.shipperId, t.status),
    // The staff lists (issue 13): a chain's or a branch's orders, newest first.
    index('orders_shipper_created_idx').on(t.shipperId, t.createdAt.desc()),
    index('orders_branch_created_idx').on(t.branchId, t.createdAt.desc()),
    index('orders_future_idx').on(t.status, t.futureTime),
    check(
      'orders_amounts_check',
      sql`${t.goodsPrice} >= 0 and ${t.deliveryPrice} >= 0 and ${t.discountPrice} >= 0 and ${t.totalPrice} >= 0 and ${t.totalPrice} = ${t.goodsPrice} + ${t.deliveryPrice} - ${t.discountPrice}`,
    ),
    check(
      'orders_loyalty_amount_check',
      sql`${t.loyaltyAmount} >= 0 and ${t.loyaltyAmount} <= ${t.totalPrice}`,
    ),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

export type OrderLineVariant = { group_id: string; product_id: string; title: TLocalizedText };
export type OrderLineModifier = {
  modifier_id: string;
  parent_id: string | null;
  name: TLocalizedText;
  quantity: number;
  price: number;
};

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    type: text('type').$type<'simple' | 'combo' | 'origin'>().notNull(),
    /** Snapshot at order time: names and prices as the customer saw them. */
    title: jsonb('title').$type<TLocalizedText>().notNull(),
    variants: jsonb('variants').$type<OrderLineVariant[]>().notNull(),
    modifiers: jsonb('modifiers').$type<OrderLineModifier[]>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * The line is one of the chain's auto-add products (napkins on delivery) the cart added by
     * itself, not a dish the customer chose: it is not offered for rating. Decided by the server
     * when the order is placed (modules/auto-add `autoAddedLines`).
     */
    autoAdded: boolean('auto_added').notNull().default(false),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    check(
      'order_lines_amounts_check',
      sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.totalPrice} >= 0`,
    ),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

/** Every status an order took, with the event and the actor that caused it (server, or a staff id). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** Null for the first status (the order was placed). */
    event: text('event'),
    actor: text('actor').notNull(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** Why a staff member cancelled (required with their cancelling events); null otherwise. */
    reason: text('reason'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * Every staff action (issue 13): who did what to which thing, what it was before and after, when. Order
 * events, stop-list changes, prices, pauses, hours and staff accounts; a manager reads it. Written in
 * the transaction of the change it records (modules/staff/audit.ts).
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipperId: shipperIdColumn(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** e.g. 'order.event', 'stop-list.change', 'menu-price.set', 'branch.pause', 'staff.create'. */
    action: text('action').notNull(),
    /** 'order', 'product', 'modifier', 'menu-product', 'branch', 'staff'. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The branch the action concerns (a branch manager reads its own); null: chain-wide. */
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('staff_audit_log_shipper_idx').on(t.shipperId, t.id),
    index('staff_audit_log_branch_idx').on(t.branchId, t.id),
  ],
);
export type StaffAuditRow = typeof staffAuditLog.$inferSelect;

/**
 * The order status bus's outbox (adapters/order-events/status-feed.ts): one row per published status
 * change, written in the transaction that makes the change (so it exists exactly when that commits).
 * After the commit every API process reads the rows it has not handed over yet, in id order; a NOTIFY
 * sent outside any order's transaction only says "read now". `payload` is the TOrderStatusEvent's
 * JSON. Rows older than the feed's retention are deleted by the feed itself.
 */
export const orderStatusOutbox = pgTable('order_status_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  payload: text('payload').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * POST /v2/ondemand-order's Idempotency-Key, scoped to the customer: the body's hash and the answer to
 * replay, written in the order's own transaction (modules/ordering/idempotency.ts). A row with no
 * response is a claim left by an earlier version; it is read as free.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamptz('created_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    unique('idempotency_keys_customer_key_unique').on(t.customerId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
