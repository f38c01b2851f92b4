'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { type FieldPath, type UseFormReturn, useForm } from 'react-hook-form';
import { useCheckoutStore } from '@/lib/stores/checkout';
import type { TAddressPoint } from '@/lib/stores/common';
import {
  changeFromProblem,
  checkoutResolver,
  formValuesFrom,
  storedFrom,
  type TCheckoutErrorKey,
  type TCheckoutFormContext,
  type TCheckoutFormValues,
} from '../lib/checkout-form';
import type { TCheckoutPaymentType } from '../lib/payment-types';

export type TCheckoutFormState = {
  form: UseFormReturn<TCheckoutFormValues, TCheckoutFormContext>;
  /** The values as they stand (the form re-renders on every change). */
  values: TCheckoutFormValues;
  /** A field's error, translated; null when it has none (or has not been touched yet). */
  errorOf: (name: FieldPath<TCheckoutFormValues>) => string | null;
  /**
   * Cash 'change from' against the order's total (changeFromProblem), once the field was left or the
   * form submitted; null when fine. Worked out in every render from the value and the quote's total,
   * so a new total (a promo code, another hour) shows at once without validating the form again.
   */
  changeFromError: (total: number | null) => string | null;
};

/**
 * The checkout form (react-hook-form with the zod rules of lib/checkout-form.ts): its starting values
 * from the session's checkout store and the saved address, every change written back to that store
 * (a reload or a trip to the cart keeps it), and its rules' context (delivery type, slots, payment
 * types) handed over on every render through useForm's `context`.
 */
export function useCheckoutForm({
  paymentTypes,
  savedAddress,
  context,
}: {
  paymentTypes: readonly TCheckoutPaymentType[];
  savedAddress: TAddressPoint | null;
  context: TCheckoutFormContext;
}): TCheckoutFormState {
  const t = useTranslations('order.checkout');
  // The store is read once, for the starting values; afterwards the form is the source and writes it.
  const [defaultValues] = useState(() =>
    formValuesFrom(useCheckoutStore.getState(), paymentTypes, savedAddress),
  );
  const form = useForm<TCheckoutFormValues, TCheckoutFormContext>({
    defaultValues,
    resolver: checkoutResolver,
    context,
    mode: 'onTouched',
  });
  const { formState } = form;
  const values = form.watch();

  // The session's checkout store is outside React: the form's changes are written to it as they happen.
  useEffect(() => {
    const subscription = form.watch(() =>
      useCheckoutStore.getState().setFields(storedFrom(form.getValues())),
    );
    return () => subscription.unsubscribe();
  }, [form]);

  const errorOf = (name: FieldPath<TCheckoutFormValues>): string | null => {
    const key = formState.errors[name]?.message;
    return key ? t(`errors.${key as TCheckoutErrorKey}`) : null;
  };

  const changeFromShown = formState.touchedFields.change_from === true || formState.isSubmitted;
  const changeFromError = (total: number | null): string | null => {
    const key =
      changeFromShown && values.payment_type === 'cash' ? changeFromProblem(values.change_from, total) : null;
    return key ? t(`errors.${key}`) : null;
  };

  return { form, values, errorOf, changeFromError };
}
