/**
 * The staff workspace (issue 13): what the operator, kitchen, courier and manager screens read and
 * send besides sign-in, the order list and order events (order.ts). Every route is under
 * `/v1/staff/...`, signed in with the staff token; the server checks the role of every call.
 */
import { z } from 'zod';
import { ZClock, ZId, ZLatLong, ZLocalizedText, ZPageQuery, ZSingleLineText, ZSum } from './common.ts';
import { ZPhone } from './content.ts';
import { ZLoyaltyReason } from './loyalty.ts';
import {
  ZOrderEvent,
  ZOrderLine,
  ZOrderStatus,
  ZStaffAccountRole,
  ZStaffMember,
  ZStaffOrder,
} from './order.ts';

// ---------------------------------------------------------------------------------------------
// Orders: GET /v1/staff/orders (filters), GET /v1/staff/orders/{id} (the whole card)

/**
 * GET /v1/staff/orders: `current` (default) the orders still in work, `all` every order; `branch_id`
 * one branch (a vendor always sees its own); `q` an order number (B-10001 or 10001) or a phone's digits.
 */
export const ZStaffOrdersFilter = ZPageQuery.extend({
  status: ZOrderStatus.optional(),
  scope: z.enum(['current', 'all']).default('current'),
  branch_id: ZId.optional(),
  q: ZSingleLineText.trim().min(1).max(40).optional(),
});
export type TStaffOrdersFilter = z.infer<typeof ZStaffOrdersFilter>;

