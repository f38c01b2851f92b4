'use client';

import type { MoneyLocale } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { quantityOfProduct, useCartLines } from '@/features/cart';
import { localeHref } from '@/i18n/locale-href';
import type { TAppLocale } from '@/i18n/routing';
import { paths } from '@/lib/paths';
import { useCardActions } from './card-actions';
import { FilterEmpty, useMenuData, useMenuFilterState } from './menu-filter';
import { type CardKit, ProductCard } from './product-card';

/**
 * How many cards of the first category load their picture eagerly with high priority: the first only
 * (the page's LCP element). The rest are lazy; the browser still fetches the ones in the first
 * screen right after layout, without competing with the LCP picture.
 */
export const EAGER_CARDS = 1;

/**
 * How many cards of the first category are laid out with the first paint whatever the screen: the
 * first screen of a phone (two rows of two) and most of a desktop's first row. Every other card is
 * `content-visibility: auto`: the browser skips its style, layout and paint until it nears the
 * viewport (its box holds a remembered or estimated height meanwhile). In the menu's first frame
 * (Lighthouse's trace, issue 11) style and layout of the ~15 cards parsed by then took 68 ms of the
 * main thread at 4x CPU throttling, against 19 ms for the baseline page's; most of them are below
 * the first screen. Find-in-page, anchors and the accessibility tree still reach the skipped cards.
 */
export const FIRST_SCREEN_CARDS = 4;

/** A card below the first screen: skipped until near the viewport, ~22rem tall until first laid out. */
const OFFSCREEN_CARD = 'flex [content-visibility:auto] [contain-intrinsic-size:auto_22rem]';

/**
 * The categories and their cards, rendered from the menu's one copy in the provider (server-side
 * into the HTML, then hydrated). The filter hides cards and empty categories; the sort sets the
 * cards' CSS order, so no card is re-rendered when the list changes. The grid reads the cart once
 * for every card's count and handles the cards' links and 'Add' buttons (card-actions.ts): the cards
 * themselves have no hooks.
 */
export function MenuGrid() {
  const { view, menuId, citySlug } = useMenuData();
  const { visible, order } = useMenuFilterState();
  const t = useTranslations('common.menu');
  const locale = useLocale() as TAppLocale & MoneyLocale;
  const lines = useCartLines();
  const { busy, handlers } = useCardActions(menuId, view.products);
  const kit = useMemo<CardKit>(() => {
    const tagTitles = new Map(view.tags.map((tag) => [tag.slug, tag.title]));
    const query = citySlug ? { city: citySlug } : {};
    return {
      t,
      locale,
      tagTitle: (slug) => tagTitles.get(slug),
      productUrl: (slug) => localeHref({ pathname: paths.product(slug), query }, locale),
    };
  }, [t, locale, view, citySlug]);
  return (
    // The cards' clicks, pointer, focus and touch bubble here (card-actions.ts).
    <div {...handlers}>
      <FilterEmpty />
      {view.categories.map((category, categoryIndex) => {
        const hidden =
          visible !== null && !category.items.some((i) => visible.has(view.products[i]?.id ?? ''));
        return (
          <section
            key={category.slug}
            id={category.slug}
            hidden={hidden}
            aria-labelledby={`category-${category.slug}`}
            className="scroll-mt-44 pt-6 md:scroll-mt-32"
            data-testid="menu-category"
          >
            <h2 id={`category-${category.slug}`} tabIndex={-1} className="mb-3 text-xl font-bold md:text-2xl">
              {category.title}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4">
              {category.items.map((i, index) => {
                const product = view.products[i];
                if (!product) return null;
                return (
                  <li
                    key={product.id}
                    hidden={visible !== null && !visible.has(product.id)}
                    style={order ? { order: order.get(product.id) ?? 0 } : undefined}
                    className={categoryIndex === 0 && index < FIRST_SCREEN_CARDS ? 'flex' : OFFSCREEN_CARD}
                  >
                    <ProductCard
                      product={product}
                      priority={categoryIndex === 0 && index < EAGER_CARDS}
                      inCart={quantityOfProduct(lines, product.id)}
                      busy={busy.has(product.id)}
                      kit={kit}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
