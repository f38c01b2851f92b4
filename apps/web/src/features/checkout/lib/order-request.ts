import type { TCreateOrderRequest, TDeliveryType, TLatLong, TOrderProductInput } from '@app/contracts';
import { availableLines, type CartLine } from '@app/domain';
import type { TCheckoutPaymentType } from './payment-types';

/**
 * What the checkout sends to the API, to quote the order and to place it. The storefront never sends
 * a price: the order carries products, choices and quantities only, and the server prices them from
 * the database.
 */

/** The cart's lines as the order's products (stopped lines are left out; the page blocks them first). */
export function orderProducts(lines: readonly CartLine[]): TOrderProductInput[] {
  return availableLines(lines).map((line) => ({
    product_id: line.product_id,
    type: line.type,
    variants: line.variants.map((v) => ({ group_id: v.group_id, product_id: v.product_id })),
    quantity: line.quantity,
    order_modifiers: line.order_modifiers.map((m) => ({
      modifier_id: m.modifier_id,
      modifier_quantity: m.modifier_quantity,
      parent_id: m.parent_id,
    })),
    ...(line.comment.trim() ? { comment: line.comment.trim() } : {}),
  }));
}

/** The cart keys of the order's products, in the order orderProducts sends them (line i of the body). */
export const orderLineKeys = (lines: readonly CartLine[]): string[] =>
  availableLines(lines).map((l) => l.key);

/** The checkout form's values the order needs (see checkout-form.ts for how they are checked). */
export type TOrderFormValues = {
  payment_type: TCheckoutPaymentType;
  accommodation: string;
  apartment: string;
  building: string;
  floor: string;
  description: string;
  is_courier_call: boolean;
  timing: 'express' | 'scheduled';
  future_time: string | null;
  /** Digits as typed; empty: no change needed. */
  change_from: string;
  comment: string;
  /** Pay part of the order with the accumulative card's bonuses (see lib/bonus.ts). */
  use_bonus: boolean;
  /** The bonus sum as typed; empty: as much as the order may use (the quote's loyalty_max). */
  bonus_amount: string;
};

export type TOrderTarget =
  | { deliveryType: 'delivery'; branchId: string; address: string; location: TLatLong; zoneId: string | null }
  | { deliveryType: 'self-pickup'; branchId: string };

/** A typed sum ('200 000', '200000') as a whole number, or null when empty or not a number. */
export function parseSum(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  return Number(digits);
}

/** The body of POST /v2/ondemand-order. */
export function buildOrderRequest(input: {
  target: TOrderTarget;
  lines: readonly CartLine[];
  form: TOrderFormValues;
  promoCode: string | null;
  /** Sums paid with bonuses (lib/bonus.ts bonusAmount); 0 or absent: none. */
  loyaltyAmount?: number;
}): TCreateOrderRequest {
  const { target, form } = input;
  const scheduled = form.timing === 'scheduled' && form.future_time !== null;
  const delivery: TDeliveryType = target.deliveryType;
  const changeFrom = form.payment_type === 'cash' ? parseSum(form.change_from) : null;
  return {
    delivery_type: delivery,
    payment_type: form.payment_type,
    ...(target.deliveryType === 'delivery'
      ? {
          to_address: target.address,
          to_location: { lat: target.location.lat, long: target.location.long },
          ...(target.zoneId ? { delivery_zone_id: target.zoneId } : {}),
          accommodation: form.accommodation.trim(),
          apartment: form.apartment.trim(),
          building: form.building.trim(),
          floor: form.floor.trim(),
          description: form.description.trim(),
          is_courier_call: form.is_courier_call,
        }
      : {}),
    future_time: scheduled ? form.future_time : null,
    is_preorder: scheduled,
    source: 'website',
    ...(input.promoCode ? { promo_code: input.promoCode } : {}),
    ...(changeFrom !== null ? { change_from: changeFrom } : {}),
    ...(input.loyaltyAmount ? { loyalty_amount: input.loyaltyAmount } : {}),
    comment: form.comment.trim(),
    steps: [{ branch_id: target.branchId, products: orderProducts(input.lines) }],
  };
}
