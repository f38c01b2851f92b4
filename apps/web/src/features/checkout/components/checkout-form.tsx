'use client';

import { type CartLine, linesToRemove } from '@app/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useOrderingBlocked, useSlotDays } from '@/features/location';
import { useLoyaltyBalance } from '@/features/loyalty';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { useCheckoutPlace } from '../hooks/use-checkout-place';
import { usePlaceOrder } from '../hooks/use-place-order';
import { useAppliedPromoCode, usePromoCode } from '../hooks/use-promo-code';
import { useQuotedOrder } from '../hooks/use-quoted-order';
import { useRepricedLines } from '../hooks/use-repriced-lines';
import { bonusAmount } from '../lib/bonus';
import { changeFromProblem } from '../lib/checkout-form';
import { buildOrderRequest } from '../lib/order-request';
import type { TCheckoutPaymentType } from '../lib/payment-types';
import { blockerId, placeBlockers } from '../lib/place-blockers';
import { sortQuoteErrors } from '../lib/quote';
import { CheckoutSummary, failedCheck, PlaceOrderBar } from './checkout-summary';
import { CommentSection, DetailsSection } from './details-section';
import { PaymentSection } from './payment-section';
import { PlaceOrderConfirm } from './place-order-confirm';
import { PromoCodeField } from './promo-code-field';
import { TimingFields } from './timing-fields';
import { OutOfZoneNotice, WhereSection } from './where-section';

/**
 * The checkout form (spec sections 3-5): address details, timing, payment, promo code and comment,
 * kept in the session's checkout store; every amount and every blocking message from the server's
 * quote of the order as it stands (POST /v2/ondemand-order/quote), cart prices brought in line with
 * it; a confirmation; then POST /v2/ondemand-order under an Idempotency-Key, which checks everything
 * again. Refusals show the API's message.
 *
 * This file only puts the parts together: the form (hooks/use-checkout-form), the quote
 * (hooks/use-quoted-order), the promo code, the repriced lines and placing the order each have their
 * hook; every section of the page is its own component.
 */
