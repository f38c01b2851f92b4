'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { TCheckoutFormState } from '../hooks/use-checkout-form';
import { describedBy, Field, inputClass, Section } from './form-parts';

const COURIER_CALL_FIELDS = ['apartment', 'floor', 'building'] as const;

/**
 * The delivery address's details (spec section 3): with the courier's call off, apartment, entrance
 * and floor are required (their errors are checked again when the box changes).
 */
export function DetailsSection({ checkout }: { checkout: TCheckoutFormState }) {
  const t = useTranslations('order.checkout.details');
  const id = useId();
  const { form, values, errorOf } = checkout;
  const { register } = form;
  return (
    <Section id={`${id}-title`} title={t('title')}>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          {...register('is_courier_call', {
            onChange: () => {
              for (const key of COURIER_CALL_FIELDS) {
                if (form.getFieldState(key).isTouched || form.formState.isSubmitted) void form.trigger(key);
              }
            },
          })}
          className="mt-1 h-4 w-4 accent-brand-700"
        />
        <span>
          <span className="block font-medium">{t('courierCall')}</span>
          <span className="block text-sm text-muted">{t('courierCallHint')}</span>
        </span>
      </label>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Field
          id={`${id}-accommodation`}
          label={t('accommodation')}
          error={errorOf('accommodation')}
          className="col-span-2 md:col-span-4"
        >
          <input
            {...register('accommodation')}
            {...describedBy(`${id}-accommodation`, false, errorOf('accommodation') !== null)}
            autoComplete="address-line2"
            maxLength={100}
            className={inputClass}
          />
        </Field>
        {(['apartment', 'building', 'floor'] as const).map((key) => (
          <Field key={key} id={`${id}-${key}`} label={t(key)} error={errorOf(key)}>
            <input
              {...register(key)}
              {...describedBy(`${id}-${key}`, false, errorOf(key) !== null)}
              aria-required={!values.is_courier_call}
              maxLength={20}
              className={inputClass}
            />
          </Field>
        ))}
      </div>
      <Field
        id={`${id}-description`}
        label={t('description')}
        hint={t('descriptionHint')}
        error={errorOf('description')}
      >
        <textarea
          {...register('description')}
          {...describedBy(`${id}-description`, true, errorOf('description') !== null)}
          rows={2}
          maxLength={500}
          className={inputClass}
        />
      </Field>
    </Section>
  );
}

/** The comment to the order. */
export function CommentSection({ checkout }: { checkout: TCheckoutFormState }) {
  const t = useTranslations('order.checkout.comment');
  const id = useId();
  const { form, errorOf } = checkout;
  return (
    <Section id={`${id}-title`} title={t('title')}>
      <Field id={`${id}-field`} label={t('label')} hint={t('hint')} error={errorOf('comment')}>
        <textarea
          {...form.register('comment')}
          {...describedBy(`${id}-field`, true, errorOf('comment') !== null)}
          rows={3}
          maxLength={500}
          className={inputClass}
        />
      </Field>
    </Section>
  );
}
