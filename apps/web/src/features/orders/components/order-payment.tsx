'use client';

import type { TOrderDetail } from '@app/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { CLOCK } from '@/lib/clock-format';

/** An online payment method's name as the order reads it. */
const isOnline = (type: TOrderDetail['payment_type']): type is 'payme' | 'click' =>
  type === 'payme' || type === 'click';

/**
 * How the order stands with its payment (issue 12): an online order still 'payment awaited' gets a
 * Pay button (its `payment_link`, the provider's page) and the time it is cancelled if unpaid; a paid
 * order says so; a paid order cancelled since says its money is to be returned. Nothing for an order
 * paid on receipt and not yet paid.
 */
export function OrderPayment({ order }: { order: TOrderDetail }) {
  const t = useTranslations('order.payment');
  const tTypes = useTranslations('order.orders.paymentTypes');
  const format = useFormatter();
  const awaiting = order.status === 'payment-awaited';
  if (awaiting) {
    const provider = tTypes(order.payment_type);
    return (
      <div
        className="flex flex-col items-start gap-2 rounded-card bg-brand-50 p-3"
        data-testid="order-payment"
        data-payment="awaited"
      >
        <p className="font-semibold">{t('awaited')}</p>
        {order.payment_deadline ? (
          <p className="text-sm" data-testid="order-payment-deadline">
            {t('deadline', {
              time: format.dateTime(new Date(order.payment_deadline), CLOCK),
            })}
          </p>
        ) : null}
        {order.payment_started ? (
          <p className="text-sm" data-testid="order-payment-started">
            {t('started', { provider })}
          </p>
        ) : null}
        {order.payment_link ? (
          <a href={order.payment_link} className={buttonClasses('primary')} data-testid="order-pay">
            {isOnline(order.payment_type) ? t('payWith', { provider }) : t('pay')}
          </a>
        ) : null}
      </div>
    );
  }
  if (order.refund_due) {
    return (
      <p
        role="status"
        className="rounded-card bg-paprika-500/10 p-3 font-semibold text-paprika-700"
        data-testid="order-payment"
        data-payment="refund-due"
      >
        {t('refundDue')}
      </p>
    );
  }
  if (order.paid) {
    return (
      <p className="self-start" data-testid="order-payment" data-payment="paid">
        <span className="inline-flex items-center rounded-full bg-herb-500/15 px-2.5 py-0.5 text-sm font-semibold text-herb-600">
          <span aria-hidden="true">✓</span> {t('paid')}
        </span>
      </p>
    );
  }
  return null;
}
