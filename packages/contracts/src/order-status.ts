/**
 * Orders' statuses and events (spec section 4 "Orders"), and the staff roles: the vocabulary of the
 * order's state machine, shared by the order contracts, the staff API and packages/domain.
 */
import { z } from 'zod';

/**
 * Statuses of the platform (spec section 4 "Orders"). The one list: the domain's state machine
 * (packages/domain/src/order-status.ts) takes it, the events and the staff roles below as they are.
 */
export const ORDER_STATUS_VALUES = [
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'delivered',
  'finished',
  'operator-cancelled',
  'vendor-cancelled',
  'courier-cancelled',
  'server-cancelled',
  'payment-awaited',
] as const;
export const ZOrderStatus = z.enum(ORDER_STATUS_VALUES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

export const ORDER_EVENT_VALUES = [
  'operator-accepted',
  'operator-cancelled',
  'vendor-accepted',
  'vendor-cancelled',
  'vendor-ready',
  'courier-accepted',
  'courier-cancelled',
  'courier-picked',
  'delivered',
  'finished',
  'server-cancelled',
  'future-due',
  'payment-received',
] as const;
export const ZOrderEvent = z.enum(ORDER_EVENT_VALUES);
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

export const STAFF_ROLES = ['operator', 'vendor', 'courier'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;
/**
 * Every staff account's role: the three that move orders (STAFF_ROLES, the order machine's actors) and
 * the manager (issue 13), who runs the chain or one branch (stop list, prices, pauses, hours, staff,
 * figures, audit log) and sends no order events.
 */
export const STAFF_ACCOUNT_ROLES = [...STAFF_ROLES, 'manager'] as const;
export const ZStaffAccountRole = z.enum(STAFF_ACCOUNT_ROLES);
export type TStaffAccountRole = z.infer<typeof ZStaffAccountRole>;
