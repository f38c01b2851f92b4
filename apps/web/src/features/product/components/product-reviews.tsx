'use client';

import type { TReviewListResponse } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { offButtonProps } from '@/components/ui/button';
import { useShowMoreFocus } from '@/components/ui/use-show-more-focus';
import { useOpenLogin } from '@/features/auth';
// The module, not the orders feature's index (which brings the order pages along).
import { ProductRateAction } from '@/features/orders';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { withLoginParam } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { nextReviewsPage, REVIEWS_PAGE_SIZE } from '../lib/reviews';
import { Stars } from './stars';

/** Reviews, newest first, a few at a time; the first page comes with the server HTML. */
function ProductReviewsContent({
  productId,
  initial,
  headingLevel,
}: {
  productId: string;
  initial: TReviewListResponse;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useTranslations('common.product');
  const format = useFormatter();
  const api = useApi();
  const signedIn = useAuthStore((s) => s.user !== null);
  const openLogin = useOpenLogin();
  // This product's own address (the page, or the dialog's URL over the menu): where signing in returns.
  const productPath = usePathname();

  const query = useInfiniteQuery({
    queryKey: ['user-reviews', productId],
    queryFn: ({ pageParam, signal }) =>
      api.get('/v1/user_reviews', {
        schema: contract('ZReviewListResponse'),
        query: {
          related_subject: 'product',
          product_id: productId,
          page: pageParam,
          limit: REVIEWS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextReviewsPage(pages),
    initialData: { pages: [initial], pageParams: [1] },
  });

  const reviews = query.data.pages.flatMap((p) => p.reviews);
  const total = query.data.pages.at(-1)?.count ?? 0;
  const { list, showMore } = useShowMoreFocus<HTMLUListElement>(reviews.length, query.dataUpdatedAt);

  return (
    <section
      aria-labelledby={`reviews-${productId}`}
      className="flex flex-col gap-3"
      data-testid="product-reviews"
    >
      <Heading id={`reviews-${productId}`} className="text-lg font-bold">
        {t('reviews')} <span className="font-normal text-muted">({format.number(total)})</span>
      </Heading>
      {/* A signed-in customer rates a dish of a delivered order here (issue 5); others are told what it takes. */}
      <p className="rounded-card bg-brand-50 p-3 text-sm">
        {signedIn ? (
          <ProductRateAction productId={productId} />
        ) : (
          <a
            href={withLoginParam(productPath, '', productPath)}
            onClick={(event) => {
              event.preventDefault();
              openLogin({ next: productPath });
            }}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {t('signInToRate')}
          </a>
        )}
      </p>
      {reviews.length === 0 ? (
        <p className="text-muted">{t('noReviews')}</p>
      ) : (
        <ul ref={list} className="flex flex-col gap-3">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-card p-3 ring-1 ring-line">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{r.client_name}</span>
                <time dateTime={r.created_at} className="text-sm text-muted">
                  {format.dateTime(new Date(r.created_at), { dateStyle: 'medium' })}
                </time>
              </div>
              <Stars rating={r.rating} label={t('ratedOf', { rating: r.rating })} />
              {r.review_message && <p className="mt-1 whitespace-pre-line">{r.review_message}</p>}
            </li>
          ))}
        </ul>
      )}
      {query.isError && (
        <p role="alert" className="text-paprika-600">
          {t('reviewsError')}
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          {...offButtonProps(query.isFetchingNextPage, () => void showMore(() => query.fetchNextPage()))}
          className="self-start rounded-full bg-white px-5 py-2.5 font-semibold ring-1 ring-line hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:bg-white aria-disabled:text-muted"
          data-testid="reviews-more"
        >
          {query.isFetchingNextPage ? t('loading') : t('showMore')}
        </button>
      )}
    </section>
  );
}

/** Fetches through the shared query cache, which loads with this component rather than with every page. */
export function ProductReviews(props: Parameters<typeof ProductReviewsContent>[0]) {
  return (
    <QueryProvider>
      <ProductReviewsContent {...props} />
    </QueryProvider>
  );
}
