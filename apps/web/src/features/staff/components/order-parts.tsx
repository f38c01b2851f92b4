'use client';

import type { TOrderStatus, TStaffOrderDetail } from '@app/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { pick } from '@/lib/localized';

const STATUS_CLASSES: Partial<Record<TOrderStatus, string>> = {
  new: 'bg-sky-100 text-sky-900',
  'operator-accepted': 'bg-indigo-100 text-indigo-900',
  'vendor-accepted': 'bg-amber-100 text-amber-900',
  'vendor-ready': 'bg-emerald-100 text-emerald-900',
  'courier-accepted': 'bg-teal-100 text-teal-900',
  'courier-picked': 'bg-violet-100 text-violet-900',
};

export function StatusBadge({ status, large }: { status: TOrderStatus; large?: boolean }) {
  const t = useTranslations('staff.status');
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 font-semibold whitespace-nowrap',
        large ? 'text-base' : 'text-sm',
        STATUS_CLASSES[status] ?? 'bg-stone-100 text-stone-800',
      )}
    >
      {t(status)}
    </span>
  );
}

/** Late is said in words and marked with a sign, not by colour alone. */
export function LateMark({ minutes, large }: { minutes: number; large?: boolean }) {
  const t = useTranslations('staff.order');
  return (
    <span
      data-late="true"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-red-700 px-2.5 py-0.5 font-bold text-white',
        large ? 'text-lg' : 'text-sm',
      )}
    >
      <span aria-hidden="true">⚠</span>
      {t('late', { minutes })}
    </span>
  );
}

/** The items of an order: quantity, title, variants, modifiers and the line's comment. */
export function OrderLines({ lines, large }: { lines: TStaffOrderDetail['lines']; large?: boolean }) {
  const locale = useLocale();
  return (
    <ul className={cn('flex flex-col', large ? 'gap-3' : 'gap-2')}>
      {lines.map((line) => (
        <li key={line.id} className={cn(large ? 'text-xl' : 'text-base')}>
          <p className="font-semibold">
            <span className="tabular-nums">{line.quantity} ×</span> {pick(line.title, locale)}
          </p>
          {line.variants.length > 0 ? (
            <p className={cn('text-ink', large ? 'text-lg' : 'text-sm')}>
              {line.variants.map((v) => pick(v.title, locale)).join(', ')}
            </p>
          ) : null}
          {line.modifiers.length > 0 ? (
            <ul className={cn('list-inside list-disc', large ? 'text-lg' : 'text-sm')}>
              {line.modifiers.map((m) => (
                <li key={m.modifier_id}>
                  + {pick(m.name, locale)}
                  {m.quantity > 1 ? ` × ${m.quantity}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {line.comment ? (
            <p className={cn('mt-0.5 rounded bg-yellow-100 px-2 italic', large ? 'text-lg' : 'text-sm')}>
              “{line.comment}”
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
