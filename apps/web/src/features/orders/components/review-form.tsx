'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage, isApiFailure } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { postReview, REVIEW_ELIGIBILITY_KEY } from '../lib/orders-api';

type TReviewValues = { rating: string; review_message: string };

const RATINGS = [1, 2, 3, 4, 5] as const;
const MAX_TEXT = 1000;

/**
 * A rating 1-5 and an optional text for one dish of one delivered order (POST /v1/user_reviews).
 * Loaded on demand, when the customer opens the rating dialog. On success the order (its line's
 * can_review), the product's reviews and the product page's "may I rate" answer are read again.
 */
export default function ReviewForm({
  productId,
  orderId,
  onDone,
}: {
  productId: string;
  orderId: string;
  onDone: () => void;
}) {
  const t = useTranslations('common.product.reviewForm');
  const api = useApi();
  const queryClient = useQueryClient();
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<TReviewValues>({
    defaultValues: { rating: '', review_message: '' },
  });
  const chosen = Number(watch('rating')) || 0;

  /** What may be rated, read again: after a review, or a refusal saying the page was behind. */
  const readAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['order', orderId] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['user-reviews', productId] }),
      queryClient.invalidateQueries({ queryKey: REVIEW_ELIGIBILITY_KEY }),
    ]);

  async function submit(values: TReviewValues) {
    setFailure(null);
    try {
      await postReview(api, {
        product_id: productId,
        order_id: orderId,
        rating: Number(values.rating),
        review_message: values.review_message.trim(),
      });
    } catch (error) {
      // 'You have already gave feedback' and the other refusals come as the API's message.
      setFailure(apiErrorMessage(error, t('error')));
      // Already rated (another tab, the product page) or no longer ratable: the page's 'Rate' was
      // behind, so what may be rated is read again and the button shows the truth.
      if (isApiFailure(error) && (error.status === 409 || error.status === 422)) await readAgain();
      return;
    }
    notify('success', t('submitted'));
    await readAgain();
    onDone();
  }

  const ratingError = formState.errors.rating ? `${formId}-rating-error` : undefined;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="flex flex-col gap-4"
      data-testid="review-form"
    >
      <fieldset aria-describedby={ratingError}>
        <legend className="mb-2 font-semibold">{t('rating')}</legend>
        <div className="flex gap-1">
          {RATINGS.map((value) => (
            <label key={value} className="relative inline-flex h-11 w-11">
              {/* The radio itself covers its star: a tap or click lands on it, the keyboard moves between them. */}
              <input
                type="radio"
                value={String(value)}
                {...register('rating', { required: true })}
                aria-label={t('stars', { count: value })}
                className="peer absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'pointer-events-none inline-flex h-11 w-11 items-center justify-center rounded-full text-3xl leading-none',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
                  value <= chosen ? 'text-brand-600' : 'text-line',
                )}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        {formState.errors.rating && (
          <p id={ratingError} className="mt-1 text-sm text-paprika-600">
            {t('chooseRating')}
          </p>
        )}
      </fieldset>
      <label className="block">
        <span className="font-semibold">
          {t('text')} <span className="font-normal text-muted">({t('optional')})</span>
        </span>
        <textarea
          {...register('review_message', { maxLength: MAX_TEXT })}
          maxLength={MAX_TEXT}
          rows={4}
          className="mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2.5 text-base focus:border-brand-600"
        />
      </label>
      {failure && (
        <p
          role="alert"
          className="rounded-card bg-paprika-500/10 p-3 text-paprika-700"
          data-testid="review-error"
        >
          {failure}
        </p>
      )}
      <Button type="submit" className="justify-center" busy={formState.isSubmitting}>
        {formState.isSubmitting ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
