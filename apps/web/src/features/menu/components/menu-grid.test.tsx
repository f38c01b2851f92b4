// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, deferred, hydrateInApp, mockApi, renderInApp, type TApiReply } from '@/test/app';
import { cartItem } from '@/test/cart-fixtures';
import { productDetail } from '@/test/product-fixtures';
import type { MenuCard, MenuView } from '../lib/menu-view';
import { menuCard } from '../lib/menu-view.fixtures';
import { toMenuWire } from '../lib/menu-wire';
import { MenuFilterProvider, useMenuFilterState } from './menu-filter';
import { MenuGrid } from './menu-grid';

const router = vi.hoisted(() => ({ prefetch: vi.fn(), push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/navigation')>()),
  useRouter: () => router,
}));
const toasts = vi.hoisted(() => ({ notify: vi.fn() }));
vi.mock('@/components/ui/toasts', () => toasts);

const MENU_ID = '00000000-0000-4000-8000-0000000000c1';
const id = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;

const VIEW: MenuView = {
  tags: [{ slug: 'hit', title: 'Хит' }],
  categories: [
    { slug: 'plov', title: 'Плов', items: [0, 1] },
    { slug: 'drinks', title: 'Напитки', items: [2, 3] },
  ],
  products: [
    menuCard(1, 'osh', { tags: ['hit', 'gone'] }),
    menuCard(2, 'kazan', { quickAdd: false, weight: 1_630 }),
    menuCard(3, 'choy', { inStop: true, quickAdd: false, weight: 0 }),
    menuCard(4, 'non'),
  ],
};

/** GET /v2/product/osh as the API answers it: the names in every locale, for the cart line. */
const oshDetail = (): TApiReply => ({
  body: productDetail({
    id: id(1),
    slug: 'osh',
    title: { ru: 'Ош', uz: 'Osh', en: 'Osh' },
    out_price: 42_000,
  }),
});

function renderGrid(citySlug: string | null = null) {
  return renderInApp(
    <MenuFilterProvider wire={toMenuWire(VIEW)} locale="ru" menuId={MENU_ID} citySlug={citySlug}>
      <MenuGrid />
    </MenuFilterProvider>,
  );
}

const cardOf = (slug: string) => {
  const found = document.querySelector<HTMLElement>(`[data-product-slug="${slug}"]`);
  if (!found) throw new Error(`no card ${slug}`);
  return within(found);
};

/** The cart store's lines. */
async function storedCartLines(): Promise<{ product_id: string; quantity: number }[]> {
  const { cartStore } = await import('@/features/cart');
  return cartStore.getState().lines;
}

beforeEach(() => {
  router.prefetch.mockClear();
  router.push.mockClear();
  toasts.notify.mockClear();
});

