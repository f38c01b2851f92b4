'use client';

import type { TLocale } from '@app/contracts';
import { type CartLine, formatSum, lineTotal } from '@app/domain';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { TCheckoutQuote } from '../hooks/use-checkout-quote';
import type { TCheckoutSummary } from '../lib/summary';

function Row({
  label,
  value,
  hint,
  testId,
  strong,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? 'flex justify-between gap-3 text-lg font-bold' : 'flex justify-between gap-3'}>
      <dt className={strong ? undefined : 'text-muted'}>
        {label}
        {hint ? <span className="block text-xs font-normal text-muted">{hint}</span> : null}
      </dt>
      <dd className="text-right whitespace-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function DeliveryHint({ summary }: { summary: TCheckoutSummary }) {
  const t = useTranslations('order.checkout.summary');
  const locale = useLocale() as TLocale;
  const format = useFormatter();
  switch (summary.deliveryReason) {
    case 'pickup':
      return t('reasonPickup');
    case 'free_discount':
      return t('reasonFreeDiscount');
    case 'free_threshold':
      return t('reasonFreeThreshold', { amount: formatSum(summary.freeFrom ?? 0, locale) });
    case 'distance':
      return t('reasonDistance', {
        km: format.number(summary.distance / 1000, { maximumFractionDigits: 1 }),
      });
  }
}

/** The lines and the itemised total from the server's quotes, with what is missing and why. */
export function OrderSummary({ lines, quote }: { lines: readonly CartLine[]; quote: TCheckoutQuote }) {
  const t = useTranslations('order.checkout.summary');
  const locale = useLocale() as TLocale;
  const sum = (amount: number) => formatSum(amount, locale);
  const orderable = lines.filter((l) => !l.in_stop);

  return (
    <>
      <ul className="flex flex-col gap-2 text-sm" data-testid="checkout-lines">
        {orderable.map((line) => {
          const details = line.variants.map((v) => v.title[locale]);
          return (
            <li key={line.key} className="flex justify-between gap-3">
              <span>
                {line.product_name[locale]}{' '}
                <span className="text-muted">{t('quantity', { count: line.quantity })}</span>
                {details.length > 0 ? (
                  <span className="block text-xs text-muted">{details.join(', ')}</span>
                ) : null}
              </span>
              <span className="whitespace-nowrap">
                {sum(lineTotal({ ...line, price_with_discount: line.price }))}
              </span>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" aria-busy={quote.status === 'loading' ? true : undefined}>
        {quote.status === 'ready' ? (
          <SummaryTable summary={quote.summary} />
        ) : quote.status === 'loading' ? (
          <p className="text-sm text-muted">{t('calculating')}</p>
        ) : null}
      </div>
    </>
  );

  function SummaryTable({ summary }: { summary: TCheckoutSummary }) {
    return (
      <>
        <dl className="flex flex-col gap-2 border-t border-line pt-3">
          <Row label={t('goods')} value={sum(summary.goods)} testId="checkout-goods" />
          <Row
            label={t('delivery')}
            hint={<DeliveryHint summary={summary} />}
            value={summary.delivery === 0 ? t('free') : sum(summary.delivery)}
            testId="checkout-delivery"
          />
          {summary.discount > 0 ? (
            <Row
              label={t('discount')}
              hint={summary.discounts
                .filter((d) => d.discount_price_for_order > 0)
                .map((d) => d.discount_title[locale])
                .join(', ')}
              value={`−${sum(summary.discount)}`}
              testId="checkout-discount"
            />
          ) : null}
          <Row label={t('total')} value={sum(summary.total)} testId="checkout-total" strong />
        </dl>
        {summary.minimumShortfall > 0 ? (
          <p role="status" className="rounded-card bg-brand-50 p-3 text-sm" data-testid="checkout-minimum">
            {t('minimumShort', { amount: sum(summary.minimumShortfall), minimum: sum(summary.minimum) })}
          </p>
        ) : null}
        {summary.freeShortfall ? (
          <p className="text-sm text-muted" data-testid="checkout-free-delivery">
            {t('freeShort', { amount: sum(summary.freeShortfall) })}
          </p>
        ) : null}
      </>
    );
  }
}
