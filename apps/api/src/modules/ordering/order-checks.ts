/**
 * The checks of an order's body that come before its lines are priced (order-pricing.ts runs them
 * in the order listed at its top): the delivery address and its details, the payment type, when the
 * order may be cooked, and the delivery zone. Each throws (or adds to `refusals`) the API's refusal.
 */
import type { TDeliveryType, ZCreateOrderRequest } from '@app/contracts';
import { ORDER_PAYMENT_TYPES } from '@app/contracts';
import {
  branchOpenState,
  deliveryPause,
  isOpenAt,
  isPausedAt,
  isPointInZone,
  lastScheduleDay,
  reopeningTexts,
  tashkentClock,
  tashkentDay,
} from '@app/domain';
import type { z } from 'zod';
import type { BranchRow } from '../../db/schema/index.ts';
import { apiError, cataloguedError } from '../../http/errors.ts';
import { canTakeOnline, isOnlinePaymentType, type OrderPaymentConfig } from '../payments/order-payment.ts';
import type { ZoneWithBranches } from '../zones/zones.repository.ts';
import type { Refusals } from './refusals.ts';

export type CreateOrderBody = z.output<typeof ZCreateOrderRequest>;

const OFFERED_HERE: ReadonlySet<string> = new Set(ORDER_PAYMENT_TYPES);

/** Input checks that need no database: the address of a delivery and its details. */
export function checkAddress(body: CreateOrderBody, refusals: Refusals): void {
  if (body.delivery_type !== 'delivery') return;
  const missing: { field: string; message: string }[] = [];
  if (!body.to_address) missing.push({ field: 'to_address', message: 'is required for delivery' });
  if (!body.to_location) missing.push({ field: 'to_location', message: 'is required for delivery' });
  if (!body.delivery_zone_id)
    missing.push({ field: 'delivery_zone_id', message: 'is required for delivery' });
  if (missing.length)
    refusals.add(cataloguedError(400, 'DELIVERY_ADDRESS_REQUIRED', [undefined], { fields: missing }));
  if (!body.is_courier_call) {
    const details = (['apartment', 'floor', 'building'] as const)
      .filter((key) => !body[key])
      .map((field) => ({ field, message: 'is required when the courier does not call' }));
    if (details.length)
      refusals.add(cataloguedError(400, 'ADDRESS_DETAILS_REQUIRED', [undefined], { fields: details }));
  }
}

/**
 * The order's payment type: one the chain offers, and for payme or click a provider whose settings
 * are there (`payments`; absent: none is). 'loyalty' is never one (see ORDER_PAYMENT_TYPES).
 */
export function checkPaymentType(
  paymentType: string,
  offered: readonly string[],
  payments: OrderPaymentConfig | undefined,
): void {
  if (paymentType === 'loyalty') throw apiError(422, 'LOYALTY_NOT_A_PAYMENT_TYPE');
  if (!OFFERED_HERE.has(paymentType) || !offered.includes(paymentType)) {
    throw apiError(422, 'PAYMENT_TYPE_NOT_OFFERED');
  }
  if (isOnlinePaymentType(paymentType) && !canTakeOnline(payments, paymentType)) {
    throw apiError(422, 'ONLINE_PAYMENT_UNAVAILABLE');
  }
}

/**
 * When the order may be cooked: now if the branch is open (express: its hours and no manager's pause,
 * the domain's branchOpenState; closed: BRANCH_CLOSED with when it reopens), or the scheduled time,
 * which must lie ahead, within the branch's hours, after a pause (BRANCH_CLOSED otherwise), and at most
 * future_delivery_order_time (delivery) or future_self_pickup_order_time (pickup) calendar days after
 * today in Tashkent (0: today only). A delivery while deliveries are paused (to then, for a scheduled
 * one) is DELIVERY_PAUSED with when they resume; pickup goes on.
 */
export function checkTiming(
  branch: Pick<
    BranchRow,
    | 'workHourStart'
    | 'workHourEnd'
    | 'futureDeliveryOrderTime'
    | 'futureSelfPickupOrderTime'
    | 'pausedUntil'
    | 'deliveryPausedUntil'
  >,
  deliveryType: TDeliveryType,
  futureTime: Date | null,
  now: Date,
): void {
  const hours = {
    work_hour_start: branch.workHourStart,
    work_hour_end: branch.workHourEnd,
    paused_until: branch.pausedUntil,
  };
  const state = branchOpenState(hours, now);
  const deliveriesPaused =
    deliveryType === 'delivery' ? deliveryPause(branch.deliveryPausedUntil, now) : null;
  if (!futureTime) {
    if (!state.open) throw apiError(422, 'BRANCH_CLOSED', { reopens: reopeningTexts(state.reopens, now) });
    if (deliveriesPaused)
      throw apiError(422, 'DELIVERY_PAUSED', { reopens: reopeningTexts(deliveriesPaused, now) });
    return;
  }
  if (futureTime.getTime() <= now.getTime()) throw apiError(422, 'FUTURE_TIME_PAST');
  const days =
    deliveryType === 'delivery' ? branch.futureDeliveryOrderTime : branch.futureSelfPickupOrderTime;
  if (tashkentDay(futureTime) > lastScheduleDay(now, days))
    throw apiError(422, 'FUTURE_TIME_TOO_FAR', { days: Math.max(0, days) });
  if (!isOpenAt(branch.workHourStart, branch.workHourEnd, tashkentClock(futureTime))) {
    throw apiError(422, 'FUTURE_TIME_OUTSIDE_HOURS', {
      start: branch.workHourStart,
      end: branch.workHourEnd,
    });
  }
  if (!state.open && state.reason === 'paused' && isPausedAt(branch.pausedUntil, futureTime, now))
    throw apiError(422, 'BRANCH_CLOSED', { reopens: reopeningTexts(state.reopens, now) });
  if (deliveriesPaused && isPausedAt(branch.deliveryPausedUntil, futureTime, now))
    throw apiError(422, 'DELIVERY_PAUSED', { reopens: reopeningTexts(deliveriesPaused, now) });
}

export function checkDeliveryZone(
  zone: ZoneWithBranches | undefined,
  branchId: string,
  point: { lat: number; long: number },
): ZoneWithBranches {
  if (!zone || !isPointInZone(point, zone)) throw apiError(422, 'ADDRESS_OUT_OF_ZONE');
  if (!zone.branchIds.includes(branchId)) throw apiError(422, 'BRANCH_NOT_SERVING_ZONE');
  return zone;
}