describe('the menu grid: cards without hooks, their links and buttons handled by the grid (issue 11)', () => {
  it('renders every card with its link, price, weight, known tags and its button', () => {
    renderGrid();
    const osh = cardOf('osh');
    expect(osh.getByRole('link', { name: 'osh name' })).toHaveAttribute('href', '/product/osh');
    expect(osh.getByText('Хит')).toBeInTheDocument();
    // A tag the menu does not list is left out rather than shown empty.
    expect(osh.getAllByRole('listitem')).toHaveLength(1);
    // The card's tags are the dish's labels, not the menu's tag filter (which has its own legend).
    expect(osh.getByRole('list', { name: 'Метки' })).toContainElement(osh.getByText('Хит'));
    expect(screen.queryByRole('list', { name: 'Фильтр по меткам' })).toBeNull();
    expect(osh.getByText(/42\s000/)).toBeInTheDocument();
    // Weights in the locale's own digits: grouped in thousands ('1 630 г', not '1630 г').
    expect(osh.getByText('300 г')).toBeInTheDocument();
    expect(cardOf('kazan').getByText(/^1\s630 г$/)).toBeInTheDocument();
    expect(osh.getByTestId('add-to-cart')).toBeEnabled();
    expect(osh.getByTestId('add-to-cart')).not.toHaveAttribute('aria-disabled');
    expect(osh.getByTestId('in-cart')).toHaveAttribute('data-count', '0');
    expect(cardOf('kazan').getByTestId('choose-options')).toHaveAttribute('href', '/product/kazan');
    expect(cardOf('choy').getByTestId('product-unavailable')).toBeDisabled();
    // A stopped product says nothing of the cart.
    expect(cardOf('choy').queryByTestId('in-cart')).toBeNull();
  });

  it("links to another city's product with its city", () => {
    renderGrid('samarkand');
    expect(cardOf('osh').getByRole('link', { name: 'osh name' })).toHaveAttribute(
      'href',
      '/product/osh?city=samarkand',
    );
  });

  it('opens a product inside the app, keeping the scroll; a modified click is left to the browser', () => {
    renderGrid();
    const link = cardOf('kazan').getByTestId('choose-options');
    expect(fireEvent.click(link)).toBe(false); // default prevented
    expect(router.push).toHaveBeenCalledWith('/product/kazan', { scroll: false });
    router.push.mockClear();
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(router.push).not.toHaveBeenCalled();
    // A click on the card outside its link and button does nothing.
    fireEvent.click(cardOf('kazan').getByText('kazan desc'));
    expect(router.push).not.toHaveBeenCalled();
  });

  it('prefetches a product page once, when the customer reaches for its link', () => {
    renderGrid();
    const kazan = cardOf('kazan');
    expect(router.prefetch).not.toHaveBeenCalled();
    fireEvent.pointerOver(kazan.getByRole('link', { name: 'kazan name' }));
    expect(router.prefetch).toHaveBeenCalledWith('/product/kazan');
    // The same page through its other link, by focus or touch: not again.
    fireEvent.focus(kazan.getByTestId('choose-options'));
    fireEvent.touchStart(kazan.getByTestId('choose-options'));
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    fireEvent.focus(cardOf('osh').getByRole('link', { name: 'osh name' }));
    expect(router.prefetch).toHaveBeenLastCalledWith('/product/osh');
  });

  it("adds a product with its names in every locale, disables its button meanwhile, and the card shows the cart's count", async () => {
    const answer = deferred<TApiReply>();
    const api = mockApi()
      .on('GET', '/v2/product/osh', () => answer.promise)
      .on('GET', '/v3/auto-add-product', () => ({ body: { products: [] } }));
    renderGrid();
    const { rehydrateAllStores } = await import('@/lib/stores/persist');
    await act(() => rehydrateAllStores());
    const osh = cardOf('osh');
    const button = osh.getByRole('button', { name: /osh name/ });
    // Reaching for the button asks for the product's names before the press.
    fireEvent.pointerOver(button);
    await waitFor(() => expect(api.callsTo('GET', '/v2/product/osh')).toHaveLength(1));
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    // A second press while the first is under way adds nothing more.
    fireEvent.click(button);
    answer.resolve(oshDetail());
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(await storedCartLines()).toMatchObject([
      { product_id: id(1), quantity: 1, price: 42_000, product_name: { ru: 'Ош', uz: 'Osh', en: 'Osh' } },
    ]);
    expect(api.callsTo('GET', '/v2/product/osh')).toHaveLength(1);
    expect(toasts.notify).toHaveBeenCalledWith('success', expect.stringContaining('osh name'));
    await waitFor(() => expect(osh.getByTestId('in-cart')).toHaveAttribute('data-count', '1'));
    expect(osh.getByTestId('in-cart')).toHaveTextContent(/1/);
    expect(cardOf('kazan').getByTestId('in-cart')).toHaveAttribute('data-count', '0');
    fireEvent.click(button);
    await waitFor(() => expect(osh.getByTestId('in-cart')).toHaveAttribute('data-count', '2'));
  });

  it('says why an add failed, adds nothing and gives the button back', async () => {
    // Another product than the test above: the names of a product are asked for once per page.
    const api = mockApi().on('GET', '/v2/product/non', () => apiError(404, 'NOT_FOUND', 'Товар не найден'));
    renderGrid();
    const button = cardOf('non').getByTestId('add-to-cart');
    fireEvent.click(button);
    await waitFor(() => expect(toasts.notify).toHaveBeenCalledWith('error', 'Товар не найден'));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(cardOf('non').getByTestId('in-cart')).toHaveAttribute('data-count', '0');
    expect((await storedCartLines()).some((line) => line.product_id === id(4))).toBe(false);
    // A failed answer is not remembered: the next press asks again.
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo('GET', '/v2/product/non')).toHaveLength(2));
  });

  it('says so when the line holds the most one order takes (99), and adds nothing more', async () => {
    mockApi()
      .on('GET', '/v2/product/osh', () => oshDetail())
      .on('GET', '/v3/auto-add-product', () => ({ body: { products: [] } }));
    renderGrid();
    const { rehydrateAllStores } = await import('@/lib/stores/persist');
    await act(() => rehydrateAllStores());
    const { cartStore } = await import('@/features/cart');
    act(() => {
      cartStore.getState().clear();
      cartStore.getState().add(cartItem(id(1), 42_000, { quantity: 99 }));
    });
    fireEvent.click(cardOf('osh').getByRole('button', { name: /osh name/ }));
    await waitFor(() =>
      expect(toasts.notify).toHaveBeenCalledWith('error', 'osh name: в одном заказе не больше 99 шт.'),
    );
    expect(toasts.notify).not.toHaveBeenCalledWith('success', expect.anything());
    expect((await storedCartLines()).map((line) => line.quantity)).toEqual([99]);
  });
});

