'use client';

import type { TLocale } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClasses, offButtonProps } from '@/components/ui/button';
import { ClosedBranchNotice, useOrderingBlocked, useSlotDays } from '@/features/location';
import { useCommonStore } from '@/lib/stores/common';
import type { CheckoutBlock } from '../lib/checkout-block';

/**
 * The cart's totals and its way to checkout. What keeps the order from checkout (below the minimum or
 * a dish on the stop list, `block`; the restaurant closed with no time left to schedule the order for)
 * is said above the button, which is then off but keeps the focus (`aria-disabled`: a stop-list change
 * may arrive while it has it) and is described by those messages. A closed restaurant that takes
 * orders for later lets the customer go on to checkout, where only such a time can be chosen.
 */
export function CartSummary({
  quantity,
  subtotal,
  discount,
  block,
  onCheckout,
}: {
  quantity: number;
  subtotal: number;
  discount: number;
  block: CheckoutBlock | null;
  onCheckout: () => void;
}) {
  const t = useTranslations('order.cart');
  const tOrder = useTranslations('order');
  const locale = useLocale() as TLocale;
  const id = useId();
  // A closed current branch blocks ordering now (spec section 5; issue 4), not for a later time (the
  // slots leave out its pauses).
  const blocked = useOrderingBlocked();
  const closed = blocked !== null;
  const branch = useCommonStore((s) => s.branch);
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const canSchedule = useSlotDays(branch, deliveryType).length > 0;
  const branchClosed = closed && !canSchedule;
  const reasons = [block ? `${id}-block` : null, branchClosed ? `${id}-closed` : null].filter(
    (reason) => reason !== null,
  );
  return (
    <aside
      aria-labelledby="cart-summary-title"
      className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:sticky md:top-24"
    >
      <h2 id="cart-summary-title" className="text-lg font-bold">
        {t('summary')}
      </h2>
      <dl className="flex flex-col gap-2">
        <div className="flex justify-between">
          <dt className="text-muted">{t('totalQuantity')}</dt>
          <dd data-testid="cart-total-quantity">{quantity}</dd>
        </div>
        {discount > 0 && (
          <div className="flex justify-between text-herb-600">
            <dt>{t('discount')}</dt>
            <dd data-testid="cart-discount">−{formatSum(discount, locale)}</dd>
          </div>
        )}
        <div className="flex justify-between text-lg font-bold">
          <dt>{t('subtotal')}</dt>
          <dd data-testid="cart-subtotal">{formatSum(subtotal, locale)}</dd>
        </div>
      </dl>
      {/* A status region present from the start: what blocks checkout is announced as it appears.
          While empty it takes back the summary's gap (`empty:`), so it adds no space. */}
      <div id={`${id}-block`} role="status" className="empty:-mt-3" data-testid="checkout-block-status">
        {block && (
          <p className="rounded-card bg-brand-50 p-3 text-sm" data-testid="checkout-blocked">
            {block.kind === 'below_minimum'
              ? tOrder('minimumOrder', { price: formatSum(block.minimum, locale) })
              : t('removeUnavailable')}
          </p>
        )}
      </div>
      <ClosedBranchNotice id={`${id}-closed`} className="empty:-mt-3" />
      {blocked?.kind === 'branch_closed' && canSchedule && (
        <p className="text-sm text-muted" data-testid="cart-closed-hint">
          {tOrder('checkout.timing.closedHint')}
        </p>
      )}
      <button
        type="button"
        {...offButtonProps(reasons.length > 0, onCheckout)}
        aria-describedby={reasons.join(' ') || undefined}
        className={buttonClasses('primary', 'lg', 'w-full justify-center')}
        data-testid="cart-checkout"
      >
        {t('checkout')}
      </button>
    </aside>
  );
}
