import type { TReview, TReviewListResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { nextReviewsPage } from './reviews';

const review = (n: number): TReview => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  rating: 5,
  review_message: '',
  created_at: '2026-01-01T00:00:00.000Z',
  client_name: 'A',
});
const page = (count: number, from: number, size: number): TReviewListResponse => ({
  count,
  reviews: Array.from({ length: size }, (_, i) => review(from + i)),
});

describe('nextReviewsPage', () => {
  it('asks for the next page while reviews remain', () => {
    expect(nextReviewsPage([page(12, 0, 5)])).toBe(2);
    expect(nextReviewsPage([page(12, 0, 5), page(12, 5, 5)])).toBe(3);
  });

  it('stops when all are loaded', () => {
    expect(nextReviewsPage([page(5, 0, 5)])).toBeUndefined();
    expect(nextReviewsPage([page(0, 0, 0)])).toBeUndefined();
  });

  it('stops on an empty page even if the count says more (reviews removed meanwhile)', () => {
    expect(nextReviewsPage([page(12, 0, 5), page(12, 5, 0)])).toBeUndefined();
  });
});
