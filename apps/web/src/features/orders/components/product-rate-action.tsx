'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { type ReactNode, useRef, useState } from 'react';
import { useApi } from '@/lib/config-provider';
import { useAuthStore } from '@/lib/stores/auth';
import { fetchReviewEligibility, reviewEligibilityQueryKey } from '../lib/orders-api';
import { ReviewDialog, type TReviewTarget } from './review-dialog';

/**
 * The product page's way to rate a dish, answered by one call (GET /v1/user_reviews/eligibility):
 * 'Rate the dish' (the form names the newest delivered order holding it) when the customer may,
 * 'You have already gave feedback' once rated, 'Place an order to rate the dish' when no delivered
 * order of theirs has it. Anonymous visitors are asked to sign in (the reviews list links the login
 * dialog; this says the same if it is ever shown without a customer).
 */
export function ProductRateAction({ productId, productName }: { productId: string; productName?: string }) {
  const t = useTranslations('common.product');
  const api = useApi();
  const customerId = useAuthStore((s) => s.user?.id ?? null);
  const [target, setTarget] = useState<TReviewTarget | null>(null);
  // What replaces the button once the dish is rated ('You have already gave feedback'): the focus
  // goes there when the dialog closes, the button it was opened from being gone.
  const said = useRef<HTMLSpanElement>(null);
  const query = useQuery({
    queryKey: reviewEligibilityQueryKey(customerId ?? '', productId),
    queryFn: ({ signal }) => fetchReviewEligibility(api, productId, signal),
    enabled: customerId !== null,
    staleTime: 0,
  });

  let action: ReactNode;
  if (customerId === null) action = <span data-testid="rate-prompt">{t('signInToRate')}</span>;
  else if (query.isPending) action = <span className="text-muted">{t('reviewForm.checking')}</span>;
  // A failed check (after the client's retries) says what rating takes rather than nothing.
  else if (query.isError || query.data.reason === 'not_ordered') {
    action = <span data-testid="rate-prompt">{t('orderToRate')}</span>;
  } else if (!query.data.can_review || query.data.order_id === null) {
    action = (
      <span ref={said} tabIndex={-1} className="outline-none" data-testid="rate-prompt">
        {t('reviewForm.alreadyGave')}
      </span>
    );
  } else {
    const orderId = query.data.order_id;
    action = (
      <button
        type="button"
        onClick={() => setTarget({ productId, orderId, name: productName ?? null })}
        className="font-semibold text-brand-700 underline underline-offset-2"
        data-testid="rate-dish"
      >
        {t('reviewForm.rateDish')}
      </button>
    );
  }
  return (
    <>
      {action}
      {/* Mounted whatever the state: a review turns the button into a text while the dialog closes. */}
      <ReviewDialog target={target} onClose={() => setTarget(null)} fallbackFocus={() => said.current} />
    </>
  );
}
