'use client';

import type { TCreateOrderRequest, TLocale, TLocalizedText } from '@app/contracts';
import { availableLines, type CartLine, formatSum } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toasts';
import { cartStore } from '@/features/cart';
import { ClosedBranchNotice, useOrderingBlocked } from '@/features/location';
import { Link, useRouter } from '@/i18n/navigation';
import { apiErrorMessage, isApiFailure } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { useCheckoutStore } from '@/lib/stores/checkout';
import { useCommonStore } from '@/lib/stores/common';
import { placeOrder } from '../api/checkout-api';
import { type TCheckoutPlace, useCheckoutPlace } from '../hooks/use-checkout-place';
import {
  fetchOrderQuote,
  seedOrderQuote,
  type TQuoteRequest,
  useDeliveryZone,
  useOrderQuote,
} from '../hooks/use-checkout-quote';
import {
  checkoutFormSchema,
  formValuesFrom,
  storedFrom,
  type TCheckoutErrorKey,
  type TCheckoutFormContext,
  type TCheckoutFormValues,
} from '../lib/checkout-form';
import { attemptFor, keepsAttempt, loadAttempt, saveAttempt, type TOrderAttempt } from '../lib/idempotency';
import { buildOrderRequest, orderLineKeys, type TOrderTarget } from '../lib/order-request';
import type { TCheckoutPaymentType } from '../lib/payment-types';
import { PROMO_FIELD, priceChanges, quotedPromoCode, sortQuoteErrors } from '../lib/quote';
import { scheduleDays, slotDate } from '../lib/slots';
import { describedBy, Field, inputClass, Section } from './form-parts';
import { OrderSummary } from './order-summary';
import { PromoCodeField } from './promo-code-field';
import { TimingFields, useDayLabel } from './timing-fields';

/** How often the offered slots are worked out again while the page stays open. */
const SLOT_RECHECK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), SLOT_RECHECK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** Where the order goes; for delivery in the zone the point is in now (the stored one may be older). */
const targetOf = (place: TCheckoutPlace, zoneId: string | null): TOrderTarget | null => {
  if (place.kind === 'delivery') {
    return {
      deliveryType: 'delivery',
      branchId: place.branch.id,
      // A point saved without its address text still gets a readable address for the courier.
      address: place.address || `${place.location.lat}, ${place.location.long}`,
      location: place.location,
      zoneId: zoneId ?? place.zoneId,
    };
  }
  if (place.kind === 'pickup') return { deliveryType: 'self-pickup', branchId: place.branch.id };
  return null;
};

const openMap = () => useCommonStore.getState().setMapModal(true);

/** Where the order goes (delivery address or pickup restaurant), changed in the map dialog. */
function WhereSection({ place }: { place: TCheckoutPlace }) {
  const t = useTranslations('order.checkout.where');
  const id = useId();
  const pickup = place.kind === 'pickup' || place.kind === 'need-branch';
  return (
    <Section id={`${id}-title`} title={pickup ? t('pickupTitle') : t('deliveryTitle')}>
      {place.kind === 'delivery' || place.kind === 'pickup' ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div data-testid="checkout-where">
            <p className="text-sm text-muted">{place.kind === 'delivery' ? t('address') : t('branch')}</p>
            {place.kind === 'delivery' ? (
              <p className="font-medium">
                {place.address || `${place.location.lat}, ${place.location.long}`}
              </p>
            ) : (
              <>
                <p className="font-medium">{place.branch.name}</p>
                <p className="text-sm text-muted">{place.branch.address}</p>
              </>
            )}
          </div>
          <Button variant="secondary" size="sm" onClick={openMap}>
            {t('change')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted">{place.kind === 'need-branch' ? t('needBranch') : t('needAddress')}</p>
          <Button onClick={openMap}>
            {place.kind === 'need-branch' ? t('chooseBranch') : t('chooseAddress')}
          </Button>
        </div>
      )}
    </Section>
  );
}

/**
 * The checkout form (spec sections 3-5): address details, timing, payment, promo code and comment,
 * kept in the session's checkout store; every amount and every blocking message from the server's
 * quote of the order as it stands (POST /v2/ondemand-order/quote), cart prices brought in line with
 * it; a confirmation; then POST /v2/ondemand-order under an Idempotency-Key, which checks everything
 * again. Refusals show the API's message.
 */
