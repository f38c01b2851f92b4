'use client';

import type { TOrderEvent, TStaffOrderDetail } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { pick } from '@/lib/localized';
import { formatPhone } from '@/lib/phone';
import { useStaffApi } from '../api';
import { useStaffId } from '../hooks';
import { mapLinks, telLink } from '../lib/queue';
import { fetchStaffOrder, staffKeys } from '../lib/staff-queries';
import { EventActions } from './event-actions';
import { OrderLines, StatusBadge } from './order-parts';

/** The order's whole card (GET /v1/staff/orders/{id}), read again whenever the stream names it. */
export function useStaffOrder(orderId: string | null) {
  const api = useStaffApi();
  const staffId = useStaffId();
  return useQuery({
    queryKey: staffKeys.order(staffId, orderId ?? ''),
    queryFn: ({ signal }) => fetchStaffOrder(api, orderId ?? '', signal),
    enabled: orderId !== null,
  });
}

type TMoneyLocale = 'ru' | 'uz' | 'en';

/** Floor, apartment, entrance or building, the place and the courier call, as the customer gave them. */
export function AddressDetails({ order }: { order: TStaffOrderDetail }) {
  const t = useTranslations('staff.order');
  const parts = [
    order.building ? t('building', { value: order.building }) : null,
    order.floor ? t('floor', { value: order.floor }) : null,
    order.apartment ? t('apartment', { value: order.apartment }) : null,
    order.accommodation ? t('accommodation', { value: order.accommodation }) : null,
  ].filter((p): p is string => p !== null);
  return (
    <>
      {parts.length > 0 ? <p>{parts.join(' · ')}</p> : null}
      {order.description ? <p className="text-muted">{order.description}</p> : null}
      {order.is_courier_call ? <p className="font-semibold">☎ {t('courierCall')}</p> : null}
    </>
  );
}

