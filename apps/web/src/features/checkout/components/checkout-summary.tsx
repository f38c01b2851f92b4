'use client';

import type { TLocale } from '@app/contracts';
import type { CartLine } from '@app/domain';
import { formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { Button, buttonClasses, offButtonProps } from '@/components/ui/button';
import { ClosedBranchNotice } from '@/features/location';
import { Link } from '@/i18n/navigation';
import { apiErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import type { TDeliveryZoneState, TOrderQuoteState } from '../hooks/use-checkout-quote';
import type { TRepricedLine } from '../hooks/use-repriced-lines';
import { blockerId } from '../lib/place-blockers';
import type { TQuoteErrors } from '../lib/quote';
import { OrderSummary } from './order-summary';

/** The zone check or the quote that failed, if either did. */
export const failedCheck = (zone: TDeliveryZoneState, quote: TOrderQuoteState) =>
  zone.status === 'error' ? zone : quote.status === 'error' ? quote : null;

/** A quote or zone check that failed, with a retry. */
function QuoteFailure({
  id,
  zone,
  quote,
}: {
  id: string;
  zone: TDeliveryZoneState;
  quote: TOrderQuoteState;
}) {
  const t = useTranslations('order.checkout.summary');
  const failed = failedCheck(zone, quote);
  if (!failed) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex flex-col items-start gap-2 rounded-card bg-brand-50 p-3 text-sm"
    >
      <p>{apiErrorMessage(failed.error, t('failed'))}</p>
      <Button size="sm" variant="secondary" onClick={failed.retry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/**
 * The order's summary beside the form (below it on a phone): the lines and amounts of the server's
 * quote, and every reason the order cannot be placed yet (each under its `blockerId` of `why`, so
 * the place-order button can be described by it).
 */
export function CheckoutSummary({
  why,
  lines,
  zone,
  quote,
  quoteErrors,
  repriced,
  closedHint,
  stopped,
  refusal,
}: {
  /** The prefix of the blockers' message ids (lib/place-blockers.ts). */
  why: string;
  lines: readonly CartLine[];
  zone: TDeliveryZoneState;
  quote: TOrderQuoteState;
  quoteErrors: TQuoteErrors | null;
  repriced: readonly TRepricedLine[];
  /** The restaurant is closed and a scheduled order would still be taken. */
  closedHint: boolean;
  /** Some lines are on the stop list. */
  stopped: boolean;
  refusal: string | null;
}) {
  const t = useTranslations('order.checkout');
  const locale = useLocale() as TLocale;
  const id = useId();
  const refusalElement = useRef<HTMLParagraphElement>(null);
  // A refusal is shown here only (no toast too: it would be heard twice). The button may have been
  // pressed from the bar stuck to a phone's bottom edge, far from here: the message is brought into
  // view (the page's scroll padding keeps it clear of the bar). The focus stays on the button.
  useEffect(() => {
    if (refusal) refusalElement.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  return (
    <aside
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:rounded-none md:bg-transparent md:p-0 md:shadow-none"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('summary.title')}
      </h2>
      <OrderSummary why={why} lines={lines} quote={quote} />
      <QuoteFailure id={blockerId(why, 'failure')} zone={zone} quote={quote} />
      {repriced.length > 0 ? (
        <p
          role="status"
          className="rounded-card bg-brand-50 p-3 text-sm"
          data-testid="checkout-price-changed"
        >
          {t('summary.priceChanged', { names: repriced.map((r) => r.name[locale]).join(', ') })}
        </p>
      ) : null}
      {quoteErrors && quoteErrors.listed.length > 0 ? (
        <div
          id={blockerId(why, 'errors')}
          role="alert"
          className="rounded-card bg-paprika-500/10 p-3 text-sm text-paprika-700"
        >
          <p className="font-semibold">{t('summary.cannotPlace')}</p>
          <ul className="mt-1 list-disc pl-5" data-testid="checkout-quote-errors">
            {quoteErrors.listed.map((e) => (
              <li key={`${e.code}:${e.field ?? ''}`}>{e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ClosedBranchNotice id={blockerId(why, 'closed')} className="empty:-mt-3" />
      {closedHint ? <p className="text-sm text-muted">{t('timing.closedHint')}</p> : null}
      {stopped ? (
        <p id={blockerId(why, 'stopped')} role="status" className="rounded-card bg-brand-50 p-3 text-sm">
          {t('unavailable')}{' '}
          <Link href={paths.cart()} className="font-semibold underline">
            {t('toCart')}
          </Link>
        </p>
      ) : null}
      {refusal ? (
        <p
          ref={refusalElement}
          role="alert"
          className="rounded-card bg-paprika-500/10 p-3 text-sm text-paprika-700"
          data-testid="checkout-refusal"
        >
          {refusal}
        </p>
      ) : null}
    </aside>
  );
}

/**
 * The total and 'Place order', always in reach: on a phone a bar stuck to the bottom of the screen
 * while the form scrolls under it (it comes to rest after the summary), beside the form in the
 * summary's card from md. The button is the form's submit button; it is described by the total (what
 * is left to pay once bonuses pay their part), and a new total is announced. While the order cannot be
 * placed it stays focusable (`aria-disabled`) and is also described by the messages saying why.
 */
export function PlaceOrderBar({
  quote,
  canPlace,
  placing,
  reasons,
}: {
  quote: TOrderQuoteState;
  canPlace: boolean;
  placing: boolean;
  /** The ids of the messages on the page saying why the order cannot be placed (lib/place-blockers.ts). */
  reasons: readonly string[];
}) {
  const t = useTranslations('order.checkout.summary');
  const locale = useLocale() as TLocale;
  const id = useId();
  const ready = quote.status === 'ready' ? quote : null;
  return (
    <div
      className="sticky bottom-0 z-20 -mx-4 flex items-center gap-3 border-t border-line bg-white px-4 py-3 shadow-[0_-6px_16px_-8px_rgb(0_0_0/0.2)] md:static md:mx-0 md:flex-col md:items-stretch md:border-0 md:p-0 md:shadow-none"
      // The checkout page's root carries `data-bottom-bar-page` (globals.css): while this bar is on
      // the page, a focused control scrolls clear of it.
      data-testid="checkout-place-bar"
    >
      {ready ? (
        <p
          id={`${id}-total`}
          aria-live="polite"
          aria-atomic="true"
          aria-busy={!ready.current || undefined}
          className="flex shrink-0 flex-col leading-tight md:flex-row md:items-baseline md:justify-between md:border-t md:border-line md:pt-3"
        >
          <span className="text-sm text-muted md:text-lg md:font-bold md:text-ink">
            {ready.quote.loyalty_amount > 0 ? t('toPay') : t('total')}
          </span>{' '}
          <span className="text-lg font-bold whitespace-nowrap" data-testid="checkout-total">
            {formatSum(ready.quote.amount_to_pay, locale)}
          </span>
        </p>
      ) : null}
      <button
        type="submit"
        // Off until the order can be placed and while it is placed, but it keeps the focus: the
        // confirmation dialog gives it back here when it closes, and a refusal may turn it off.
        {...offButtonProps(placing || !canPlace)}
        aria-describedby={[...reasons, ...(ready ? [`${id}-total`] : [])].join(' ') || undefined}
        className={buttonClasses('primary', 'lg', 'min-w-0 flex-1 justify-center md:w-full md:flex-none')}
        data-testid="checkout-place"
      >
        {placing ? t('placing') : t('place')}
      </button>
    </div>
  );
}
