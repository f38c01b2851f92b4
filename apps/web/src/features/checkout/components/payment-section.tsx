'use client';

import type { TLocale } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { type ComponentType, useId } from 'react';
import { Button } from '@/components/ui/button';
import type { TLoyaltyBalanceState } from '@/features/loyalty';
import type { TCheckoutFormState } from '../hooks/use-checkout-form';
import { BONUS_MAX_CHARS, bonusProblem } from '../lib/bonus';
import { isOnlinePayment, type TCheckoutPaymentType } from '../lib/payment-types';
import type { TQuoteErrors } from '../lib/quote';
import { describedBy, errorClass, Field, hintClass, inputClass, Section } from './form-parts';
import { PaymentMark } from './payment-marks';

/** What a payment method's own fields get: the form, the quote's amount to pay and its refusals. */
export type TPaymentFieldsProps = {
  checkout: TCheckoutFormState;
  /**
   * What the chosen method pays, from the server's quote (the total less the bonus part); null while
   * it is not known.
   */
  total: number | null;
  quoteErrors: TQuoteErrors | null;
};

/** The accumulative card beside the methods: its balance and how much this order may use. */
export type TBonusView = {
  balance: TLoyaltyBalanceState;
  /** The quote's loyalty_max (balance and the chain's share of the total); null while not known. */
  max: number | null;
  /** The bonus part the order is quoted and placed with now. */
  amount: number;
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

/**
 * 'Pay with bonuses' (issue 12): the card's balance, a switch, and the sum to use (empty: as much as
 * the order may use). How much may be used is the server's (the quote's loyalty_max); a typed sum is
 * rounded down to the hundred and capped there when the field is left (lib/bonus.ts).
 */
function BonusControl({ checkout, bonus }: { checkout: TCheckoutFormState; bonus: TBonusView }) {
  const t = useTranslations('order.checkout.payment.bonus');
  const locale = useLocale() as TLocale;
  const id = useId();
  const { form, values, errorOf } = checkout;
  const sum = (amount: number) => formatSum(amount, locale);
  const { balance, max } = bonus;
  if (balance.status === 'off') return null;
  const usable = max !== null && max > 0;
  const amountError = values.use_bonus ? errorOf('bonus_amount') : null;
  const field = form.register('bonus_amount');
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl bg-brand-50 p-3" data-testid="checkout-bonus-control">
      <legend className="float-left w-full">
        <span className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-semibold">{t('title')}</span>
          {balance.status === 'ready' ? (
            <span className="text-sm" data-testid="checkout-bonus-balance">
              {t('balance', { amount: sum(balance.card.balance) })}
            </span>
          ) : balance.status === 'loading' ? (
            <span className="text-sm text-muted" aria-busy="true">
              {t('loading')}
            </span>
          ) : null}
        </span>
      </legend>
      {balance.status === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t('failed')}</span>
          <Button size="sm" variant="secondary" onClick={balance.retry}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          {...form.register('use_bonus')}
          // A switch names its state (biome's useAriaPropsForRole); the same as the box's own.
          aria-checked={values.use_bonus}
          aria-describedby={`${id}-limit`}
          disabled={!usable}
          className="h-5 w-9 accent-brand-700"
          data-testid="checkout-bonus-switch"
        />
        <span className="font-medium">{t('use')}</span>
      </label>
      <p id={`${id}-limit`} className={hintClass} data-testid="checkout-bonus-limit">
        {max === null ? '' : usable ? t('upTo', { amount: sum(max) }) : t('nothing')}
      </p>
      {values.use_bonus && usable ? (
        <>
          <Field id={`${id}-amount`} label={t('amount')} hint={t('amountHint')} error={amountError}>
            <input
              {...field}
              {...describedBy(`${id}-amount`, true, amountError !== null)}
              onBlur={(event) => {
                void field.onBlur(event);
                // The sum as it will be used: rounded down to the hundred, at most the maximum.
                const typed = form.getValues('bonus_amount');
                if (typed.trim() !== '' && !bonusProblem(typed) && bonus.amount > 0) {
                  form.setValue('bonus_amount', String(bonus.amount), { shouldValidate: true });
                }
              }}
              inputMode="numeric"
              autoComplete="off"
              maxLength={BONUS_MAX_CHARS}
              placeholder={String(max)}
              className={inputClass}
              data-testid="checkout-bonus-amount"
            />
          </Field>
          <p role="status" className="text-sm font-medium" data-testid="checkout-bonus-applied">
            {bonus.amount > 0 ? t('applied', { amount: sum(bonus.amount) }) : ''}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}

/**
 * How the order is paid: the methods the shipper offers (lib/payment-types.ts), each with its mark,
 * the chosen one's fields, and the accumulative card's bonuses beside them.
 */
export function PaymentSection({
  checkout,
  paymentTypes,
  total,
  quoteErrors,
  bonus,
}: TPaymentFieldsProps & { paymentTypes: readonly TCheckoutPaymentType[]; bonus: TBonusView | null }) {
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
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? `${id}-type-error` : undefined}
        >
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
                aria-describedby={isOnlinePayment(type) ? `${id}-online` : undefined}
                className="h-4 w-4 accent-brand-700"
                data-testid={`checkout-payment-${type}`}
              />
              <PaymentMark type={type} />
              <span className="font-medium">{t(type)}</span>
            </label>
          ))}
          {paymentTypes.some(isOnlinePayment) ? (
            <p id={`${id}-online`} className={hintClass}>
              {t('onlineHint')}
            </p>
          ) : null}
        </fieldset>
      )}
      {typeError ? (
        <p id={`${id}-type-error`} className={errorClass}>
          {typeError}
        </p>
      ) : null}
      {MethodFields ? <MethodFields checkout={checkout} total={total} quoteErrors={quoteErrors} /> : null}
      {bonus ? <BonusControl checkout={checkout} bonus={bonus} /> : null}
    </Section>
  );
}
