import { describe, expect, it } from 'vitest';
import { idFromCookie, searchProductsQuery, shouldSearch } from './search-query';

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
});

describe('idFromCookie', () => {
  it('reads an id cookie and ignores anything else', () => {
    expect(idFromCookie(`a=1; menu_id=${MENU}; b=2`, 'menu_id')).toBe(MENU);
    expect(idFromCookie('menu_id=oops', 'menu_id')).toBeNull();
    expect(idFromCookie('', 'menu_id')).toBeNull();
  });
});
