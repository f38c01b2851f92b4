// @vitest-environment jsdom
import { COOKIE_NAMES } from '@app/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '@/lib/cookies';
import { useCommonStore } from '@/lib/stores/common';
import { mockApi, renderInApp } from '@/test/app';
import { SearchOverlay } from './search-overlay';
import { SearchPlace } from './search-place';

vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'));

const SAMARKAND_MENU = '00000000-0000-4000-8000-0000000005a1';
const BRANCH_MENU = '00000000-0000-4000-8000-0000000007b1';

const OSH = {
  id: '00000000-0000-4000-8000-000000000d01',
  slug: 'osh',
  title: { ru: 'Ош', uz: 'Osh', en: 'Plov' },
  out_price: 42000,
  image: null,
};

function searchApi() {
  return mockApi().on('GET', '/v2/product', () => ({ body: { count: 1, products: [OSH] } }));
}

afterEach(() => {
  useCommonStore.getState().setSearchedProduct('');
  writeCookie(COOKIE_NAMES.menuId, null);
});

describe('the header search on a city page', () => {
  it("searches the city's menu and links the results to the product in that city", async () => {
    // An anonymous visitor chose nothing; a Tashkent branch's cookie would not matter either.
    writeCookie(COOKIE_NAMES.menuId, BRANCH_MENU);
    const api = searchApi();
    renderInApp(
      <>
        <SearchPlace menuId={SAMARKAND_MENU} citySlug="samarkand" />
        <SearchOverlay open onOpenChange={() => {}} />
      </>,
    );
    await userEvent.type(screen.getByTestId('search-input'), 'ош');

    const result = await screen.findByTestId('search-result');
    expect(result).toHaveAttribute('href', '/product/osh?city=samarkand');
    const calls = api.callsTo('GET', '/v2/product');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.query.get('menu_id') === SAMARKAND_MENU)).toBe(true);
  });

  it("keeps the chosen branch's menu and plain links where the page shows no menu", async () => {
    writeCookie(COOKIE_NAMES.menuId, BRANCH_MENU);
    const api = searchApi();
    renderInApp(<SearchOverlay open onOpenChange={() => {}} />);
    await userEvent.type(screen.getByTestId('search-input'), 'osh');

    expect(await screen.findByTestId('search-result')).toHaveAttribute('href', '/product/osh');
    expect(api.callsTo('GET', '/v2/product').at(-1)?.query.get('menu_id')).toBe(BRANCH_MENU);
  });

  it("forgets the city's menu when the page that showed it goes", async () => {
    writeCookie(COOKIE_NAMES.menuId, BRANCH_MENU);
    const api = searchApi();
    const { rerender } = renderInApp(
      <>
        <SearchPlace menuId={SAMARKAND_MENU} citySlug="samarkand" />
        <SearchOverlay open onOpenChange={() => {}} />
      </>,
    );
    rerender(
      <>
        {null}
        <SearchOverlay open onOpenChange={() => {}} />
      </>,
    );
    await userEvent.type(screen.getByTestId('search-input'), 'плов');

    expect(await screen.findByTestId('search-result')).toHaveAttribute('href', '/product/osh');
    expect(api.callsTo('GET', '/v2/product').at(-1)?.query.get('menu_id')).toBe(BRANCH_MENU);
  });

  it('asks nothing for punctuation only and says nothing was found', async () => {
    const api = searchApi();
    renderInApp(<SearchOverlay open onOpenChange={() => {}} />);
    await userEvent.type(screen.getByTestId('search-input'), '%');

    expect(await screen.findByText('По запросу «%» ничего не найдено')).toBeInTheDocument();
    expect(screen.queryByTestId('search-result')).toBeNull();
    expect(api.callsTo('GET', '/v2/product')).toEqual([]);
  });
});
