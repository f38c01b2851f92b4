'use client';

import type { TCreateOrderRequest, TCreateOrderResponse } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { cartStore } from '@/features/cart';
import { useRouter } from '@/i18n/navigation';
import { apiErrorMessage, isApiFailure } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { useCheckoutStore } from '@/lib/stores/checkout';
import { useCommonStore } from '@/lib/stores/common';
import { placeOrder } from '../api/checkout-api';
import { attemptFor, keepsAttempt, loadAttempt, saveAttempt, type TOrderAttempt } from '../lib/idempotency';
import { leavePageFor } from '../lib/leave-page';

export type TPlaceOrder = {
  /** The order body waiting for the customer's confirmation; null when none is asked. */
  confirming: TCreateOrderRequest | null;
  /** The order is on its way to the API. */
  placing: boolean;
  /** The API's refusal of the last try (or the network's failure), shown above the button, not as a toast. */
  refusal: string | null;
  /** Asks the customer to confirm this body. */
  ask: (body: TCreateOrderRequest) => void;
  /** The confirmation was dismissed: nothing is placed. */
  cancel: () => void;
  /** The customer confirmed: the body is placed (once, however often this is called meanwhile). */
  confirm: () => void;
};

/**
 * Placing the order (spec section 4, 'Confirmation is asked before checkout'): the confirmation, then
 * POST /v2/ondemand-order under the attempt's Idempotency-Key (lib/idempotency.ts), so a retry after a
 * lost answer cannot create a second order. A placed order empties the cart, keeps the address
 * details for the next order and goes to the success screen; an online one (payme, click: the answer
 * carries its `payment_link`) goes to the provider's payment page instead, which sends the customer
 * back to the order's page.
 */
export function usePlaceOrder({ onPlaced }: { onPlaced: (online: boolean) => void }): TPlaceOrder {
  const t = useTranslations('order.checkout');
  const tOrder = useTranslations('order');
  const api = useApi();
  const router = useRouter();
  const [confirming, setConfirming] = useState<TCreateOrderRequest | null>(null);
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The open attempt: undefined until first needed, then read from sessionStorage once. */
  const attempt = useRef<TOrderAttempt | null | undefined>(undefined);
  /** Set from the press until the answer: a second press before the page re-renders sends nothing. */
  const inFlight = useRef(false);

  const keepAttempt = (next: TOrderAttempt | null) => {
    attempt.current = next;
    saveAttempt(next);
  };

  const placed = (created: TCreateOrderResponse) => {
    useCommonStore.getState().addOrderId(created.order_id);
    // The order's own choices go; the address details stay for the next order.
    useCheckoutStore
      .getState()
      .setFields({ comment: '', promo_code: '', change_from: null, future_time: null, is_preorder: false });
    onPlaced(created.payment_link !== undefined);
    cartStore.getState().clear();
    if (created.payment_link) {
      leavePageFor(created.payment_link);
      return;
    }
    notify('success', tOrder('orderCreated'));
    router.replace(paths.checkoutSuccess(created.order_id, created.external_order_id));
  };

  const place = async (body: TCreateOrderRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const current = attemptFor(attempt.current === undefined ? loadAttempt() : attempt.current, body);
    keepAttempt(current);
    setPlacing(true);
    try {
      const created = await placeOrder(api, body, current.key);
      keepAttempt(null);
      placed(created);
    } catch (error) {
      const status = isApiFailure(error) ? error.status : 0;
      if (!keepsAttempt(status)) keepAttempt(null);
      const message = status === 0 ? t('failed') : apiErrorMessage(error, t('failed'));
      // Said once, where it stays: above the button (CheckoutSummary shows it as an alert and
      // brings it into view). A toast as well would have screen readers hear it twice.
      setRefusal(message);
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  };

  return {
    confirming,
    placing,
    refusal,
    ask: (body) => {
      setRefusal(null);
      setConfirming(body);
    },
    cancel: () => setConfirming(null),
    confirm: () => {
      const body = confirming;
      setConfirming(null);
      if (body) void place(body);
    },
  };
}
