'use client';

import type { TLocale, TOrderDetail, TOrderLine } from '@app/contracts';
import { formatPhoneMask, formatSum } from '@app/domain';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { imageUrl } from '@/components/ui/image-url';
import { Link } from '@/i18n/navigation';
import { DAY_AND_CLOCK } from '@/lib/clock-format';
import { useConfig } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useOrderStatusFeed } from '../hooks/use-order-status-feed';
import { addressLine, isLive, orderTime } from '../lib/order-view';
import { CustomerGate } from './customer-gate';
import { OrderLoader } from './order-loader';
import { OrderPayment } from './order-payment';
import { RepeatOrder, type TCurrentMenu } from './repeat-order';
import { ReviewDialog, type TReviewTarget } from './review-dialog';
import { StatusBadge } from './status-badge';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4" data-testid={testId}>
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold sm:text-right">{children}</dd>
    </div>
  );
}

function OrderLineRow({
  line,
  rateable,
  onRate,
}: {
  line: TOrderLine;
  rateable: boolean;
  onRate: (line: TOrderLine) => void;
}) {
  const t = useTranslations('order.orders');
  const tReview = useTranslations('order.review');
  const locale = useLocale() as TLocale;
  const { apiUrl } = useConfig();
  const name = line.title[locale];
  const details = [
    ...line.variants.map((v) => v.title[locale]),
    ...line.modifiers.map((m) => (m.quantity > 1 ? `${m.name[locale]} × ${m.quantity}` : m.name[locale])),
  ];
  return (
    <li className="flex gap-3 py-3" data-testid="order-line" data-product-id={line.product_id}>
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-brand-50">
        {line.image_url && (
          // biome-ignore lint/performance/noImgElement: the API's smallest file, already the shown size.
          <img
            src={imageUrl(apiUrl, line.image_url)}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="font-semibold">
            <Link href={paths.product(line.slug)} className="hover:underline">
              {name}
            </Link>{' '}
            <span className="font-normal text-muted">{t('quantity', { count: line.quantity })}</span>
          </p>
          <p className="text-right">
            {line.quantity > 1 && (
              <span className="block text-xs text-muted">
                {t('unitPrice', { price: formatSum(line.unit_price, locale) })}
              </span>
            )}
            <span className="font-bold">{formatSum(line.total_price, locale)}</span>
          </p>
        </div>
        {details.length > 0 && <p className="text-sm text-muted">{details.join(', ')}</p>}
        {line.comment && <p className="text-sm text-muted">{line.comment}</p>}
        {/* Napkins and the like came with the order by themselves: nothing to rate. */}
        {line.auto_added && (
          <p className="text-sm text-muted" data-testid="line-auto-added">
            {t('autoAdded')}
          </p>
        )}
        {rateable &&
          !line.auto_added &&
          (line.can_review ? (
            <Button
              size="sm"
              variant="secondary"
              className="self-start"
              onClick={() => onRate(line)}
              aria-label={tReview('rateNamed', { name })}
              data-testid="rate-line"
            >
              ★ {tReview('rate')}
            </Button>
          ) : (
            <p
              className="text-sm text-herb-600 outline-none"
              tabIndex={-1}
              data-rated-product={line.product_id}
              data-testid="line-rated"
            >
              ★ {tReview('rated')}
            </p>
          ))}
      </div>
    </li>
  );
}

function OrderDetailBody({
  order,
  menu,
  customerId,
}: {
  order: TOrderDetail;
  menu: TCurrentMenu | null;
  customerId: string;
}) {
  const t = useTranslations('order.orders');
  const tPayment = useTranslations('order.payment');
  // The provider sends the customer back here while its call to the API may still be on its way: an
  // order awaiting payment is followed live (the status stream), so 'paid' shows without a reload;
  // once it moves on, the page's usual refresh takes over.
  useOrderStatusFeed(order.id, customerId, order.status === 'payment-awaited');
  const tReview = useTranslations('order.review');
  const locale = useLocale() as TLocale;
  const format = useFormatter();
  const [rating, setRating] = useState<TReviewTarget | null>(null);
  // The dish last opened for rating: read when the dialog has closed (and `rating` is null again).
  const ratedProduct = useRef<string | null>(null);
  const when = (iso: string) => format.dateTime(new Date(iso), DAY_AND_CLOCK);
  const time = orderTime(order);
  const address = addressLine(order, {
    building: t('building'),
    floor: t('floor'),
    apartment: t('apartment'),
  });
  // Dishes are rated once the order reached the customer (the API's can_review says which are left).
  const rateable = order.status === 'delivered' || order.status === 'finished';
  const pickup = order.delivery_type === 'self-pickup';

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start" data-testid="order-detail">
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-bold" data-testid="order-number">
              {t('number', { number: order.external_order_id })}
            </h2>
            <span aria-live="polite">
              <StatusBadge status={order.status} deliveryType={order.delivery_type} />
            </span>
          </div>
          <OrderPayment order={order} />
          <dl className="flex flex-col gap-2">
            <Fact label={t('createdAt')}>
              <time dateTime={order.created_at}>{when(order.created_at)}</time>
            </Fact>
            <Fact label={t('branch')}>
              <Link href={paths.branch(order.branch.slug)} className="hover:underline">
                {order.branch.name[locale]}
              </Link>
            </Fact>
            <Fact label={t('deliveryType')}>{pickup ? t('typePickup') : t('typeDelivery')}</Fact>
            {address && <Fact label={t('address')}>{address}</Fact>}
            {!pickup && order.is_courier_call && <Fact label={t('courierCall')}>✓</Fact>}
            {order.description && <Fact label={t('addressNote')}>{order.description}</Fact>}
            <Fact label={pickup ? t('timePickup') : t('timeDelivery')} testId="order-time">
              {time ? <time dateTime={time}>{when(time)}</time> : t('asap')}
            </Fact>
            <Fact label={t('payment')}>
              {t(`paymentTypes.${order.payment_type}`)}
              {order.change_from !== null && (
                <span className="block text-sm font-normal text-muted">
                  {t('changeFrom', { sum: formatSum(order.change_from, locale) })}
                </span>
              )}
            </Fact>
            <Fact label={t('paid')} testId="order-paid">
              {order.paid ? t('paidYes') : t('paidNo')}
            </Fact>
            {order.loyalty_earned > 0 && (
              <Fact label={tPayment('bonusEarned')} testId="order-bonus-earned">
                +{formatSum(order.loyalty_earned, locale)}
              </Fact>
            )}
            {!pickup && (
              <Fact label={t('courier')} testId="order-courier">
                {order.courier ? (
                  <>
                    {order.courier.name}{' '}
                    <a
                      href={`tel:+${order.courier.phone}`}
                      className="block font-normal text-brand-700 underline"
                    >
                      {formatPhoneMask(order.courier.phone)}
                    </a>
                  </>
                ) : (
                  t('courierNotAssigned')
                )}
              </Fact>
            )}
            {order.comment && <Fact label={t('comment')}>{order.comment}</Fact>}
          </dl>
          <div className="flex flex-wrap gap-3 pt-1">
            {isLive(order.status) && (
              <Link
                href={paths.orderStatus(order.id)}
                className={buttonClasses('primary')}
                data-testid="watch-status"
              >
                {t('watchStatus')}
              </Link>
            )}
            <RepeatOrder order={order} menu={menu} />
          </div>
        </section>

        <section aria-labelledby="order-items-title" className="rounded-card bg-white p-4 shadow-card md:p-5">
          <h2 id="order-items-title" tabIndex={-1} className="text-lg font-bold outline-none">
            {rateable ? tReview('title') : t('items')}
          </h2>
          {rateable && <p className="text-sm text-muted">{tReview('hint')}</p>}
          <ul className="divide-y divide-line">
            {order.lines.map((line) => (
              <OrderLineRow
                key={line.id}
                line={line}
                rateable={rateable}
                onRate={(l) => {
                  ratedProduct.current = l.product_id;
                  setRating({ productId: l.product_id, orderId: order.id, name: l.title[locale] });
                }}
              />
            ))}
          </ul>
        </section>
      </div>

      <aside
        aria-labelledby="order-total-title"
        className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:sticky md:top-24"
      >
        <h2 id="order-total-title" className="text-lg font-bold">
          {t('total')}
        </h2>
        <dl className="flex flex-col gap-2">
          <div className="flex justify-between">
            <dt className="text-muted">{t('goods')}</dt>
            <dd data-testid="order-goods">{formatSum(order.goods_price, locale)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">{t('delivery')}</dt>
            <dd data-testid="order-delivery">
              {order.delivery_price === 0 ? t('deliveryFree') : formatSum(order.delivery_price, locale)}
            </dd>
          </div>
          {order.discount_price > 0 && (
            <div className="flex justify-between gap-2">
              <dt className="text-muted">
                {t('discount')}
                {order.promo_code && (
                  <span className="block text-xs">{t('promoCode', { code: order.promo_code })}</span>
                )}
              </dt>
              <dd data-testid="order-discount">−{formatSum(order.discount_price, locale)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-line pt-2 text-lg font-bold">
            <dt>{t('total')}</dt>
            <dd data-testid="order-total">{formatSum(order.total_price, locale)}</dd>
          </div>
          {order.loyalty_amount > 0 && (
            <>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{tPayment('bonusPart')}</dt>
                <dd data-testid="order-bonus">−{formatSum(order.loyalty_amount, locale)}</dd>
              </div>
              <div className="flex justify-between gap-2 font-semibold">
                <dt>
                  {/* What the method took, or still has to: the order may not be paid yet. */}
                  {tPayment(order.paid ? 'paidWith' : 'toPay', {
                    method: t(`paymentTypes.${order.payment_type}`),
                  })}
                </dt>
                <dd data-testid="order-to-pay">{formatSum(order.amount_to_pay, locale)}</dd>
              </div>
            </>
          )}
        </dl>
        <Link
          href={paths.myOrders()}
          className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t('backToOrders')}
        </Link>
      </aside>

      <ReviewDialog
        target={rating}
        onClose={() => setRating(null)}
        // The dish's 'Rate' button became 'Rated': the focus goes to that, else to the list's heading.
        fallbackFocus={() =>
          document.querySelector<HTMLElement>(`[data-rated-product="${ratedProduct.current}"]`) ??
          document.getElementById('order-items-title')
        }
      />
    </div>
  );
}

export function OrderDetailView({ orderId, menu }: { orderId: string; menu: TCurrentMenu | null }) {
  return (
    <QueryProvider>
      <CustomerGate>
        {(user) => (
          <OrderLoader key={user.id} orderId={orderId} customerId={user.id}>
            {(order) => <OrderDetailBody order={order} menu={menu} customerId={user.id} />}
          </OrderLoader>
        )}
      </CustomerGate>
    </QueryProvider>
  );
}
