/**
 * The staff API that moves an order through its life: sign-in, the order list and order events. The
 * rest of the staff workspace is in staff.ts.
 */
import { z } from 'zod';
import { ZId, ZPageQuery, ZSingleLineText, ZSum } from './common.ts';
import { ZPhone } from './content.ts';
import { ZOrderCourier, ZOrderSummary } from './order-read.ts';
import { ZOrderEvent, ZOrderStatus, ZStaffAccountRole } from './order-status.ts';
import { ZPaymentType } from './shipper.ts';

// ---------------------------------------------------------------------------------------------
// Staff: POST /v1/staff/login, GET /v1/staff/orders, POST /v1/staff/orders/{id}/events

export const ZStaffLoginRequest = z.object({
  login: ZSingleLineText.trim().min(3).max(60),
  password: ZSingleLineText.min(8).max(200),
});
export const ZStaffMember = z.object({
  id: ZId,
  login: z.string(),
  name: z.string(),
  role: ZStaffAccountRole,
  /** The vendor's branch, or a branch manager's; null for operators, couriers and chain managers. */
  branch_id: ZId.nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffLoginResponse = z.object({
  staff: ZStaffMember,
  access_token: z.string().min(32),
  expires_at: z.iso.datetime(),
});
export const ZStaffOrdersQuery = ZPageQuery.extend({ status: ZOrderStatus.optional() });
/** An order as a staff member sees it in GET /v1/staff/orders. */
export const ZStaffOrder = ZOrderSummary.extend({
  payment_type: ZPaymentType,
  paid: z.boolean(),
  /** The part paid with bonuses. */
  loyalty_amount: ZSum,
  refund_due: z.boolean(),
  to_address: z.string().nullable(),
  /** Null: as soon as possible. */
  future_time: z.iso.datetime().nullable(),
  /**
   * The customer's comment. Null: not this reader's to see (a courier sees the customer's own
   * details only on an order it has taken and is carrying: courier-accepted or courier-picked).
   */
  comment: z.string().nullable(),
  /** Null: not this reader's to see (a courier, as for `comment`). */
  customer: z.object({ name: z.string(), phone: ZPhone }).nullable(),
  /** Null: no courier yet. */
  courier: ZOrderCourier.nullable(),
  /** The events this staff member may send for the order now (what a staff screen offers). */
  allowed_events: z.array(ZOrderEvent),
  /** The branch's delivery time (delivery) or cooking time (pickup), minutes: what the timers count against. */
  target_minutes: z.number().int().positive(),
});
export type TStaffOrder = z.infer<typeof ZStaffOrder>;
export const ZStaffOrdersResponse = z.object({
  count: z.number().int().nonnegative(),
  orders: z.array(ZStaffOrder),
});
export type TStaffOrdersResponse = z.infer<typeof ZStaffOrdersResponse>;
export const ZStaffOrderEventRequest = z.object({
  event: ZOrderEvent,
  /** Why: required with a cancelling event (operator-, vendor-, courier-cancelled), kept in the history. */
  reason: ZSingleLineText.trim().min(1).max(300).optional(),
});
export const ZStaffOrderEventResponse = z.object({
  order_id: ZId,
  status: ZOrderStatus,
  at: z.iso.datetime(),
});
