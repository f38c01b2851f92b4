'use client';

import type { TLocale, TOrderQuoteLine, TOrderQuoteResponse } from '@app/contracts';
import { availableLines, type CartLine, formatSum } from '@app/domain';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { TOrderQuoteState } from '../hooks/use-checkout-quote';
import { blockerId } from '../lib/place-blockers';
import { quotedLines } from '../lib/quote';

function Row({
  label,
  value,
  hint,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">
        {label}
        {hint ? <span className="block text-xs font-normal text-muted">{hint}</span> : null}
      </dt>
      <dd className="text-right whitespace-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Why the delivery costs what the quote says. */
function DeliveryHint({ quote }: { quote: TOrderQuoteResponse }) {
  const t = useTranslations('order.checkout.summary');
  const locale = useLocale() as TLocale;
  const format = useFormatter();
  switch (quote.delivery_reason) {
    case 'pickup':
      return t('reasonPickup');
    case 'discount':
      return t('reasonFreeDiscount');
    case 'free_threshold':
      return t('reasonFreeThreshold', { amount: formatSum(quote.free_delivery_order_amount ?? 0, locale) });
    case 'distance':
      return t('reasonDistance', {
        km: format.number(quote.delivery_distance / 1000, { maximumFractionDigits: 1 }),
      });
    case null:
      return null;
  }
}

/**
 * The lines and the itemised amounts exactly as the server's quote prices them (POST
 * /v2/ondemand-order/quote), with what is missing for the minimum order and for free delivery. The
 * total stands beside 'Place order' (PlaceOrderBar).
 */
export function OrderSummary({
  why,
  lines,
  quote,
}: {
  /** The prefix of the place-order blockers' message ids (lib/place-blockers.ts). */
  why: string;
  lines: readonly CartLine[];
  quote: TOrderQuoteState;
}) {
  const t = useTranslations('order.checkout.summary');
  const locale = useLocale() as TLocale;
  const sum = (amount: number) => formatSum(amount, locale);
  const ready = quote.status === 'ready' ? quote : null;
  const priced = ready ? quotedLines(ready.lineKeys, ready.quote.lines) : new Map<string, TOrderQuoteLine>();
  const busy = quote.status === 'loading' || (ready !== null && !ready.current);

  return (
    <>
      <ul className="flex flex-col gap-2 text-sm" data-testid="checkout-lines">
        {availableLines(lines).map((line) => {
          const details = line.variants.map((v) => v.title[locale]);
          const q = priced.get(line.key);
          return (
            <li key={line.key} className="flex justify-between gap-3">
              <span>
                {line.product_name[locale]}{' '}
                <span className="text-muted">{t('quantity', { count: line.quantity })}</span>
                {details.length > 0 ? (
                  <span className="block text-xs text-muted">{details.join(', ')}</span>
                ) : null}
              </span>
              <span className="text-right whitespace-nowrap" data-testid="checkout-line-price">
                {q?.in_stop ? (
                  <span className="font-medium text-paprika-600">{t('lineUnavailable')}</span>
                ) : q && q.total_price !== null ? (
                  sum(q.total_price)
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" aria-busy={busy || undefined}>
        {ready ? (
          <SummaryTable quote={ready.quote} />
        ) : quote.status === 'loading' ? (
          <p id={blockerId(why, 'calculating')} className="text-sm text-muted">
            {t('calculating')}
          </p>
        ) : null}
      </div>
    </>
  );

  function SummaryTable({ quote: q }: { quote: TOrderQuoteResponse }) {
    return (
      <>
        <dl className="flex flex-col gap-2 border-t border-line pt-3">
          <Row label={t('goods')} value={sum(q.goods_price)} testId="checkout-goods" />
          <Row
            label={t('delivery')}
            hint={<DeliveryHint quote={q} />}
            value={
              q.delivery_reason === null ? '—' : q.delivery_price === 0 ? t('free') : sum(q.delivery_price)
            }
            testId="checkout-delivery"
          />
          {q.discount_price > 0 ? (
            <Row
              label={t('discount')}
              hint={q.discounts
                .filter((d) => d.discount_price_for_order > 0)
                .map((d) => d.discount_title[locale])
                .join(', ')}
              value={`−${sum(q.discount_price)}`}
              testId="checkout-discount"
            />
          ) : null}
          {q.loyalty_amount > 0 ? (
            <>
              <Row label={t('total')} value={sum(q.total_price)} testId="checkout-order-total" />
              <Row label={t('bonus')} value={`−${sum(q.loyalty_amount)}`} testId="checkout-bonus" />
            </>
          ) : null}
        </dl>
        {q.min_order_shortfall > 0 ? (
          <p
            id={blockerId(why, 'minimum')}
            role="status"
            className="rounded-card bg-brand-50 p-3 text-sm"
            data-testid="checkout-minimum"
          >
            {t('minimumShort', { amount: sum(q.min_order_shortfall), minimum: sum(q.min_order_amount) })}
          </p>
        ) : null}
        {q.free_delivery_shortfall ? (
          <p className="text-sm text-muted" data-testid="checkout-free-delivery">
            {t('freeShort', { amount: sum(q.free_delivery_shortfall) })}
          </p>
        ) : null}
      </>
    );
  }
}
