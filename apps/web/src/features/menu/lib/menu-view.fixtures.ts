import type { MenuCard } from './menu-view';

/**
 * A menu card as the page's view holds it (tests): product `n` (its id a UUID ending in 10n), in
 * stock, added straight to the cart, no picture or tags; `extra` sets what a test is about.
 */
export const menuCard = (n: number, slug: string, extra: Partial<MenuCard> = {}): MenuCard => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  slug,
  name: `${slug} name`,
  description: `${slug} desc`,
  price: 42_000,
  weight: 300,
  rating: 4.4,
  popularity: 980,
  image: null,
  tags: [],
  inStop: false,
  quickAdd: true,
  ...extra,
});
