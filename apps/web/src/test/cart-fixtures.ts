import type { NewCartItem } from '@app/domain';

/** A text in the three locales (tests). */
export const text = (s: string) => ({ ru: s, uz: s, en: s });

/** A simple product to add to the cart (tests): its id doubles as its slug and name. */
export const cartItem = (id: string, price = 10_000, extra: Partial<NewCartItem> = {}): NewCartItem => ({
  product_id: id,
  type: 'simple',
  variants: [],
  order_modifiers: [],
  price,
  default_product: false,
  product_name: text(id),
  image_url: null,
  slug: id,
  comment: '',
  ...extra,
});
