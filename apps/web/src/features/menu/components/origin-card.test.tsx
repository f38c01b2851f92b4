// @vitest-environment jsdom
import type { TMenuProduct, TMenuProductsResponse } from '@app/contracts';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hydrateInApp, renderInApp } from '@/test/app';
import { text } from '@/test/cart-fixtures';
import { menuProduct } from '@/test/product-fixtures';
import { type MenuView, toMenuView } from '../lib/menu-view';
import { toMenuWire } from '../lib/menu-wire';
import { MenuFilterProvider } from './menu-filter';
import { MenuGrid } from './menu-grid';

/*
 * The card of an origin dish (one sold in sizes) from the menu the API answers: `in_stop` says that
 * nothing of it can be ordered at the branch, the dish itself stopped or every size its menu sells
 * (domain `menuDishStopped`); a dish whose menu sells none of its sizes is not in the answer at all
 * (domain `soldOnMenu`). The live stop list renders the page's server parts again (features/live-stop),
 * which hands the grid a new answer.
 */

vi.mock('next/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/navigation')>()),
  useRouter: () => ({ prefetch: vi.fn(), push: vi.fn(), replace: vi.fn() }),
}));

const MENU_ID = '00000000-0000-4000-8000-0000000000c1';

const dish = (n: number, slug: string, extra: Partial<TMenuProduct> = {}): TMenuProduct =>
  menuProduct({ id: `00000000-0000-4000-8000-00000000020${n}`, slug, title: text(`${slug} name`), ...extra });

/** The menu with margherita (origin) `pizza` beside a simple dish, as /v2/menu-products answers it. */
const menu = (pizza: Partial<TMenuProduct>): MenuView => {
  const answer: TMenuProductsResponse = {
    menu_id: MENU_ID,
    branch_id: '00000000-0000-4000-8000-0000000000b1',
    categories: [
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        slug: 'pizza',
        title: text('Pizza'),
        products: [dish(1, 'margherita', { type: 'origin', ...pizza }), dish(2, 'cola')],
      },
    ],
    tags: [],
  };
  return toMenuView(answer, 'ru');
};

const gridOf = (view: MenuView) => (
  <MenuFilterProvider wire={toMenuWire(view)} locale="ru" menuId={MENU_ID} citySlug={null}>
    <MenuGrid />
  </MenuFilterProvider>
);

const cardOf = (slug: string) => {
  const found = document.querySelector<HTMLElement>(`article[data-product-slug="${slug}"]`);
  if (!found) throw new Error(`no card ${slug}`);
  return found;
};

/** What the card offers: its button's state, and whether it speaks of the cart. */
function offer(slug: string) {
  const card = within(cardOf(slug));
  return {
    choose: card.queryByTestId('choose-options') !== null,
    add: card.queryByTestId('add-to-cart') !== null,
    unavailable: card.queryByTestId('product-unavailable') !== null,
    inCartNote: card.queryByTestId('in-cart') !== null,
  };
}

const CHOOSE = { choose: true, add: false, unavailable: false, inCartNote: true };
const UNAVAILABLE = { choose: false, add: false, unavailable: true, inCartNote: false };

describe('the menu card of an origin dish', () => {
  it('offers its sizes to choose while one can be ordered: never added straight from the card', () => {
    const view = menu({ in_stop: false });
    expect(view.products[0]).toMatchObject({ slug: 'margherita', inStop: false, quickAdd: false });
    renderInApp(gridOf(view));
    expect(offer('margherita')).toEqual(CHOOSE);
    expect(within(cardOf('margherita')).getByTestId('choose-options')).toHaveAttribute(
      'href',
      '/product/margherita',
    );
  });

  it("says 'Unavailable' when every size is stopped: no way in to choose from nothing", () => {
    const view = menu({ in_stop: true });
    expect(view.products[0]).toMatchObject({ inStop: true, quickAdd: false });
    renderInApp(gridOf(view));
    expect(offer('margherita')).toEqual(UNAVAILABLE);
    expect(within(cardOf('margherita')).getByTestId('product-unavailable')).toBeDisabled();
    // The simple dish beside it is not affected.
    expect(offer('cola')).toMatchObject({ add: true, unavailable: false });
  });

  it('keeps the stop through the flight payload the browser gets (the wire)', () => {
    const view = menu({ in_stop: true });
    const [pizza] = toMenuWire(view).products;
    expect(pizza?.[10]).toBe(1);
  });

  it("follows the live stop list: a server card turns 'Unavailable' and back as the page renders again", () => {
    const { rerender } = hydrateInApp(gridOf(menu({ in_stop: false })));
    const served = cardOf('margherita');
    expect(offer('margherita')).toEqual(CHOOSE);
    // The last size stopped: the page's server parts render again with the new answer.
    rerender(gridOf(menu({ in_stop: true })));
    expect(cardOf('margherita')).not.toBe(served);
    expect(offer('margherita')).toEqual(UNAVAILABLE);
    // A size back on.
    rerender(gridOf(menu({ in_stop: false })));
    expect(offer('margherita')).toEqual(CHOOSE);
  });

  it('is not on the menu when the menu sells none of its sizes: the answer leaves it out', () => {
    const view = toMenuView(
      {
        menu_id: MENU_ID,
        branch_id: null,
        categories: [
          { id: '00000000-0000-4000-8000-0000000000a1', slug: 'pizza', title: text('Pizza'), products: [] },
        ],
        tags: [],
      },
      'ru',
    );
    // No card and no empty category to tap.
    expect(view).toEqual({ tags: [], categories: [], products: [] });
  });
});
