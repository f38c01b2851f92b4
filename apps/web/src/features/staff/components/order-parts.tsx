'use client';

import type { TOrderStatus, TStaffOrderDetail } from '@app/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { pick } from '@/lib/localized';

const STATUS_CLASSES: Partial<Record<TOrderStatus, string>> = {
  new: 'bg-[#dff2fe] text-[#024a70]',
  'operator-accepted': 'bg-[#e0e7ff] text-[#312c85]',
  'vendor-accepted': 'bg-[#fef3c6] text-[#7b3306]',
  'vendor-ready': 'bg-[#d0fae5] text-[#004e3b]',
  'courier-accepted': 'bg-[#cbfbf1] text-[#0b4f4a]',
  'courier-picked': 'bg-[#ede9fe] text-[#4d179a]',
};

export function StatusBadge({ status, large }: { status: TOrderStatus; large?: boolean }) {
  const t = useTranslations('staff.status');
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 font-semibold whitespace-nowrap',
        large ? 'text-base' : 'text-sm',
        STATUS_CLASSES[status] ?? 'bg-[#f5f5f4] text-[#292524]',
      )}
    >
      {t(status)}
    </span>
  );
}

/**
 * Late is said in words and marked with a sign, not by colour alone. Whole minutes round down, so in
 * its first minute a late order is still said late by 1 minute, never "by 0".
 */
export function LateMark({ minutes, large }: { minutes: number; large?: boolean }) {
  const t = useTranslations('staff.order');
  return (
    <span
      data-late="true"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-[#bf000f] px-2.5 py-0.5 font-bold text-white',
        large ? 'text-lg' : 'text-sm',
      )}
    >
      <span aria-hidden="true">⚠</span>
      {t('late', { minutes: Math.max(1, minutes) })}
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
            <p className={cn('mt-0.5 rounded bg-[#fef9c2] px-2 italic', large ? 'text-lg' : 'text-sm')}>
              “{line.comment}”
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
