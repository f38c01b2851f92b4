'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { apiErrorMessage } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { useCheckoutStore } from '@/lib/stores/checkout';
import { PROMO_FIELD, quotedPromoCode } from '../lib/quote';
import {
  fetchOrderQuote,
  seedOrderQuote,
  type TOrderQuoteState,
  type TQuoteRequest,
} from './use-checkout-quote';

/** The applied promo code (the session's checkout store), which the order's body carries; null: none. */
export const useAppliedPromoCode = (): string | null => useCheckoutStore((s) => s.promo_code) || null;

export type TPromoCode = {
  /** The code the quote applies, kept in the session's checkout store; null: none. */
  applied: string | null;
  /** Why the last code tried was refused, or why the applied one stopped applying. */
  error: string | null;
  /** Resolves with the refusal's message, or null when the code applies (and is stored). */
  apply: (code: string) => Promise<string | null>;
  remove: () => void;
};

/**
 * The promo code (spec: 'promo code can be applied'): Apply asks the server's quote of the order with
 * the code, which says whether it applies; an applied code that stops applying (another payment type,
 * a new hour) is dropped, and the page says why.
 */
export function usePromoCode({
  request,
  quote,
}: {
  request: TQuoteRequest | null;
  quote: TOrderQuoteState;
}): TPromoCode {
  const t = useTranslations('order.checkout');
  const api = useApi();
  const queryClient = useQueryClient();
  const applied = useAppliedPromoCode();
  const [error, setError] = useState<string | null>(null);

  // The quote of the order as it stands refuses the applied code: its message is kept to show (the
  // next quote, without the code, no longer carries it), and the code leaves the store.
  const refusal =
    applied && quote.status === 'ready' && quote.current
      ? (quote.quote.errors.find((e) => e.field === PROMO_FIELD)?.message ?? null)
      : null;
  const [seenRefusal, setSeenRefusal] = useState<string | null>(null);
  if (refusal !== seenRefusal) {
    setSeenRefusal(refusal);
    if (refusal) setError(refusal);
  }
  useEffect(() => {
    if (refusal) useCheckoutStore.getState().setFields({ promo_code: '' });
  }, [refusal]);

  const apply = async (code: string): Promise<string | null> => {
    setError(null);
    if (!request) return t('summary.failed');
    const tried = { ...request, body: { ...request.body, promo_code: code } };
    try {
      const answer = await fetchOrderQuote(queryClient, api, tried);
      const refused = answer.quote.errors.find((e) => e.field === PROMO_FIELD);
      if (refused) return refused.message;
      // Kept as the chain wrote it ('welcome' typed, 'WELCOME' shown); the API reads either.
      const canonical = quotedPromoCode(answer.quote) ?? code;
      seedOrderQuote(queryClient, { ...tried.body, promo_code: canonical }, answer);
      useCheckoutStore.getState().setFields({ promo_code: canonical });
      return null;
    } catch (failure) {
      return apiErrorMessage(failure, t('summary.failed'));
    }
  };

  const remove = () => {
    setError(null);
    useCheckoutStore.getState().setFields({ promo_code: '' });
  };

  return { applied, error, apply, remove };
}
