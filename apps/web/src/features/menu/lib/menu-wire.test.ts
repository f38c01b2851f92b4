import { describe, expect, it } from 'vitest';
import type { MenuCard, MenuView } from './menu-view';
import { menuCard } from './menu-view.fixtures';
import { fromMenuWire, toMenuWire } from './menu-wire';

/** A card with a picture and a tag, the fields the wire shortens most. */
const card = (slug: string, extra: Partial<MenuCard> = {}): MenuCard =>
  menuCard(0, slug, {
    id: `id-${slug}`,
    image: { width: 160, height: 160, prefix: `/images/r1/products/${slug}-` },
    tags: ['hit'],
    ...extra,
  });

const view: MenuView = {
  tags: [{ slug: 'hit', title: 'Хит' }],
  categories: [{ slug: 'plov', title: 'Плов', items: [0, 1, 2] }],
  products: [
    card('osh'),
    card('kazan', { inStop: true, quickAdd: false, weight: 0, tags: [] }),
    card('choy', {
      image: {
        width: 320,
        height: 180,
        prefix: '/images/c-',
        files: [
          [320, '320.jpg'],
          [640, '640.jpg'],
        ],
      },
    }),
    card('non', { image: null }),
  ],
};

describe('menu wire', () => {
  it('gives back exactly the view it was made from', () => {
    expect(fromMenuWire(toMenuWire(view))).toEqual(view);
    // Through JSON, as the flight payload carries it.
    expect(fromMenuWire(JSON.parse(JSON.stringify(toMenuWire(view))))).toEqual(view);
  });

  it('writes no field name per product', () => {
    const json = JSON.stringify(toMenuWire(view).products);
    for (const name of [
      '"slug"',
      '"description"',
      '"price"',
      '"inStop"',
      '"quickAdd"',
      '"prefix"',
      '"width"',
    ]) {
      expect(json).not.toContain(name);
    }
  });
});
