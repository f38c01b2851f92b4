import type { TMenuCategory, TMenuProduct } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { menuJsonLd } from './menu-json-ld';
import { toMenuView } from './menu-view';

const text = (s: string) => ({ ru: `${s}-ru`, uz: `${s}-uz`, en: `${s}-en` });
const product = (slug: string, price: number, in_stop = false): TMenuProduct => ({
  id: `00000000-0000-4000-8000-${String(price).padStart(12, '0')}`,
  slug,
  title: text(slug),
  description: text(`${slug} desc`),
  out_price: price,
  type: 'simple',
  has_modifier: false,
  image: {
    alt: text('a'),
    width: 160,
    height: 160,
    url: `/images/${slug}-160.webp`,
    sources: [{ width: 160, url: `/images/${slug}-160.webp` }],
  },
  tags: [],
  categories: [],
  rating: 4.5,
  reviews_count: 2,
  weight: 300,
  energy: 500,
  cooking_time: 10,
  popularity: 1,
  in_stop,
});
const category = (slug: string, products: TMenuProduct[]): TMenuCategory => ({
  id: '00000000-0000-4000-8000-000000000000',
  slug,
  title: text(slug),
  products,
});

const place = { siteUrl: 'https://site', defaultLocale: 'ru', citySlug: null };

describe('menuJsonLd', () => {
  const ld = menuJsonLd({
    ...place,
    name: 'Baraka',
    locale: 'en',
    view: toMenuView(
      {
        menu_id: '00000000-0000-4000-8000-000000000001',
        branch_id: null,
        categories: [
          category('plov', [product('osh', 42000), product('kazan', 50000, true)]),
          category('empty', []),
        ],
        tags: [],
      },
      'en',
    ),
  });
  const sections = ld.hasMenuSection as Array<{ name: string; hasMenuItem: Array<Record<string, unknown>> }>;

  it('lists non-empty categories as sections in the current locale', () => {
    expect(ld['@type']).toBe('Menu');
    expect(sections.map((s) => s.name)).toEqual(['plov-en']);
  });

  it('gives every item an absolute url and a UZS offer with its availability, no picture', () => {
    const [osh, kazan] = sections[0]?.hasMenuItem ?? [];
    expect(osh).toMatchObject({
      name: 'osh-en',
      url: 'https://site/en/product/osh',
      offers: { price: 42000, priceCurrency: 'UZS', availability: 'https://schema.org/InStock' },
    });
    expect(kazan?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    // The product page's JSON-LD names the picture; 70 absolute URLs here were 6.6 KB of every menu page.
    expect(osh).not.toHaveProperty('image');
  });
});

describe("menuJsonLd's product links", () => {
  const MENU = '00000000-0000-4000-8000-000000000001';
  // Tashkent's menu sells 'osh' at 45 000; the regions' menu 'osh' at 42 000 and 'plov-with-quince',
  // a dish of the regions only.
  const tashkent = toMenuView(
    { menu_id: MENU, branch_id: null, categories: [category('plov', [product('osh', 45_000)])], tags: [] },
    'ru',
  );
  const regions = toMenuView(
    {
      menu_id: MENU,
      branch_id: null,
      categories: [category('plov', [product('osh', 42_000), product('plov-with-quince', 44_000)])],
      tags: [],
    },
    'uz',
  );
  const items = (ld: Record<string, unknown>) =>
    (ld.hasMenuSection as Array<{ hasMenuItem: Array<{ url: string; offers: { price: number } }> }>).flatMap(
      (s) => s.hasMenuItem.map((i) => [i.url, i.offers.price] as const),
    );

  it("links a region's items to that city's pages, which show the region's price", () => {
    const ld = menuJsonLd({
      ...place,
      name: 'Samarkand',
      locale: 'uz',
      view: regions,
      citySlug: 'samarkand',
    });
    expect(items(ld)).toEqual([
      // A dish of both menus: Samarkand's page, not Tashkent's (another price).
      ['https://site/uz/product/osh?city=samarkand', 42_000],
      // A dish of the regions only: `/uz/product/plov-with-quince` would be Tashkent's, 'Unavailable'.
      ['https://site/uz/product/plov-with-quince?city=samarkand', 44_000],
    ]);
  });

  it("links the default city's items without a city, in the default locale without a prefix", () => {
    expect(items(menuJsonLd({ ...place, name: 'Tashkent', locale: 'ru', view: tashkent }))).toEqual([
      ['https://site/product/osh', 45_000],
    ]);
    expect(
      items(menuJsonLd({ ...place, name: 'Tashkent', locale: 'ru', view: tashkent, citySlug: 'tashkent' })),
    ).toEqual([['https://site/product/osh', 45_000]]);
  });
});
