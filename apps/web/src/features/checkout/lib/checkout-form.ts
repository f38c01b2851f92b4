import type { TDeliveryType } from '@app/contracts';
import { changeFromValid, MAX_CHANGE_FROM } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { TCheckoutForm } from '@/lib/stores/checkout';
import { bonusProblem } from './bonus';
import { parseSum, type TOrderFormValues } from './order-request';
import { CHECKOUT_PAYMENT_TYPES, type TCheckoutPaymentType } from './payment-types';

/** Keys of `order.checkout.errors`: the form shows them translated. */
export type TCheckoutErrorKey =
  | 'required'
  | 'tooLong'
  | 'chooseTime'
  | 'changeNotNumber'
  | 'changeTooLarge'
  | 'changeBelowTotal'
  | 'paymentType'
  | 'bonusNotNumber';

export type TCheckoutFormValues = TOrderFormValues;

/** What the form's rules depend on besides its own values. */
export type TCheckoutFormContext = {
  deliveryType: TDeliveryType;
  /** The offered slot values (a scheduled order must pick one of them). */
  slots: readonly string[];
  paymentTypes: readonly TCheckoutPaymentType[];
};

const text = (max: number) => z.string().max(max, 'tooLong');

/** The longest 'change from' the field takes (digits and the spaces of '200 000'). */
export const CHANGE_FROM_MAX_CHARS = 20;

/**
 * What is wrong with a cash 'change from' as typed (spec section 5: 'You cannot deposit an amount
 * less than the total amount.', the domain's changeFromValid). Empty: no change needed. `total`: the
 * order's total from the server's quote, null while it is not known (only the number is checked).
 * The form's rules check the number; the page checks it against the quote's total as it renders,
 * since the total follows the form (a promo code, another payment type) rather than the other way.
 */
export function changeFromProblem(
  typed: string,
  total: number | null,
): 'changeNotNumber' | 'changeTooLarge' | 'changeBelowTotal' | null {
  if (typed.trim() === '') return null;
  const changeFrom = typed.length > CHANGE_FROM_MAX_CHARS ? null : parseSum(typed);
  if (changeFrom === null) return 'changeNotNumber';
  // The API refuses more (a banknote, not a fortune): said here rather than as a failed quote.
  if (changeFrom > MAX_CHANGE_FROM) return 'changeTooLarge';
  if (total !== null && !changeFromValid(changeFrom, total)) return 'changeBelowTotal';
  return null;
}

/**
 * The form's rules (spec sections 3 and 5): with `is_courier_call` off the courier does not call,
 * so apartment, floor and building are required for delivery; a scheduled order needs one of the
 * offered slots; cash 'change from' is a whole sum (and not below the total: changeFromProblem with
 * the quote's total, checked by the page). Messages are keys of order.checkout.errors.
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
      change_from: z.string(),
      comment: text(500),
      use_bonus: z.boolean(),
      bonus_amount: z.string(),
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
      const changeFrom = values.payment_type === 'cash' ? changeFromProblem(values.change_from, null) : null;
      if (changeFrom) issue.addIssue({ code: 'custom', path: ['change_from'], message: changeFrom });
      if (values.use_bonus && bonusProblem(values.bonus_amount)) {
        issue.addIssue({ code: 'custom', path: ['bonus_amount'], message: 'bonusNotNumber' });
      }
    });
}

/**
 * The form's resolver: the rules of checkoutFormSchema with the context react-hook-form hands it
 * (useForm's `context`: the delivery type, slots and payment types of the latest render).
 */
export const checkoutResolver: Resolver<TCheckoutFormValues, TCheckoutFormContext> = (
  values,
  context,
  options,
) => {
  if (!context) throw new Error('the checkout form needs its context (useForm({ context }))');
  return zodResolver(checkoutFormSchema(context))(values, context, options);
};

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
    // Bonuses are chosen anew for every order (the balance may have changed since).
    use_bonus: false,
    bonus_amount: '',
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