export function CheckoutForm({
  lines,
  paymentTypes,
  onPlaced,
}: {
  lines: CartLine[];
  paymentTypes: TCheckoutPaymentType[];
  onPlaced: () => void;
}) {
  const t = useTranslations('order.checkout');
  const tOrder = useTranslations('order');
  const tLocation = useTranslations('location');
  const locale = useLocale() as TLocale;
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = useId();
  const place = useCheckoutPlace();
  const closed = useOrderingBlocked();
  const now = useNow();
  const dayLabel = useDayLabel();
  const appliedPromo = useCheckoutStore((s) => s.promo_code) || null;
  const [promoError, setPromoError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TCreateOrderRequest | null>(null);
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Dishes whose price in the cart was not the server's (the cart has taken the server's). */
  const [repriced, setRepriced] = useState<{ key: string; name: TLocalizedText }[]>([]);
  const attempt = useRef<TOrderAttempt | null>(null);
  useEffect(() => {
    attempt.current = loadAttempt();
  }, []);

  const deliveryType = place.kind === 'pickup' || place.kind === 'need-branch' ? 'self-pickup' : 'delivery';
  const branch = place.kind === 'delivery' || place.kind === 'pickup' ? place.branch : null;
  const days = useMemo(
    () =>
      branch
        ? scheduleDays({
            now,
            workHourStart: branch.work_hour_start,
            workHourEnd: branch.work_hour_end,
            leadMinutes: branch.delivery_time,
            daysAhead:
              deliveryType === 'delivery'
                ? branch.future_delivery_order_time
                : branch.future_self_pickup_order_time,
          })
        : [],
    [branch, now, deliveryType],
  );

  // The resolver reads the latest context (total, slots) at validation time.
  const context = useRef<TCheckoutFormContext>({ deliveryType, total: null, slots: [], paymentTypes });
  const resolver = useCallback<Resolver<TCheckoutFormValues>>(
    (values, ctx, options) => zodResolver(checkoutFormSchema(context.current))(values, ctx, options),
    [],
  );
  const form = useForm<TCheckoutFormValues>({
    defaultValues: formValuesFrom(
      useCheckoutStore.getState(),
      paymentTypes,
      place.kind === 'delivery' ? place.point : null,
    ),
    resolver,
    mode: 'onTouched',
  });
  const { register, formState, watch } = form;
  const formValues = watch();
  const paymentType = formValues.payment_type;
  const timing = formValues.timing;
  const isCourierCall = formValues.is_courier_call;

  // The form lives in the session's checkout store: a reload or a trip to the cart keeps it.
  useEffect(() => {
    const subscription = form.watch(() =>
      useCheckoutStore.getState().setFields(storedFrom(form.getValues())),
    );
    return () => subscription.unsubscribe();
  }, [form]);

  // The order as it stands, quoted by the server: what it costs and what would refuse it.
  const zone = useDeliveryZone(place);
  const target = targetOf(place, zone.status === 'ready' ? zone.zoneId : null);
  const zoneKnown = zone.status === 'ready' || zone.status === 'none';
  const quoteRequest: TQuoteRequest | null =
    target && zoneKnown && availableLines(lines).length > 0
      ? {
          body: buildOrderRequest({ target, lines, form: formValues, promoCode: appliedPromo }),
          lineKeys: orderLineKeys(lines),
        }
      : null;
  const quote = useOrderQuote(quoteRequest);
  const quoted = quote.status === 'ready' ? quote.quote : null;
  const outOfZone = zone.status === 'ready' && zone.outOfZone;
  context.current = {
    deliveryType,
    total: quoted?.total_price ?? null,
    slots: days.flatMap((d) => d.slots.map((s) => s.value)),
    paymentTypes,
  };

  // The change is checked against the total again whenever the total changes.
  const total = quoted?.total_price ?? null;
  useEffect(() => {
    if (total !== null && form.getFieldState('change_from').isTouched) void form.trigger('change_from');
  }, [total, form]);

  // An applied code that stopped applying (another payment type, a new hour) is dropped, with why.
  const promoRefusal =
    appliedPromo && quote.status === 'ready' && quote.current
      ? (quote.quote.errors.find((e) => e.field === PROMO_FIELD)?.message ?? null)
      : null;
  useEffect(() => {
    if (!promoRefusal) return;
    setPromoError(promoRefusal);
    useCheckoutStore.getState().setFields({ promo_code: '' });
  }, [promoRefusal]);

  // A cart price that is not the server's takes the server's, and the page names the dish.
  const changes =
    quote.status === 'ready' && quote.current ? priceChanges(lines, quote.lineKeys, quote.quote.lines) : [];
  const changesKey = JSON.stringify(changes.map((c) => [c.key, c.unitPrice]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: changesKey stands for the changes' content.
  useEffect(() => {
    if (changes.length === 0) return;
    cartStore.getState().setUnitPrices(changes);
    setRepriced((named) => [
      ...named,
      ...changes.filter((c) => !named.some((n) => n.key === c.key)).map(({ key, name }) => ({ key, name })),
    ]);
  }, [changesKey]);

  const applyPromo = async (code: string): Promise<string | null> => {
    setPromoError(null);
    if (!quoteRequest) return t('summary.failed');
    const request = { ...quoteRequest, body: { ...quoteRequest.body, promo_code: code } };
    try {
      const answer = await fetchOrderQuote(queryClient, api, request);
      const refused = answer.quote.errors.find((e) => e.field === PROMO_FIELD);
      if (refused) return refused.message;
      // Kept as the chain wrote it ('welcome' typed, 'WELCOME' shown); the API reads either.
      const canonical = quotedPromoCode(answer.quote) ?? code;
      seedOrderQuote(queryClient, { ...request.body, promo_code: canonical }, answer);
      useCheckoutStore.getState().setFields({ promo_code: canonical });
      return null;
    } catch (error) {
      return apiErrorMessage(error, t('summary.failed'));
    }
  };

  const errorOf = (name: FieldPath<TCheckoutFormValues>): string | null => {
    const key = formState.errors[name]?.message;
    return key ? t(`errors.${key as TCheckoutErrorKey}`) : null;
  };

  const stopped = lines.some((l) => l.in_stop);
  const blockedByClosed = closed !== null && timing === 'express';
  // The page says these in its own words already: the closed-restaurant notice, the out-of-area
  // block, the minimum order line of the summary.
  const explained = new Set<string>([
    ...(closed !== null ? ['BRANCH_CLOSED'] : []),
    ...(outOfZone ? ['ADDRESS_OUT_OF_ZONE'] : []),
    ...(quoted && quoted.min_order_shortfall > 0 ? ['MIN_ORDER_PRICE'] : []),
  ]);
  const quoteErrors = quoted ? sortQuoteErrors(quoted.errors, explained) : null;
  const changeFromError = errorOf('change_from') ?? quoteErrors?.changeFrom?.message ?? null;
  // Placing waits for the quote of the order as it stands, and for it to find nothing to refuse.
  const canPlace =
    target !== null &&
    quote.status === 'ready' &&
    quote.current &&
    quote.quote.errors.length === 0 &&
    !blockedByClosed &&
    !stopped &&
    paymentTypes.length > 0 &&
    !placing;

  const submit = form.handleSubmit((values) => {
    if (!target || !canPlace) return;
    setRefusal(null);
    setConfirming(buildOrderRequest({ target, lines, form: values, promoCode: appliedPromo }));
  });

  const placeConfirmed = async (body: TCreateOrderRequest) => {
    const current = attemptFor(attempt.current, body);
    attempt.current = current;
    saveAttempt(current);
    setPlacing(true);
    try {
      const created = await placeOrder(api, body, current.key);
      attempt.current = null;
      saveAttempt(null);
      useCommonStore.getState().addOrderId(created.order_id);
      // The order's own choices go; the address details stay for the next order.
      useCheckoutStore
        .getState()
        .setFields({ comment: '', promo_code: '', change_from: null, future_time: null, is_preorder: false });
      onPlaced();
      cartStore.getState().clear();
      notify('success', tOrder('orderCreated'));
      router.replace(paths.checkoutSuccess(created.order_id, created.external_order_id));
    } catch (error) {
      const status = isApiFailure(error) ? error.status : 0;
      if (!keepsAttempt(status)) {
        attempt.current = null;
        saveAttempt(null);
      }
      const message = status === 0 ? t('failed') : apiErrorMessage(error, t('failed'));
      setRefusal(message);
      notify('error', message);
    } finally {
      setPlacing(false);
    }
  };

  const confirmText = (() => {
    if (!confirming || !quoted) return '';
    const future = confirming.future_time;
    const date = future ? slotDate(future) : null;
    const when =
      future && date
        ? t('confirm.at', {
            // A day no longer offered still reads as its date.
            day: dayLabel({ date, offset: days.find((d) => d.date === date)?.offset ?? -1 }),
            time: future.slice(11, 16),
          })
        : t('confirm.asap');
    const totalText = formatSum(quoted.total_price, locale);
    if (place.kind === 'pickup')
      return t('confirm.pickup', { name: place.branch.name, when, total: totalText });
    return t('confirm.delivery', {
      address: target && 'address' in target ? target.address : '',
      when,
      total: totalText,
    });
  })();

  const delivery = place.kind === 'delivery';

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-6 md:grid-cols-[minmax(0,1fr)_24rem] md:items-start"
        data-testid="checkout-form"
      >
        <div className="flex flex-col gap-4">
          <WhereSection place={place} />

          {outOfZone ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-card bg-brand-50 p-4 text-sm"
            >
              <p>{tLocation('outOfZone')}</p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={openMap}>
                  {t('where.orderPickup')}
                </Button>
                <Button size="sm" variant="secondary" onClick={openMap}>
                  {t('where.anotherAddress')}
                </Button>
              </div>
            </div>
          ) : null}

          {delivery ? (
            <Section id={`${id}-details`} title={t('details.title')}>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  {...register('is_courier_call', {
                    onChange: () => {
                      for (const key of ['apartment', 'floor', 'building'] as const) {
                        if (form.getFieldState(key).isTouched || formState.isSubmitted)
                          void form.trigger(key);
                      }
                    },
                  })}
                  className="mt-1 h-4 w-4 accent-brand-700"
                />
                <span>
                  <span className="block font-medium">{t('details.courierCall')}</span>
                  <span className="block text-sm text-muted">{t('details.courierCallHint')}</span>
                </span>
              </label>
              <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Field
                  id={`${id}-accommodation`}
                  label={t('details.accommodation')}
                  error={errorOf('accommodation')}
                  className="col-span-2 md:col-span-4"
                >
                  <input
                    {...register('accommodation')}
                    {...describedBy(`${id}-accommodation`, false, errorOf('accommodation') !== null)}
                    autoComplete="address-line2"
                    maxLength={100}
                    className={inputClass}
                  />
                </Field>
                {(['apartment', 'building', 'floor'] as const).map((key) => (
                  <Field key={key} id={`${id}-${key}`} label={t(`details.${key}`)} error={errorOf(key)}>
                    <input
                      {...register(key)}
                      {...describedBy(`${id}-${key}`, false, errorOf(key) !== null)}
                      aria-required={!isCourierCall}
                      maxLength={20}
                      className={inputClass}
                    />
                  </Field>
                ))}
              </div>
              <Field
                id={`${id}-description`}
                label={t('details.description')}
                hint={t('details.descriptionHint')}
                error={errorOf('description')}
              >
                <textarea
                  {...register('description')}
                  {...describedBy(`${id}-description`, true, errorOf('description') !== null)}
                  rows={2}
                  maxLength={500}
                  className={inputClass}
                />
              </Field>
            </Section>
          ) : null}

          {branch ? (
            <TimingFields
              form={form}
              days={days}
              leadMinutes={branch.delivery_time}
              errorText={errorOf('future_time')}
            />
          ) : null}

          <Section id={`${id}-payment`} title={t('payment.title')}>
            {paymentTypes.length === 0 ? (
              <p className="text-muted">{t('payment.none')}</p>
            ) : (
              <fieldset className="flex flex-col gap-2">
                <legend className="sr-only">{t('payment.title')}</legend>
                {paymentTypes.map((type) => (
                  <label
                    key={type}
                    className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-line has-[:checked]:ring-brand-600"
                  >
                    <input
                      type="radio"
                      value={type}
                      {...register('payment_type')}
                      className="h-4 w-4 accent-brand-700"
                    />
                    <span className="font-medium">{t(`payment.${type}`)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {errorOf('payment_type') ? (
              <p className="text-sm text-paprika-600">{errorOf('payment_type')}</p>
            ) : null}
            {paymentType === 'cash' ? (
              <Field
                id={`${id}-change`}
                label={t('payment.changeFrom')}
                hint={t('payment.changeFromHint')}
                error={changeFromError}
              >
                <input
                  {...register('change_from')}
                  {...describedBy(`${id}-change`, true, changeFromError !== null)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={20}
                  className={inputClass}
                  data-testid="checkout-change-from"
                />
              </Field>
            ) : null}
          </Section>

          <PromoCodeField
            applied={appliedPromo}
            error={promoError}
            disabled={!quoteRequest}
            onApply={applyPromo}
            onRemove={() => {
              setPromoError(null);
              useCheckoutStore.getState().setFields({ promo_code: '' });
            }}
          />

          <Section id={`${id}-comment`} title={t('comment.title')}>
            <Field
              id={`${id}-comment-field`}
              label={t('comment.label')}
              hint={t('comment.hint')}
              error={errorOf('comment')}
            >
              <textarea
                {...register('comment')}
                {...describedBy(`${id}-comment-field`, true, errorOf('comment') !== null)}
                rows={3}
                maxLength={500}
                className={inputClass}
              />
            </Field>
          </Section>
        </div>

        <aside
          aria-labelledby={`${id}-summary`}
          className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:sticky md:top-24"
        >
          <h2 id={`${id}-summary`} className="text-lg font-bold">
            {t('summary.title')}
          </h2>
          <OrderSummary lines={lines} quote={quote} />
          {quote.status === 'error' || zone.status === 'error' ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-2 rounded-card bg-brand-50 p-3 text-sm"
            >
              <p>
                {apiErrorMessage(
                  zone.status === 'error' ? zone.error : quote.status === 'error' ? quote.error : null,
                  t('summary.failed'),
                )}
              </p>
              <Button
                size="sm"
                variant="secondary"
                onClick={
                  zone.status === 'error' ? zone.retry : quote.status === 'error' ? quote.retry : undefined
                }
              >
                {t('summary.retry')}
              </Button>
            </div>
          ) : null}
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
            <div role="alert" className="rounded-card bg-paprika-500/10 p-3 text-sm text-paprika-700">
              <p className="font-semibold">{t('summary.cannotPlace')}</p>
              <ul className="mt-1 list-disc pl-5" data-testid="checkout-quote-errors">
                {quoteErrors.listed.map((e) => (
                  <li key={`${e.code}:${e.field ?? ''}`}>{e.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <ClosedBranchNotice />
          {blockedByClosed && days.length > 0 ? (
            <p className="text-sm text-muted">{t('timing.closedHint')}</p>
          ) : null}
          {stopped ? (
            <p role="status" className="rounded-card bg-brand-50 p-3 text-sm">
              {t('unavailable')}{' '}
              <Link href={paths.cart()} className="font-semibold underline">
                {t('toCart')}
              </Link>
            </p>
          ) : null}
          {refusal ? (
            <p
              role="alert"
              className="rounded-card bg-paprika-500/10 p-3 text-sm text-paprika-700"
              data-testid="checkout-refusal"
            >
              {refusal}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={!canPlace}
            aria-busy={placing || undefined}
            className={buttonClasses('primary', 'lg', 'w-full justify-center')}
            data-testid="checkout-place"
          >
            {placing ? t('summary.placing') : t('summary.place')}
          </button>
        </aside>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('confirm.title')}
        description={confirmText}
        confirmLabel={t('confirm.confirm')}
        onConfirm={() => {
          const body = confirming;
          setConfirming(null);
          if (body) void placeConfirmed(body);
        }}
      />
    </>
  );
}
