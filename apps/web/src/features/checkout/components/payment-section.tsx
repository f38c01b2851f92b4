'use client';

import { useTranslations } from 'next-intl';
import { type ComponentType, useId } from 'react';
import type { TCheckoutFormState } from '../hooks/use-checkout-form';
import type { TCheckoutPaymentType } from '../lib/payment-types';
import type { TQuoteErrors } from '../lib/quote';
import { describedBy, errorClass, Field, inputClass, Section } from './form-parts';

/** What a payment method's own fields get: the form, the quote's total and its refusals. */
export type TPaymentFieldsProps = {
  checkout: TCheckoutFormState;
  /** The order's total from the server's quote; null while it is not known. */
  total: number | null;
  quoteErrors: TQuoteErrors | null;
};

/** Cash: the banknote the customer pays with, so the courier brings change (spec section 5). */
function ChangeFromField({ checkout, total, quoteErrors }: TPaymentFieldsProps) {
  const t = useTranslations('order.checkout.payment');
  const id = useId();
  const error = checkout.changeFromError(total) ?? quoteErrors?.changeFrom?.message ?? null;
  return (
    <Field id={`${id}-change`} label={t('changeFrom')} hint={t('changeFromHint')} error={error}>
      <input
        {...checkout.form.register('change_from')}
        {...describedBy(`${id}-change`, true, error !== null)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        className={inputClass}
        data-testid="checkout-change-from"
      />
    </Field>
  );
}

/**
 * The fields a payment method adds below the list while it is chosen. A new method (an online
 * provider, the loyalty card) adds its entry here and its name to `order.checkout.payment`.
 */
const METHOD_FIELDS: Partial<Record<TCheckoutPaymentType, ComponentType<TPaymentFieldsProps>>> = {
  cash: ChangeFromField,
};

/** How the order is paid: the methods the shipper offers (lib/payment-types.ts), and the chosen one's fields. */
export function PaymentSection({
  checkout,
  paymentTypes,
  total,
  quoteErrors,
}: TPaymentFieldsProps & { paymentTypes: readonly TCheckoutPaymentType[] }) {
  const t = useTranslations('order.checkout.payment');
  const id = useId();
  const { form, values, errorOf } = checkout;
  const MethodFields = METHOD_FIELDS[values.payment_type];
  const typeError = errorOf('payment_type');
  return (
    <Section id={`${id}-title`} title={t('title')}>
      {paymentTypes.length === 0 ? (
        <p className="text-muted">{t('none')}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('title')}</legend>
          {paymentTypes.map((type) => (
            <label
              key={type}
              className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-line has-[:checked]:ring-brand-600"
            >
              <input
                type="radio"
                value={type}
                {...form.register('payment_type')}
                className="h-4 w-4 accent-brand-700"
              />
              <span className="font-medium">{t(type)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {typeError ? <p className={errorClass}>{typeError}</p> : null}
      {MethodFields ? <MethodFields checkout={checkout} total={total} quoteErrors={quoteErrors} /> : null}
    </Section>
  );
}