export function CheckoutForm({
  lines,
  paymentTypes,
  loyalty = false,
  customerId = '',
  onPlaced,
}: {
  lines: CartLine[];
  paymentTypes: TCheckoutPaymentType[];
  /** The chain offers the accumulative card: the customer may pay part of the order with bonuses. */
  loyalty?: boolean;
  /** The signed-in customer (their card's balance is cached under it). */
  customerId?: string;
  /** The order is placed; `online`: the page is leaving for the provider's payment page. */
  onPlaced: (online: boolean) => void;
}) {
  const place = useCheckoutPlace();
  const closed = useOrderingBlocked();
  const deliveryType = place.kind === 'pickup' || place.kind === 'need-branch' ? 'self-pickup' : 'delivery';
  const branch = place.kind === 'delivery' || place.kind === 'pickup' ? place.branch : null;
  const days = useSlotDays(branch, deliveryType);
  const appliedPromo = useAppliedPromoCode();

  const checkout = useCheckoutForm({
    paymentTypes,
    savedAddress: place.kind === 'delivery' ? place.point : null,
    context: { deliveryType, slots: days.flatMap((d) => d.slots.map((s) => s.value)), paymentTypes },
  });
  const balance = useLoyaltyBalance(customerId, loyalty);
  // How much the order may use is the server's: the latest quote's loyalty_max (it does not depend on
  // the bonus part asked, so the next quote, with the part chosen from it, answers the same maximum).
  const [bonusMax, setBonusMax] = useState<number | null>(null);
  const loyaltyAmount = loyalty
    ? bonusAmount({ use: checkout.values.use_bonus, typed: checkout.values.bonus_amount }, bonusMax)
    : 0;
  const order = useQuotedOrder({
    place,
    lines,
    values: checkout.values,
    promoCode: appliedPromo,
    loyaltyAmount,
  });
  const { target, quote } = order;
  const quoted = quote.status === 'ready' ? quote.quote : null;
  const quotedMax = quoted?.loyalty_max ?? null;
  useEffect(() => {
    if (quotedMax !== null) setBonusMax(quotedMax);
  }, [quotedMax]);
  const total = quoted?.total_price ?? null;
  // What cash, card or the provider pays: the total less the bonus part (spec: change covers it).
  const toPay = quoted?.amount_to_pay ?? null;
  const promo = usePromoCode({ request: order.request, quote });
  const repriced = useRepricedLines(lines, quote);
  const placement = usePlaceOrder({ onPlaced });

  // A stopped line the customer must remove first (an auto-added one is left out of the order).
  const stopped = linesToRemove(lines).length > 0;
  const blockedByClosed = closed !== null && checkout.values.timing === 'express';
  // The page says these in its own words already: the closed-restaurant notice, the out-of-area
  // block, the minimum order line of the summary.
  const explained = new Set<string>([
    ...(closed?.kind === 'branch_closed' ? ['BRANCH_CLOSED'] : []),
    ...(closed?.kind === 'delivery_paused' ? ['DELIVERY_PAUSED'] : []),
    ...(order.outOfZone ? ['ADDRESS_OUT_OF_ZONE'] : []),
    ...(quoted && quoted.min_order_shortfall > 0 ? ['MIN_ORDER_PRICE'] : []),
  ]);
  const quoteErrors = quoted ? sortQuoteErrors(quoted.errors, explained) : null;
  // Placing waits for the quote of the order as it stands, and for it to find nothing to refuse.
  const canPlace =
    target !== null &&
    quote.status === 'ready' &&
    quote.current &&
    quote.quote.errors.length === 0 &&
    !blockedByClosed &&
    !stopped &&
    paymentTypes.length > 0 &&
    !placement.placing;
  // Why not, as the page says it: the button is described by those messages (ids under `why`).
  const why = useId();
  const blockers = placeBlockers({
    canPlace,
    placing: placement.placing,
    whereMissing: place.kind === 'need-branch' || place.kind === 'need-address',
    outOfZone: order.outOfZone,
    failed: failedCheck(order.zone, quote) !== null,
    calculating: quote.status === 'loading',
    listedErrors: quoteErrors?.listed.length ?? 0,
    minimumShort: quoted !== null && quoted.min_order_shortfall > 0,
    closed: blockedByClosed,
    stopped,
  });

  const formElement = useRef<HTMLFormElement>(null);
  const submit = checkout.form.handleSubmit(
    (values) => {
      // The change is checked against the total here (the form's own rules do not know the total);
      // once submitted, the field shows why.
      const changeBelowTotal = values.payment_type === 'cash' && changeFromProblem(values.change_from, toPay);
      if (!target || !canPlace || changeBelowTotal) return;
      placement.ask(
        buildOrderRequest({ target, lines, form: values, promoCode: promo.applied, loyaltyAmount }),
      );
    },
    (errors) => {
      // The form focuses the first refused field it holds; the time select is not one of them, so
      // when it alone is refused ('Choose a day and time', e.g. the slot has passed) it is focused here.
      if (Object.keys(errors).every((name) => name === 'future_time')) {
        formElement.current?.querySelector<HTMLSelectElement>('select[name="future_time"]')?.focus();
      }
    },
  );

  return (
    <>
      <form
        ref={formElement}
        noValidate
        onSubmit={(event) => void submit(event)}
        // Below md one column (a flex column, so the place-order bar can stick to the bottom of the
        // screen all along the form); from md the summary and the bar stand beside the form.
        className="flex flex-col gap-6 md:grid md:grid-cols-[minmax(0,1fr)_24rem] md:items-start"
        data-testid="checkout-form"
      >
        <div className="flex flex-col gap-4">
          <WhereSection place={place} missingId={blockerId(why, 'where')} />
          {order.outOfZone ? <OutOfZoneNotice id={blockerId(why, 'zone')} /> : null}
          {place.kind === 'delivery' ? <DetailsSection checkout={checkout} /> : null}
          {branch ? (
            <TimingFields
              form={checkout.form}
              days={days}
              leadMinutes={branch.delivery_time}
              errorText={checkout.errorOf('future_time')}
            />
          ) : null}
          <PaymentSection
            checkout={checkout}
            paymentTypes={paymentTypes}
            total={toPay}
            quoteErrors={quoteErrors}
            bonus={loyalty ? { balance, max: bonusMax, amount: loyaltyAmount } : null}
          />
          <PromoCodeField
            applied={promo.applied}
            error={promo.error}
            disabled={!order.request}
            onApply={promo.apply}
            onRemove={promo.remove}
          />
          <CommentSection checkout={checkout} />
        </div>

        <div className="contents md:sticky md:top-24 md:flex md:flex-col md:gap-3 md:rounded-card md:bg-white md:p-4 md:shadow-card">
          <CheckoutSummary
            why={why}
            lines={lines}
            zone={order.zone}
            quote={quote}
            quoteErrors={quoteErrors}
            repriced={repriced}
            closedHint={blockedByClosed && days.length > 0}
            stopped={stopped}
            refusal={placement.refusal}
          />
          <PlaceOrderBar
            quote={quote}
            canPlace={canPlace}
            placing={placement.placing}
            reasons={blockers.map((blocker) => blockerId(why, blocker))}
          />
        </div>
      </form>

      <PlaceOrderConfirm
        body={placement.confirming}
        place={place}
        total={total}
        toPay={toPay}
        days={days}
        onCancel={placement.cancel}
        onConfirm={placement.confirm}
      />
    </>
  );
}
