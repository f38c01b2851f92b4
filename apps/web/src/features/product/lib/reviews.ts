import type { TReviewListResponse } from '@app/contracts';

/** Small pages: a dish page stays short, and "show more" is one tap away. */
export const REVIEWS_PAGE_SIZE = 3;

/** The next page to ask for, or undefined when every review is loaded ('show more' disappears). */
export function nextReviewsPage(pages: readonly TReviewListResponse[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.reviews.length, 0);
  const total = pages.at(-1)?.count ?? 0;
  const lastWasEmpty = (pages.at(-1)?.reviews.length ?? 0) === 0;
  return loaded < total && !lastWasEmpty ? pages.length + 1 : undefined;
}
