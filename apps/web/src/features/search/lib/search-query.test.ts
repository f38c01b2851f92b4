import { describe, expect, it } from 'vitest';
import {
  idFromCookie,
  searchMenuId,
  searchProductsQuery,
  searchResultHref,
  shouldSearch,
} from './search-query';

const MENU = '11111111-1111-4111-8111-111111111111';

describe('searchProductsQuery', () => {
  it('asks for page 1, 7 results of the three product types', () => {
    expect(searchProductsQuery('  osh ', MENU)).toEqual({
      search: 'osh',
      page: 1,
      limit: 7,
      product_types: ['simple', 'combo', 'origin'],
      fields: ['id', 'slug', 'title', 'out_price', 'image'],
      menu_id: MENU,
    });
  });

  it('cuts a query to what the API accepts', () => {
    expect(searchProductsQuery('a'.repeat(150), null).search).toHaveLength(100);
  });
});

describe('shouldSearch', () => {
  it('runs only while the overlay is open and something is typed', () => {
    expect(shouldSearch(true, 'osh')).toBe(true);
    expect(shouldSearch(false, 'osh')).toBe(false);
    expect(shouldSearch(true, '   ')).toBe(false);
  });

  it('does not search for punctuation only, which the API takes for no search (every dish)', () => {
    for (const text of ['%', '-', '!', '%%', ' - ', '«»', "'"]) {
      expect(shouldSearch(true, text), text).toBe(false);
    }
    expect(shouldSearch(true, 'плов!')).toBe(true);
    expect(shouldSearch(true, "o'sh")).toBe(true);
    expect(shouldSearch(true, '7')).toBe(true);
  });
});

describe('the menu and links of a search on a city page', () => {
  const SAMARKAND = { menuId: '22222222-2222-4222-8222-222222222222', citySlug: 'samarkand' };
  const BRANCH_MENU = '33333333-3333-4333-8333-333333333333';

  it("prices with the page's menu before the chosen branch's cookie or session", () => {
    expect(searchMenuId(SAMARKAND, `menu_id=${BRANCH_MENU}`, 'menu_id', MENU)).toBe(SAMARKAND.menuId);
    expect(searchMenuId(null, `menu_id=${BRANCH_MENU}`, 'menu_id', MENU)).toBe(BRANCH_MENU);
    expect(searchMenuId(null, '', 'menu_id', MENU)).toBe(MENU);
    expect(searchMenuId(null, '', 'menu_id', null)).toBeNull();
  });

  it("links to the product in the page's city", () => {
    expect(searchResultHref('osh', SAMARKAND)).toBe('/product/osh?city=samarkand');
    expect(searchResultHref('osh', { menuId: MENU, citySlug: null })).toBe('/product/osh');
    expect(searchResultHref('osh', null)).toBe('/product/osh');
  });
});

describe('idFromCookie', () => {
  it('reads an id cookie and ignores anything else', () => {
    expect(idFromCookie(`a=1; menu_id=${MENU}; b=2`, 'menu_id')).toBe(MENU);
    expect(idFromCookie('menu_id=oops', 'menu_id')).toBeNull();
    expect(idFromCookie('', 'menu_id')).toBeNull();
  });
});
