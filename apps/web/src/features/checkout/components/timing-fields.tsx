'use client';

import { tashkentInstant } from '@app/domain';
import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { slotDate, type TSlotDay } from '@/features/location';
import type { TCheckoutFormValues } from '../lib/checkout-form';
import { describedBy, errorClass, inputClass, Section } from './form-parts';

/** A day of the schedule as the customer reads it: today, tomorrow, or the date. */
export function useDayLabel(): (day: Pick<TSlotDay, 'date' | 'offset'>) => string {
  const t = useTranslations('order.checkout.timing');
  const format = useFormatter();
  return (day) => {
    if (day.offset === 0) return t('today');
    if (day.offset === 1) return t('tomorrow');
    // Noon in Tashkent names the right calendar day whatever the browser's own time zone.
    return format.dateTime(tashkentInstant(day.date, '12:00'), {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
    });
  };
}

/**
 * Express or on schedule (spec section 4, "Delivery timing"): a day from today up to the branch's
 * limit and a half-hour slot the branch can serve (lib/slots.ts).
 */
export function TimingFields({
  form,
  days,
  leadMinutes,
  errorText,
}: {
  form: UseFormReturn<TCheckoutFormValues>;
  days: readonly TSlotDay[];
  leadMinutes: number;
  errorText: string | null;
}) {
  const t = useTranslations('order.checkout.timing');
  const id = useId();
  const dayLabel = useDayLabel();
  const timing = form.watch('timing');
  const futureTime = form.watch('future_time');
  const chosenDate = futureTime ? slotDate(futureTime) : null;
  const day = days.find((d) => d.date === chosenDate) ?? days[0] ?? null;
  const timingField = form.register('timing', {
    onChange: (event: { target: { value: string } }) => {
      // Switching to a schedule picks the first slot, so the form is complete at once.
      if (
        event.target.value === 'scheduled' &&
        !days.some((d) => d.slots.some((s) => s.value === futureTime))
      ) {
        form.setValue('future_time', days[0]?.slots[0]?.value ?? null, { shouldValidate: true });
      }
    },
  });
  const timeId = `${id}-time`;

  return (
    <Section id={`${id}-title`} title={t('title')}>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t('title')}</legend>
        <label className="flex items-start gap-3 rounded-xl p-2 ring-1 ring-line has-[:checked]:ring-brand-600">
          <input type="radio" value="express" {...timingField} className="mt-1 h-4 w-4 accent-brand-700" />
          <span>
            <span className="block font-medium">{t('express')}</span>
            <span className="block text-sm text-muted">{t('expressHint', { minutes: leadMinutes })}</span>
          </span>
        </label>
        <label className="flex items-start gap-3 rounded-xl p-2 ring-1 ring-line has-[:checked]:ring-brand-600 has-[:disabled]:opacity-60">
          <input
            type="radio"
            value="scheduled"
            {...timingField}
            disabled={days.length === 0}
            className="mt-1 h-4 w-4 accent-brand-700"
          />
          <span>
            <span className="block font-medium">{t('scheduled')}</span>
            <span className="block text-sm text-muted">
              {days.length === 0 ? t('noSlots') : t('scheduledHint')}
            </span>
          </span>
        </label>
      </fieldset>
      {timing === 'scheduled' && day ? (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-day`} className="text-sm font-medium">
              {t('day')}
            </label>
            <select
              id={`${id}-day`}
              value={day.date}
              onChange={(e) => {
                const next = days.find((d) => d.date === e.target.value);
                form.setValue('future_time', next?.slots[0]?.value ?? null, { shouldValidate: true });
              }}
              className={inputClass}
              data-testid="checkout-day"
            >
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {dayLabel(d)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={timeId} className="text-sm font-medium">
              {t('time')}
            </label>
            <select
              {...describedBy(timeId, false, errorText !== null)}
              // Not registered with the form (setValue drives it): named, so a refused submit can
              // focus it (checkout-form.tsx).
              name="future_time"
              value={futureTime && day.slots.some((s) => s.value === futureTime) ? futureTime : ''}
              onChange={(e) => form.setValue('future_time', e.target.value || null, { shouldValidate: true })}
              className={inputClass}
              data-testid="checkout-time"
            >
              {/* A chosen time that has passed meanwhile is no longer offered: the customer picks again. */}
              {futureTime && day.slots.some((s) => s.value === futureTime) ? null : (
                <option value="" disabled>
                  —
                </option>
              )}
              {day.slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {slot.time}
                </option>
              ))}
            </select>
          </div>
          {errorText ? (
            <p id={`${timeId}-error`} className={`${errorClass} col-span-2`}>
              {errorText}
            </p>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
