'use client';

import type { TCreateOrderRequest, TLocale } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { slotDate, type TSlotDay } from '@/features/location';
import type { TCheckoutPlace } from '../hooks/use-checkout-place';
import { useDayLabel } from './timing-fields';

/**
 * 'Place order?' (spec section 4: confirmation is asked before checkout): where, when and the total
 * of the body about to be sent; the bonus part and what is left to pay, and the provider an online
 * order is paid with next.
 */
export function PlaceOrderConfirm({
  body,
  place,
  total,
  toPay,
  days,
  onCancel,
  onConfirm,
}: {
  /** The body to confirm; null: the dialog is closed. */
  body: TCreateOrderRequest | null;
  place: TCheckoutPlace;
  total: number | null;
  /** The quote's amount_to_pay: the total less the bonus part. */
  toPay: number | null;
  days: readonly TSlotDay[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useTranslations('order.checkout.confirm');
  const tPayment = useTranslations('order.checkout.payment');
  const locale = useLocale() as TLocale;
  const dayLabel = useDayLabel();
  // Mid-sentence: 'today' and 'tomorrow' in lower case (the day picker's own labels start with a
  // capital); a day no longer offered still reads as its date.
  const dayInSentence = (date: string, offset: number): string =>
    offset === 0 ? t('today') : offset === 1 ? t('tomorrow') : dayLabel({ date, offset });

  const description = (() => {
    if (!body || total === null) return '';
    const future = body.future_time;
    const date = future ? slotDate(future) : null;
    const when =
      future && date
        ? t('at', {
            day: dayInSentence(date, days.find((d) => d.date === date)?.offset ?? -1),
            time: future.slice(11, 16),
          })
        : t('asap');
    const totalText = formatSum(total, locale);
    const sentences = [
      place.kind === 'pickup'
        ? t('pickup', { name: place.branch.name, when, total: totalText })
        : t('delivery', { address: body.to_address ?? '', when, total: totalText }),
    ];
    const bonus = body.loyalty_amount ?? 0;
    if (bonus > 0 && toPay !== null) {
      sentences.push(t('withBonus', { bonus: formatSum(bonus, locale), toPay: formatSum(toPay, locale) }));
    }
    if (body.payment_type === 'payme' || body.payment_type === 'click') {
      sentences.push(t('online', { provider: tPayment(body.payment_type) }));
    }
    return sentences.join(' ');
  })();

  return (
    <ConfirmDialog
      open={body !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t('title')}
      description={description}
      confirmLabel={t('confirm')}
      onConfirm={onConfirm}
    />
  );
}
