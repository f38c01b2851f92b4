import { describe, expect, it } from 'vitest';
import { isMenuSort, type MenuItemFacts, menuOrder, sortMenuItems, visibleMenuIds } from './menu-view';

const facts = (
  id: string,
  name: string,
  price: number,
  rating: number,
  popularity: number,
  tags: string[] = [],
) => ({
  id,
  titles: [name, name, name],
  name,
  price,
  rating,
  popularity,
  tags,
});

const items: MenuItemFacts[] = [
  facts('osh', 'Osh', 45_000, 4.9, 90, ['hit']),
  { ...facts('lavash', 'Lavash', 32_000, 4.5, 70, ['spicy', 'new']), titles: ['Лаваш', 'Lavash', 'Lavash'] },
  facts('somsa', 'Somsa', 12_000, 4.5, 80),
  facts('chay', 'Choy', 12_000, 4.1, 10, ['vegetarian']),
];
const ids = (list: MenuItemFacts[]) => list.map((i) => i.id);

describe('sortMenuItems', () => {
  it('puts the most popular first by default', () => {
    expect(ids(sortMenuItems(items, 'popular', 'en'))).toEqual(['osh', 'somsa', 'lavash', 'chay']);
  });

  it('sorts by price both ways, ties by popularity', () => {
    expect(ids(sortMenuItems(items, 'price-asc', 'en'))).toEqual(['somsa', 'chay', 'lavash', 'osh']);
    expect(ids(sortMenuItems(items, 'price-desc', 'en'))).toEqual(['osh', 'lavash', 'somsa', 'chay']);
  });

  it('sorts by rating, best first', () => {
    expect(ids(sortMenuItems(items, 'rating', 'en'))).toEqual(['osh', 'somsa', 'lavash', 'chay']);
  });

  it('sorts by name in the current locale', () => {
    expect(ids(sortMenuItems(items, 'name', 'en'))).toEqual(['chay', 'lavash', 'osh', 'somsa']);
  });

  it('does not reorder the input', () => {
    const copy = [...items];
    sortMenuItems(items, 'name', 'en');
    expect(items).toEqual(copy);
  });

  it('gives each product its position for CSS order', () => {
    const order = menuOrder(items, 'price-asc', 'en');
    expect(order.get('somsa')).toBe(0);
    expect(order.get('osh')).toBe(3);
  });
});

describe('visibleMenuIds', () => {
  it('keeps everything with no filter', () => {
    expect(visibleMenuIds(items, { query: '  ', tags: [] }).size).toBe(4);
  });

  it('keeps products with any of the chosen tags', () => {
    expect([...visibleMenuIds(items, { query: '', tags: ['hit', 'vegetarian'] })].sort()).toEqual([
      'chay',
      'osh',
    ]);
  });

  it('searches titles across scripts', () => {
    expect([...visibleMenuIds(items, { query: 'лаваш', tags: [] })]).toEqual(['lavash']);
    expect([...visibleMenuIds(items, { query: 'SOMSA', tags: [] })]).toEqual(['somsa']);
    expect(visibleMenuIds(items, { query: 'pizza', tags: [] }).size).toBe(0);
  });

  it('combines tags and text', () => {
    expect([...visibleMenuIds(items, { query: 'lavash', tags: ['hit'] })]).toEqual([]);
  });
});

describe('isMenuSort', () => {
  it('accepts only known sorts', () => {
    expect(isMenuSort('rating')).toBe(true);
    expect(isMenuSort('cheapest')).toBe(false);
  });
});
