import type { TDeliveryType } from '@app/contracts';
import { changeFromValid } from '@app/domain';
import { z } from 'zod';
import type { TCheckoutForm } from '@/lib/stores/checkout';
import { parseSum, type TOrderFormValues } from './order-request';
import { CHECKOUT_PAYMENT_TYPES, type TCheckoutPaymentType } from './payment-types';

/** Keys of `order.checkout.errors`: the form shows them translated. */
export type TCheckoutErrorKey =
  | 'required'
  | 'tooLong'
  | 'chooseTime'
  | 'changeNotNumber'
  | 'changeBelowTotal'
  | 'paymentType';

export type TCheckoutFormValues = TOrderFormValues;

/** What the form's rules depend on besides its own values. */
export type TCheckoutFormContext = {
  deliveryType: TDeliveryType;
  /** The order's total from the server's quotes; null while they load (the change is checked later). */
  total: number | null;
  /** The offered slot values (a scheduled order must pick one of them). */
  slots: readonly string[];
  paymentTypes: readonly TCheckoutPaymentType[];
};

const text = (max: number) => z.string().max(max, 'tooLong');

/**
 * The form's rules (spec sections 3 and 5): with `is_courier_call` off the courier does not call,
 * so apartment, floor and building are required for delivery; a scheduled order needs one of the
 * offered slots; cash 'change from' is a whole sum not below the total ('You cannot deposit an
 * amount less than the total amount.'). Messages are keys of order.checkout.errors.
 */
export function checkoutFormSchema(ctx: TCheckoutFormContext) {
  return z
    .object({
      payment_type: z.enum(CHECKOUT_PAYMENT_TYPES, 'paymentType'),
      accommodation: text(100),
      apartment: text(20),
      building: text(20),
      floor: text(20),
      description: text(500),
      is_courier_call: z.boolean(),
      timing: z.enum(['express', 'scheduled']),
      future_time: z.string().nullable(),
      change_from: z.string().max(20, 'changeNotNumber'),
      comment: text(500),
    })
    .superRefine((values, issue) => {
      if (!ctx.paymentTypes.includes(values.payment_type)) {
        issue.addIssue({ code: 'custom', path: ['payment_type'], message: 'paymentType' });
      }
      if (ctx.deliveryType === 'delivery' && !values.is_courier_call) {
        for (const key of ['apartment', 'floor', 'building'] as const) {
          if (values[key].trim() === '') issue.addIssue({ code: 'custom', path: [key], message: 'required' });
        }
      }
      if (values.timing === 'scheduled' && !ctx.slots.includes(values.future_time ?? '')) {
        issue.addIssue({ code: 'custom', path: ['future_time'], message: 'chooseTime' });
      }
      if (values.payment_type === 'cash' && values.change_from.trim() !== '') {
        const changeFrom = parseSum(values.change_from);
        if (changeFrom === null) {
          issue.addIssue({ code: 'custom', path: ['change_from'], message: 'changeNotNumber' });
        } else if (ctx.total !== null && !changeFromValid(changeFrom, ctx.total)) {
          issue.addIssue({ code: 'custom', path: ['change_from'], message: 'changeBelowTotal' });
        }
      }
    });
}

/** The form's starting values from the session's checkout store (and the saved address's details). */
export function formValuesFrom(
  stored: TCheckoutForm,
  paymentTypes: readonly TCheckoutPaymentType[],
  savedAddress?: { house?: string; floor?: string; porch?: string; apartment?: string } | null,
): TCheckoutFormValues {
  const fallbackPayment = paymentTypes[0] ?? 'cash';
  const payment = (paymentTypes as readonly string[]).includes(stored.payment_type)
    ? (stored.payment_type as TCheckoutPaymentType)
    : fallbackPayment;
  return {
    payment_type: payment,
    accommodation: stored.accommodation || savedAddress?.house || '',
    apartment: stored.apartment || savedAddress?.apartment || '',
    building: stored.building || savedAddress?.porch || '',
    floor: stored.floor || savedAddress?.floor || '',
    description: stored.description,
    is_courier_call: stored.is_courier_call,
    timing: stored.is_preorder ? 'scheduled' : 'express',
    future_time: stored.future_time,
    change_from: stored.change_from === null ? '' : String(stored.change_from),
    comment: stored.comment,
  };
}

/** The form's values as the session's checkout store keeps them. */
export function storedFrom(values: TCheckoutFormValues): Partial<TCheckoutForm> {
  return {
    payment_type: values.payment_type,
    accommodation: values.accommodation,
    apartment: values.apartment,
    building: values.building,
    floor: values.floor,
    description: values.description,
    is_courier_call: values.is_courier_call,
    is_preorder: values.timing === 'scheduled',
    future_time: values.future_time,
    change_from: parseSum(values.change_from),
    comment: values.comment,
  };
}