/** The filter's and sort's switches, as the menu's controls use them. */
function FilterSwitches() {
  const { toggleTag, setSort } = useMenuFilterState();
  return (
    <>
      <button type="button" onClick={() => toggleTag('hit')}>
        only hits
      </button>
      <button type="button" onClick={() => setSort('price-asc')}>
        cheapest first
      </button>
    </>
  );
}

function gridOf(view: MenuView) {
  return (
    <MenuFilterProvider wire={toMenuWire(view)} locale="ru" menuId={MENU_ID} citySlug={null}>
      <FilterSwitches />
      <MenuGrid />
    </MenuFilterProvider>
  );
}

/** Whether React hydrated or rendered a DOM node (it keeps its fiber on the node). */
const reactOwns = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));

const articleOf = (slug: string) => {
  const found = document.querySelector(`article[data-product-slug="${slug}"]`);
  if (!found) throw new Error(`no card ${slug}`);
  return found;
};

describe("hydration keeps the server's cards instead of hydrating them (issue 11)", () => {
  beforeEach(async () => {
    const { cartStore } = await import('@/features/cart');
    cartStore.setState({ lines: [] });
  });

  it("claims each card's item but nothing inside, and changes none of the markup", () => {
    const errors = vi.spyOn(console, 'error');
    const { container, serverHtml } = hydrateInApp(gridOf(VIEW));
    const articles = [...container.querySelectorAll('article')];
    expect(articles).toHaveLength(4);
    for (const article of articles) {
      expect(reactOwns(article)).toBe(false);
      expect(reactOwns(article.parentElement as Element)).toBe(true);
      expect(article.querySelectorAll('*').length).toBeGreaterThan(5);
    }
    // The section and its heading are React's as before.
    expect(reactOwns(container.querySelector('section') as Element)).toBe(true);
    expect(container.innerHTML).toBe(serverHtml);
    // No hydration mismatch was reported (React reports one through console.error in tests).
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("adds from a kept card, disables its button meanwhile and writes the cart's count into it", async () => {
    const answer = deferred<TApiReply>();
    mockApi()
      .on('GET', '/v2/product/osh', () => answer.promise)
      .on('GET', '/v3/auto-add-product', () => ({ body: { products: [] } }));
    const { cartStore } = await import('@/features/cart');
    hydrateInApp(gridOf(VIEW));
    const osh = articleOf('osh');
    const button = within(osh as HTMLElement).getByTestId('add-to-cart');
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    answer.resolve(oshDetail());
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    const note = within(osh as HTMLElement).getByTestId('in-cart');
    await waitFor(() => expect(note).toHaveAttribute('data-count', '1'));
    expect(note).toHaveTextContent('В корзине: 1');
    // Still the server's card, written into rather than rendered again.
    expect(articleOf('osh')).toBe(osh);
    expect(reactOwns(osh)).toBe(false);
    // Emptied again, the note says nothing.
    act(() => cartStore.setState({ lines: [] }));
    expect(note).toHaveAttribute('data-count', '0');
    expect(note).toBeEmptyDOMElement();
  });

  it("opens a kept card's product inside the app", () => {
    hydrateInApp(gridOf(VIEW));
    fireEvent.click(within(articleOf('kazan') as HTMLElement).getByTestId('choose-options'));
    expect(router.push).toHaveBeenCalledWith('/product/kazan', { scroll: false });
  });

  it("filters and sorts kept cards: their items stay React's", () => {
    hydrateInApp(gridOf(VIEW));
    const item = (slug: string) => articleOf(slug).parentElement as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: 'only hits' }));
    expect(item('osh')).toBeVisible();
    expect(item('kazan')).not.toBeVisible();
    const drinks = document.getElementById('drinks') as HTMLElement;
    expect(drinks).not.toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'cheapest first' }));
    expect(item('osh').style.order).not.toBe('');
  });

  it('renders a card again once its product changes (the live stop list), and keeps the others', async () => {
    const { cartStore } = await import('@/features/cart');
    const { rerender } = hydrateInApp(gridOf(VIEW));
    act(() => {
      cartStore.getState().add(cartItem(id(4), 42_000, { slug: 'non' }));
      cartStore.getState().add(cartItem(id(4), 42_000, { slug: 'non' }));
    });
    const [osh, kazan, non] = [articleOf('osh'), articleOf('kazan'), articleOf('non')];
    expect(within(non as HTMLElement).getByTestId('in-cart')).toHaveAttribute('data-count', '2');
    const [first, second, drink, bread] = VIEW.products as [MenuCard, MenuCard, MenuCard, MenuCard];
    rerender(
      gridOf({
        ...VIEW,
        products: [{ ...first, inStop: true }, { ...second }, drink, { ...bread, price: 45_000 }],
      }),
    );
    // Stopped: rendered by React, with its 'Unavailable' button.
    expect(articleOf('osh')).not.toBe(osh);
    expect(reactOwns(articleOf('osh'))).toBe(true);
    expect(within(articleOf('osh') as HTMLElement).getByTestId('product-unavailable')).toBeDisabled();
    // A new price: rendered again, and the cart's count written into the new card before paint.
    expect(articleOf('non')).not.toBe(non);
    expect(within(articleOf('non') as HTMLElement).getByText(/45\s000/)).toBeInTheDocument();
    expect(within(articleOf('non') as HTMLElement).getByTestId('in-cart')).toHaveAttribute('data-count', '2');
    // The same product (a new object with the same fields): still the server's card.
    expect(articleOf('kazan')).toBe(kazan);
  });

  it('shows a card again, whole, once its product is as the server rendered it (a stop lifted, back on the menu)', () => {
    const { rerender } = hydrateInApp(gridOf(VIEW));
    const [first, second, drink, bread] = VIEW.products as [MenuCard, MenuCard, MenuCard, MenuCard];
    // osh stopped, non taken off the menu: the live stop list renders the page again.
    rerender(gridOf({ ...VIEW, products: [{ ...first, inStop: true }, second, drink, bread] }));
    rerender(
      gridOf({
        ...VIEW,
        categories: [
          { slug: 'plov', title: 'Плов', items: [0, 1] },
          { slug: 'drinks', title: 'Напитки', items: [2] },
        ],
        products: [{ ...first, inStop: true }, second, drink],
      }),
    );
    expect(within(articleOf('osh') as HTMLElement).getByTestId('product-unavailable')).toBeDisabled();
    expect(document.querySelector('article[data-product-slug="non"]')).toBeNull();
    // Both as the server rendered them again: their server markup is gone, so React renders them.
    rerender(gridOf({ ...VIEW, products: [{ ...first }, second, drink, { ...bread }] }));
    for (const slug of ['osh', 'non']) {
      const card = articleOf(slug) as HTMLElement;
      expect(reactOwns(card), slug).toBe(true);
      expect(within(card).getByRole('link', { name: `${slug} name` })).toBeInTheDocument();
      expect(within(card).getByTestId('add-to-cart')).toBeEnabled();
    }
    // A card that never changed is still the server's.
    expect(reactOwns(articleOf('kazan'))).toBe(false);
  });
});
