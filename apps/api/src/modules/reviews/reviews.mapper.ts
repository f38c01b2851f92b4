import type { TReview } from '@app/contracts';
import type { ReviewRow } from '../../db/schema/index.ts';

export function toReview(row: ReviewRow): TReview {
  return {
    id: row.id,
    rating: row.rating,
    review_message: row.message,
    created_at: row.createdAt.toISOString(),
    client_name: row.clientName,
  };
}
