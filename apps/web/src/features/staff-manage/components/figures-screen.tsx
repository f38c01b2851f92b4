'use client';

import { formatSum, tashkentDay } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field-classes';
import { fetchFigures, manageKeys } from '../api/manage-api';
import { chainTotals, formatMinutes } from '../lib/figures';
import { useStaffApi } from '../lib/staff';
import { QueryState, ScreenTitle, useAppLocale } from './parts';

/** Today's figures (issue 13) per branch, or another day's: orders, revenue, cancellations, stage times. */
export function FiguresScreen() {
  const t = useTranslations('staff-manage.figures');
  const locale = useAppLocale();
  const api = useStaffApi();
  const dateId = useId();
  const [date, setDate] = useState(() => tashkentDay(new Date()));
  const figures = useQuery({
    queryKey: manageKeys.figures(date),
    queryFn: ({ signal }) => fetchFigures(api, date, signal),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    refetchInterval: 60_000,
  });
  const minutes = (value: number | null) => {
    const text = formatMinutes(value, locale);
    return text === null ? t('none') : t('minutes', { value: text });
  };
  const totals = chainTotals(figures.data?.branches ?? []);
  // Counts in the locale's digits ('1 250', '1,250'), beside the sums formatted the same way.
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);

  return (
    <section>
      <ScreenTitle>{t('title')}</ScreenTitle>
      <div className="block max-w-xs">
        <label htmlFor={dateId} className="block font-semibold">
          {t('date')}
        </label>
        <input
          id={dateId}
          type="date"
          className={cn(inputClass, 'min-h-11')}
          value={date}
          max={tashkentDay(new Date())}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <QueryState query={figures}>
        {(figures.data?.branches ?? []).length === 0 ? (
          <p className="mt-4 text-muted">{t('empty')}</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {(figures.data?.branches ?? []).map((b) => (
              <li key={b.branch_id} className="rounded-card bg-white p-4 shadow-card ring-1 ring-line">
                <h2 className="text-xl font-bold">{b.name[locale]}</h2>
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                  <dt>{t('orders')}</dt>
                  <dd className="text-right font-semibold tabular-nums">{count(b.orders)}</dd>
                  <dt>{t('revenue')}</dt>
                  <dd className="text-right font-semibold tabular-nums">{formatSum(b.revenue, locale)}</dd>
                  <dt>{t('cancelled')}</dt>
                  <dd className="text-right font-semibold tabular-nums">{count(b.cancelled)}</dd>
                </dl>
                <h3 className="mt-3 text-sm font-bold text-muted">{t('averages')}</h3>
                <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                  <dt>{t('toAccept')}</dt>
                  <dd className="text-right tabular-nums">{minutes(b.avg_minutes.to_accept)}</dd>
                  <dt>{t('cooking')}</dt>
                  <dd className="text-right tabular-nums">{minutes(b.avg_minutes.cooking)}</dd>
                  <dt>{t('toHandOver')}</dt>
                  <dd className="text-right tabular-nums">{minutes(b.avg_minutes.to_hand_over)}</dd>
                </dl>
              </li>
            ))}
            {(figures.data?.branches ?? []).length > 1 ? (
              <li className="rounded-card bg-brand-50 p-4 ring-1 ring-line">
                <h2 className="text-xl font-bold">{t('chain')}</h2>
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                  <dt>{t('orders')}</dt>
                  <dd className="text-right font-semibold tabular-nums">{count(totals.orders)}</dd>
                  <dt>{t('revenue')}</dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {formatSum(totals.revenue, locale)}
                  </dd>
                  <dt>{t('cancelled')}</dt>
                  <dd className="text-right font-semibold tabular-nums">{count(totals.cancelled)}</dd>
                </dl>
              </li>
            ) : null}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
