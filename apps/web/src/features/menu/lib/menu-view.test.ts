import type { TMenuProduct, TMenuProductsResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  isMenuSort,
  type MenuItemFacts,
  menuImageFiles,
  menuOrder,
  sortMenuItems,
  toMenuImage,
  toMenuView,
  visibleMenuIds,
} from './menu-view';

const facts = (
  id: string,
  name: string,
  price: number,
  rating: number,
  popularity: number,
  tags: string[] = [],
) => ({
  id,
  name,
  price,
  rating,
  popularity,
  tags,
});

const items: MenuItemFacts[] = [
  facts('osh', 'Osh', 45_000, 4.9, 90, ['hit']),
  facts('lavash', 'Лаваш', 32_000, 4.5, 70, ['spicy', 'new']),
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
    expect(ids(sortMenuItems(items, 'name', 'en'))).toEqual(['chay', 'osh', 'somsa', 'lavash']);
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

  it("searches the page locale's names in any script", () => {
    expect([...visibleMenuIds(items, { query: 'лаваш', tags: [] })]).toEqual(['lavash']);
    expect([...visibleMenuIds(items, { query: 'lavash', tags: [] })]).toEqual(['lavash']);
    expect([...visibleMenuIds(items, { query: 'самса', tags: [] })]).toEqual(['somsa']);
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

describe('toMenuView', () => {
  const text = (s: string) => ({ ru: `${s}-ru`, uz: `${s}-uz`, en: `${s}-en` });
  const product = (slug: string, extra: Partial<TMenuProduct> = {}): TMenuProduct => ({
    id: `id-${slug}`,
    slug,
    title: text(slug),
    description: text(`${slug} desc`),
    out_price: 10_000,
    type: 'simple',
    has_modifier: false,
    image: {
      alt: text('alt'),
      width: 160,
      height: 160,
      url: `/images/${slug}-160.webp`,
      sources: [{ width: 160, url: `/images/${slug}-160.webp` }],
    },
    tags: [{ slug: 'hit', title: text('hit') }],
    categories: [],
    rating: 4.5,
    reviews_count: 2,
    weight: 300,
    energy: 500,
    cooking_time: 10,
    popularity: 1,
    in_stop: false,
    ...extra,
  });
  const menu: TMenuProductsResponse = {
    menu_id: 'menu',
    branch_id: null,
    categories: [
      {
        id: 'c1',
        slug: 'plov',
        title: text('plov'),
        products: [product('osh'), product('kazan', { has_modifier: true })],
      },
      { id: 'c2', slug: 'empty', title: text('empty'), products: [] },
      {
        id: 'c3',
        slug: 'hits',
        title: text('hits'),
        products: [product('osh'), product('choy', { in_stop: true })],
      },
    ],
    tags: [{ slug: 'hit', title: text('hit') }],
  };
  const view = toMenuView(menu, 'uz');

  it("keeps only the page's locale: no other locale's text reaches the browser", () => {
    const json = JSON.stringify(view);
    expect(json).toContain('osh-uz');
    expect(json).toContain('osh desc-uz');
    expect(json).not.toMatch(/-ru\b|-en\b/);
    // Alt texts are not sent: the cards' pictures are decorative.
    expect(json).not.toContain('alt');
  });

  it('lists each product once, categories by position, and leaves out empty categories', () => {
    expect(view.products.map((p) => p.slug)).toEqual(['osh', 'kazan', 'choy']);
    expect(view.categories).toEqual([
      { slug: 'plov', title: 'plov-uz', items: [0, 1] },
      { slug: 'hits', title: 'hits-uz', items: [0, 2] },
    ]);
    expect(view.tags).toEqual([{ slug: 'hit', title: 'hit-uz' }]);
  });

  it('says which cards add straight to the cart and which are stopped', () => {
    const [osh, kazan, choy] = view.products;
    expect([osh?.quickAdd, kazan?.quickAdd]).toEqual([true, false]);
    expect([osh?.inStop, choy?.inStop]).toEqual([false, true]);
    expect(osh).toMatchObject({ name: 'osh-uz', price: 10_000, weight: 300, tags: ['hit'] });
  });
});

describe('toMenuImage', () => {
  const image = {
    alt: { ru: 'a', uz: 'a', en: 'a' },
    width: 160,
    height: 120,
    url: '/images/r1/products/osh--abc-160.webp',
    sources: [
      { width: 640, url: '/images/r1/products/osh--abc-640.webp' },
      { width: 160, url: '/images/r1/products/osh--abc-160.webp' },
      { width: 320, url: '/images/r1/products/osh--abc-320.webp' },
    ],
  };

  it('writes the shared path once and gives the same files back', () => {
    const compact = toMenuImage(image);
    expect(compact.prefix).toBe('/images/r1/products/osh--abc-');
    // The API's usual three files are implied, not written 70 times.
    expect(compact.files).toBeUndefined();
    const { alt: _alt, ...files } = image;
    expect(menuImageFiles(compact)).toEqual({
      ...files,
      sources: [...image.sources].sort((a, b) => a.width - b.width),
    });
  });

  it('writes the files out when they are not the usual three', () => {
    const jpeg = {
      ...image,
      url: '/p/a-160.jpg',
      sources: image.sources.map((s) => ({ ...s, url: `/p/a-${s.width}.jpg` })),
    };
    const two = { ...image, sources: image.sources.filter((s) => s.width !== 640) };
    expect(toMenuImage(jpeg).files).toEqual([
      [160, '160.jpg'],
      [320, '320.jpg'],
      [640, '640.jpg'],
    ]);
    expect(toMenuImage(two).files).toEqual([
      [160, '160.webp'],
      [320, '320.webp'],
    ]);
    expect(menuImageFiles(toMenuImage(two)).sources.map((s) => s.width)).toEqual([160, 320]);
    expect(menuImageFiles(toMenuImage(jpeg)).url).toBe('/p/a-160.jpg');
  });

  it('keeps a url that is not among the sources, and files with nothing in common', () => {
    const odd = { ...image, url: '/other/x.webp', sources: [{ width: 320, url: 'https://cdn/y.webp' }] };
    const back = menuImageFiles(toMenuImage(odd));
    expect(back.url).toBe('/other/x.webp');
    expect(back.sources.map((s) => s.url)).toEqual(['/other/x.webp', 'https://cdn/y.webp']);
  });
});
