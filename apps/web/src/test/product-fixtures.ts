import type { TMenuProduct, TProductDetail } from '@app/contracts';
import { text } from './cart-fixtures';

/**
 * A product as `GET /v2/product/{slug}` answers it (tests): a simple product with no picture, no
 * modifiers, sizes or combo groups, nothing rated; `over` sets what a test is about.
 */
export const productDetail = (over: Partial<TProductDetail> = {}): TProductDetail => {
  const { in_stop: _listedOnly, ...summary } = menuProduct();
  return {
    ...summary,
    fats: 0,
    proteins: 0,
    carbohydrates: 0,
    ingredients: text(''),
    allergens: text(''),
    active_in_menu: true,
    variants: [],
    combo_groups: [],
    ...over,
  };
};

/**
 * A product as `GET /v2/menu-products` lists it (tests): a simple dish with no picture, nothing
 * rated, not stopped; `over` sets what a test is about.
 */
export const menuProduct = (over: Partial<TMenuProduct> = {}): TMenuProduct => ({
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'p',
  title: text('P'),
  description: text(''),
  out_price: 30_000,
  type: 'simple',
  has_modifier: false,
  image: null,
  tags: [],
  categories: [],
  rating: 0,
  reviews_count: 0,
  weight: 0,
  energy: 0,
  cooking_time: 0,
  popularity: 0,
  in_stop: false,
  ...over,
});
