'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/lib/config-provider';
import { useAuthStore } from '@/lib/stores/auth';
import { fetchReviewEligibility, reviewEligibilityQueryKey } from '../lib/orders-api';
import { ReviewDialog } from './review-dialog';

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
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: reviewEligibilityQueryKey(customerId ?? '', productId),
    queryFn: ({ signal }) => fetchReviewEligibility(api, productId, signal),
    enabled: customerId !== null,
    staleTime: 0,
  });

  if (customerId === null) return <span data-testid="rate-prompt">{t('signInToRate')}</span>;
  if (query.isPending) return <span className="text-muted">{t('reviewForm.checking')}</span>;
  // A failed check (after the client's retries) says what rating takes rather than nothing.
  if (query.isError || query.data.reason === 'not_ordered') {
    return <span data-testid="rate-prompt">{t('orderToRate')}</span>;
  }
  if (!query.data.can_review || query.data.order_id === null) {
    return <span data-testid="rate-prompt">{t('reviewForm.alreadyGave')}</span>;
  }
  const orderId = query.data.order_id;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="font-semibold text-brand-700 underline underline-offset-2"
        data-testid="rate-dish"
      >
        {t('reviewForm.rateDish')}
      </button>
      <ReviewDialog
        target={open ? { productId, orderId, name: productName ?? null } : null}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
