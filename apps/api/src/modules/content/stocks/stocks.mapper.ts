import type { TStock } from '@app/contracts';
import type { StockRow } from '../../../db/schema/content.ts';

export function toStock(row: StockRow): TStock {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt ? row.endsAt.toISOString() : null,
    promo_code: row.promoCode,
  };
}