/** One step of an order's life as staff see it: who sent which event, when, and why (cancels). */
export const ZStaffOrderHistoryEntry = z.object({
  status: ZOrderStatus,
  /** Null: the order was placed. */
  event: ZOrderEvent.nullable(),
  /** 'server', 'customer' or a staff role. */
  actor: z.string(),
  /** The staff member who sent it; null for the server and the customer. */
  staff: z.object({ id: ZId, name: z.string(), role: ZStaffAccountRole }).nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type TStaffOrderHistoryEntry = z.infer<typeof ZStaffOrderHistoryEntry>;

/** GET /v1/staff/orders/{id}: the order's whole card. */
export const ZStaffOrderDetail = ZStaffOrder.extend({
  updated_at: z.iso.datetime(),
  to_location: ZLatLong.nullable(),
  accommodation: z.string(),
  /** Null (also `floor`, `description`): not this reader's to see (a courier, as for `comment`). */
  apartment: z.string().nullable(),
  building: z.string(),
  floor: z.string().nullable(),
  /** The customer's note about the address. */
  description: z.string().nullable(),
  is_courier_call: z.boolean(),
  goods_price: ZSum,
  delivery_price: ZSum,
  discount_price: ZSum,
  promo_code: z.string().nullable(),
  change_from: ZSum.nullable(),
  /** total_price - loyalty_amount. */
  amount_to_pay: ZSum,
  lines: z.array(ZOrderLine.omit({ can_review: true })),
  history: z.array(ZStaffOrderHistoryEntry),
});
export type TStaffOrderDetail = z.infer<typeof ZStaffOrderDetail>;

// ---------------------------------------------------------------------------------------------
// Live: GET /v1/staff/stream (Server-Sent Events)

/**
 * `event: order` of the staff stream: an order of the reader's scope changed (placed, moved). The
 * screen re-reads the order (or its list); `id:` of the message is the bus's outbox id, so a
 * reconnect with Last-Event-ID resumes after it. `event: reset` (on connecting, or when the events
 * since Last-Event-ID are no longer kept): re-read everything. `event: catalogue`: the stop list,
 * prices or branches changed.
 */
export const ZStaffStreamOrder = z.object({
  order_id: ZId,
  external_order_id: z.string(),
  branch_id: ZId,
  status: ZOrderStatus,
  /** Null: the order was just placed (or its payment just arrived: it reached the queues). */
  event: ZOrderEvent.nullable(),
  at: z.iso.datetime(),
});
export type TStaffStreamOrder = z.infer<typeof ZStaffStreamOrder>;

// ---------------------------------------------------------------------------------------------
// Manager: branches, stop list, menus and prices, staff accounts, figures, audit log

export const ZStaffBranchParams = z.object({ id: ZId });

/**
 * A branch's delivery or cooking time as a manager sets it: whole minutes, 1 to 600 (ten hours).
 * The database holds cooking_time to the same range (a CHECK, migration 0015); delivery_time has no
 * CHECK, so this is its bound.
 */
export const BRANCH_MINUTES_MAX = 600;
export const ZBranchMinutes = z.number().int().min(1).max(BRANCH_MINUTES_MAX);

/** A branch as the manager's screens show it: hours, times and pauses. */
export const ZStaffBranch = z.object({
  id: ZId,
  slug: z.string(),
  name: ZLocalizedText,
  city: z.string(),
  menu_id: ZId,
  work_hour_start: ZClock,
  work_hour_end: ZClock,
  /** Minutes: what a delivery's timer on the staff screens counts against. */
  delivery_time: z.number().int().positive(),
  /** Minutes the kitchen takes to have an order ready: what a pickup's timer counts against. */
  cooking_time: z.number().int().positive(),
  is_active: z.boolean(),
  /** The whole branch is paused ('busy kitchen') until then; null: not paused. */
  paused_until: z.iso.datetime().nullable(),
  /** Deliveries only are paused until then (pickup goes on); null: not paused. */
  delivery_paused_until: z.iso.datetime().nullable(),
});
export type TStaffBranch = z.infer<typeof ZStaffBranch>;
export const ZStaffBranchesResponse = z.object({ branches: z.array(ZStaffBranch) });

/** PUT /v1/staff/branches/{id}/pause: pause deliveries or the whole branch until `until` (at most 24 h ahead). */
export const ZBranchPauseRequest = z.object({
  scope: z.enum(['delivery', 'branch']),
  until: z.iso.datetime({ offset: true }),
});
/** DELETE /v1/staff/branches/{id}/pause?scope=: resume now. */
export const ZBranchPauseQuery = z.object({ scope: z.enum(['delivery', 'branch']) });
/** PUT /v1/staff/branches/{id}/hours. */
export const ZBranchHoursRequest = z.object({ work_hour_start: ZClock, work_hour_end: ZClock });
/** PUT /v1/staff/branches/{id}/times: both times, whole minutes 1..600 each. */
export const ZBranchTimesRequest = z.object({ delivery_time: ZBranchMinutes, cooking_time: ZBranchMinutes });
export type TBranchTimesRequest = z.infer<typeof ZBranchTimesRequest>;

/** Something a branch can put on its stop list: a product, or a modifier (single modifier or a group's variant). */
export const ZStopListKind = z.enum(['product', 'modifier']);
export const ZStopListItem = z.object({
  kind: ZStopListKind,
  id: ZId,
  /** For a modifier: its product. */
  product_id: ZId,
  title: ZLocalizedText,
  /** On the stop list now. */
  stopped: z.boolean(),
});
export type TStopListItem = z.infer<typeof ZStopListItem>;
/** GET /v1/staff/branches/{id}/stop-list: every product of the branch's menu and its modifiers, stopped or not. */
export const ZStopListResponse = z.object({ branch_id: ZId, items: z.array(ZStopListItem) });
export type TStopListResponse = z.infer<typeof ZStopListResponse>;
/** PUT /v1/staff/branches/{id}/stop-list: stop (`stopped: true`) or bring back one product or modifier. */
export const ZStopListChange = z.object({ kind: ZStopListKind, id: ZId, stopped: z.boolean() });

export const ZStaffMenu = z.object({ id: ZId, key: z.string(), name: z.string() });
export const ZStaffMenusResponse = z.object({ menus: z.array(ZStaffMenu) });
export const ZMenuParams = z.object({ id: ZId });
export const ZMenuProductParams = z.object({ id: ZId, productId: ZId });
/** One product of the chain on one menu: null price = not sold on that menu. */
export const ZMenuProductPrice = z.object({
  product_id: ZId,
  title: ZLocalizedText,
  price: ZSum.nullable(),
});
export const ZStaffMenuProductsResponse = z.object({ menu_id: ZId, products: z.array(ZMenuProductPrice) });
export type TStaffMenuProductsResponse = z.infer<typeof ZStaffMenuProductsResponse>;
/** PUT /v1/staff/menus/{id}/products/{productId}: sell it on that menu at `price` (DELETE: stop selling it there). */
export const ZMenuProductPriceRequest = z.object({ price: ZSum.max(100_000_000) });

export const ZStaffAccount = ZStaffMember.extend({
  phone: ZPhone,
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;
export const ZStaffAccountsResponse = z.object({ accounts: z.array(ZStaffAccount) });
const ZLogin = ZSingleLineText.trim()
  .min(3)
  .max(60)
  .regex(/^[a-z0-9._-]+$/i, 'letters, digits, dot, dash or underscore');
const ZNewPassword = ZSingleLineText.min(10).max(200);
/** POST /v1/staff/accounts. A vendor needs a branch; operators and couriers have none; a manager may have one. */
export const ZStaffAccountCreate = z.object({
  login: ZLogin,
  name: ZSingleLineText.trim().min(1).max(100),
  phone: ZPhone,
  role: ZStaffAccountRole,
  branch_id: ZId.nullable(),
  password: ZNewPassword,
});
/** PATCH /v1/staff/accounts/{id}: any of these. Disabling ends the account's sign-ins. */
export const ZStaffAccountUpdate = z
  .object({
    name: ZSingleLineText.trim().min(1).max(100),
    phone: ZPhone,
    role: ZStaffAccountRole,
    branch_id: ZId.nullable(),
    is_active: z.boolean(),
  })
  .partial();
/** POST /v1/staff/accounts/{id}/password: set a new password; the account's sign-ins end. */
export const ZStaffPasswordReset = z.object({ password: ZNewPassword });
export const ZStaffAccountParams = z.object({ id: ZId });

/** GET /v1/staff/figures?date=YYYY-MM-DD (default today, Tashkent): per branch. */
export const ZFiguresQuery = z.object({ date: z.iso.date().optional() });
export const ZBranchFigures = z.object({
  branch_id: ZId,
  name: ZLocalizedText,
  /** Orders placed that day (payment-awaited ones that never got paid excluded). */
  orders: z.number().int().nonnegative(),
  /** Sum of total_price of the day's orders not cancelled. */
  revenue: ZSum,
  cancelled: z.number().int().nonnegative(),
  /** Average minutes from placed to accepted, accepted to ready, ready to delivered/finished; null: none yet. */
  avg_minutes: z.object({
    to_accept: z.number().nonnegative().nullable(),
    cooking: z.number().nonnegative().nullable(),
    to_hand_over: z.number().nonnegative().nullable(),
  }),
});
export type TBranchFigures = z.infer<typeof ZBranchFigures>;
export const ZFiguresResponse = z.object({ date: z.iso.date(), branches: z.array(ZBranchFigures) });
export type TFiguresResponse = z.infer<typeof ZFiguresResponse>;

/** One staff action: who, what, on what, before, after, when. */
export const ZAuditEntry = z.object({
  id: z.number().int().positive(),
  staff: z.object({ id: ZId, name: z.string(), login: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  branch_id: ZId.nullable(),
  /** What it was and what it became: a JSON object of the fields concerned (null: nothing, e.g. before a creation). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.iso.datetime(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditQuery = ZPageQuery.extend({ branch_id: ZId.optional() });
export const ZAuditResponse = z.object({
  count: z.number().int().nonnegative(),
  entries: z.array(ZAuditEntry),
});
export type TAuditResponse = z.infer<typeof ZAuditResponse>;

// ---------------------------------------------------------------------------------------------
// The loyalty outbox: GET /v1/staff/loyalty-movements, POST .../{id}/retry, DELETE .../{id}

/**
 * A bonus movement the card's provider (iiko) has not taken yet: an order's bonuses given back on a
 * cancel (`refund`) or its cashback (`earned`). `retrying`: tried again at `next_attempt_at`;
 * `gave-up`: the tries stopped (a refusal, or 3 days without success), for a person to settle.
 */
export const ZQueuedLoyaltyMovement = z.object({
  /** The movement (its ledger row). */
  id: ZId,
  /** Null: bonuses charged for an order that was then not placed, being given back. */
  order_id: ZId.nullable(),
  /** The order's number (an order not placed: the number its bonuses were charged under). */
  external_order_id: z.string(),
  reason: ZLoyaltyReason.extract(['refund', 'earned']),
  amount: ZSum,
  state: z.enum(['retrying', 'gave-up']),
  attempts: z.number().int().nonnegative(),
  /** The provider's last answer (or why it could not be reached); null before the first try. */
  last_error: z.string().nullable(),
  /**
   * The give-back of an order not placed whose charge nobody knows was made (the placement stopped
   * mid-way, or iiko did not answer it): a person looks for the chargeoff in iiko, then tries it
   * again (made), settles it (given back by hand), or marks it not charged (no chargeoff: the spend
   * and its give-back leave the customer's history).
   */
  charge_unknown: z.boolean(),
  next_attempt_at: z.iso.datetime(),
  gave_up_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type TQueuedLoyaltyMovement = z.infer<typeof ZQueuedLoyaltyMovement>;
export const ZLoyaltyMovementsQuery = ZPageQuery;
/** Given up first, then the oldest; `provider` is the chain's card (local: nothing is ever queued). */
export const ZLoyaltyMovementsResponse = z.object({
  provider: z.enum(['local', 'iiko']),
  count: z.number().int().nonnegative(),
  movements: z.array(ZQueuedLoyaltyMovement),
});
export type TLoyaltyMovementsResponse = z.infer<typeof ZLoyaltyMovementsResponse>;
export const ZLoyaltyMovementParams = z.object({ id: ZId });