export function MapLinks({ point, large }: { point: { lat: number; long: number }; large?: boolean }) {
  const t = useTranslations('staff.order');
  const links = mapLinks(point);
  const cls = large
    ? 'inline-flex min-h-12 items-center justify-center rounded-full bg-ink px-5 text-lg font-semibold text-white'
    : 'inline-flex min-h-11 items-center font-semibold text-brand-700 underline';
  return (
    <div className="flex flex-wrap gap-3">
      <a href={links.geo} className={cls}>
        {t('openMap')}
      </a>
      <a
        href={links.web}
        target="_blank"
        rel="noreferrer"
        className={large ? cls.replace('bg-ink', 'bg-brand-700') : cls}
      >
        {t('openMapWeb')}
      </a>
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-bold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function CardBody({
  order,
  cancelFor,
  onCancelChange,
}: {
  order: TStaffOrderDetail;
  cancelFor: TOrderEvent | null;
  onCancelChange: (event: TOrderEvent | null) => void;
}) {
  const t = useTranslations('staff');
  const locale = useLocale() as TMoneyLocale;
  const format = useFormatter();
  const sum = (amount: number) => formatSum(amount, locale);
  const time = (iso: string) =>
    format.dateTime(new Date(iso), {
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={order.status} />
        <span>{t(`deliveryType.${order.delivery_type}`)}</span>
        <span>·</span>
        <span>{pick(order.branch.name, locale)}</span>
        <span>·</span>
        <span>
          {t(`payment.${order.payment_type}`)}, {order.paid ? t('payment.paid') : t('payment.unpaid')}
          {order.refund_due ? `, ${t('payment.refundDue')}` : ''}
        </span>
      </div>
      <p className="text-sm text-muted">
        {t('order.placed')}: {time(order.created_at)}
        {order.future_time ? ` · ${t('order.scheduledFor', { time: time(order.future_time) })}` : ''}
      </p>

      <EventActions order={order} cancelFor={cancelFor} onCancelChange={onCancelChange} />

      {order.customer ? (
        <section aria-labelledby={`customer-${order.id}`}>
          <h3 id={`customer-${order.id}`} className="font-bold">
            {t('order.customer')}
          </h3>
          <p>{order.customer.name}</p>
          <a href={telLink(order.customer.phone)} className="font-semibold text-brand-700 underline">
            {formatPhone(order.customer.phone)}
          </a>
        </section>
      ) : null}

      <section aria-labelledby={`address-${order.id}`}>
        <h3 id={`address-${order.id}`} className="font-bold">
          {t('order.address')}
        </h3>
        {order.delivery_type === 'delivery' ? (
          <>
            <p>{order.to_address}</p>
            <AddressDetails order={order} />
            {order.to_location ? <MapLinks point={order.to_location} /> : null}
          </>
        ) : (
          <p>{t('order.pickupAt', { branch: pick(order.branch.name, locale) })}</p>
        )}
        {order.courier ? (
          <p className="mt-1">
            {t('order.courier')}: {order.courier.name},{' '}
            <a href={telLink(order.courier.phone)} className="text-brand-700 underline">
              {formatPhone(order.courier.phone)}
            </a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby={`lines-${order.id}`}>
        <h3 id={`lines-${order.id}`} className="font-bold">
          {t('order.lines')}
        </h3>
        <OrderLines lines={order.lines} />
        {order.comment ? (
          <p className="mt-2">
            <span className="font-semibold">{t('order.comment')}:</span> {order.comment}
          </p>
        ) : null}
      </section>

      <dl className="flex flex-col gap-1 border-t border-line pt-3">
        <Row label={t('order.goods')} value={sum(order.goods_price)} />
        {order.delivery_type === 'delivery' ? (
          <Row label={t('order.delivery')} value={sum(order.delivery_price)} />
        ) : null}
        {order.discount_price > 0 ? (
          <Row
            label={order.promo_code ? t('order.promoCode', { code: order.promo_code }) : t('order.discount')}
            value={`−${sum(order.discount_price)}`}
          />
        ) : null}
        <Row label={t('order.total')} value={sum(order.total_price)} strong />
        {order.loyalty_amount > 0 ? <Row label={t('order.bonus')} value={sum(order.loyalty_amount)} /> : null}
        <Row label={t('order.toPay')} value={sum(order.amount_to_pay)} strong />
        {order.change_from ? (
          <p className="text-sm text-muted">{t('order.changeFrom', { amount: sum(order.change_from) })}</p>
        ) : null}
      </dl>

      <section aria-labelledby={`history-${order.id}`}>
        <h3 id={`history-${order.id}`} className="font-bold">
          {t('order.history')}
        </h3>
        <ol className="mt-1 flex flex-col gap-1">
          {order.history.map((entry) => (
            <li key={`${entry.status}-${entry.at}`} className="text-sm">
              <span className="tabular-nums">{time(entry.at)}</span> — {t(`status.${entry.status}`)}{' '}
              <span className="text-muted">
                {t('order.by', {
                  name: entry.staff
                    ? `${entry.staff.name} (${t(`roles.${entry.staff.role}`)})`
                    : entry.actor === 'customer'
                      ? t('order.actorCustomer')
                      : t('order.actorServer'),
                })}
              </span>
              {entry.reason ? (
                <span className="block text-muted">{t('order.reason', { reason: entry.reason })}</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * The operator's order card: a dialog over the queue (Escape closes it, focus returns to the row, or
 * to `fallbackFocus()` when the row left the queue meanwhile).
 */
export function OrderCardDialog({
  orderId,
  number,
  onClose,
  cancelFor,
  onCancelChange,
  fallbackFocus,
}: {
  orderId: string | null;
  number: string;
  onClose: () => void;
  cancelFor: TOrderEvent | null;
  onCancelChange: (event: TOrderEvent | null) => void;
  /** Where focus goes on close when the order's row is gone (cancelled from the card). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const t = useTranslations('staff');
  const query = useStaffOrder(orderId);
  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('order.card', { number: query.data?.external_order_id ?? number })}
      fullScreenOnMobile
      fallbackFocus={fallbackFocus}
    >
      {query.data ? (
        <CardBody order={query.data} cancelFor={cancelFor} onCancelChange={onCancelChange} />
      ) : query.isError ? (
        <p role="alert">{t('errors.load')}</p>
      ) : (
        <p role="status">{t('order.loading')}</p>
      )}
    </Dialog>
  );
}
