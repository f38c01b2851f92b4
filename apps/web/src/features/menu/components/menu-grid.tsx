'use client';

import type { MoneyLocale } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { quantityOfProduct, useCartLines } from '@/features/cart';
import { localeHref } from '@/i18n/locale-href';
import type { TAppLocale } from '@/i18n/routing';
import { paths } from '@/lib/paths';
import type { MenuCard, MenuView } from '../lib/menu-view';
import { useCardActions } from './card-actions';
import { writeCardStates } from './card-state';
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
 * A card the server rendered, kept as it is: React claims its `<li>` and goes no further, since an
 * element with `dangerouslySetInnerHTML` has no children to hydrate, and writes nothing into it (the
 * production build does not compare the HTML; it would set it only if `__html` changed).
 */
const KEEP_SERVER_MARKUP = { __html: '' } as const;

const noSubscription = () => () => {};
/**
 * True on the server and while React hydrates the server's HTML (it reads a store's server snapshot
 * then), false in a render on the client: a page reached by client navigation, or a render after.
 */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/** What a card's markup is made of: equal keys, equal markup (the grid's `priority` aside). */
function cardMarkupKey(product: MenuCard, kit: CardKit): string {
  return JSON.stringify([product, product.tags.map(kit.tagTitle), kit.productUrl(product.slug), kit.locale]);
}

/** The menu and the kit the server's HTML of the cards was rendered from. */
type ServerCards = { view: MenuView; kit: CardKit };

/**
 * Which cards keep the server's markup: after hydration every one (none in a client render); once the
 * menu changes (the live stop list refreshes the page, issue 13) those whose markup would be the same,
 * while a changed card (stopped, a new price) is rendered by React from then on, even once its
 * product is as the server rendered it again (a stopped dish back on), and so is a card that left the
 * menu and came back (an origin dish whose sizes were taken off the menu and put back): its server
 * markup left the document, and a kept `<li>` mounted anew would stay empty.
 */
function useKeptCards(
  server: ServerCards | null,
  view: MenuView,
  kit: CardKit,
): (product: MenuCard) => boolean {
  // The cards that left the server's markup, by product id. Written while rendering, only ever added
  // to (a render React drops costs a card its kept markup, never a card its content).
  const left = useRef<Set<string>>(new Set());
  return useMemo(() => {
    if (!server) return () => false;
    const gone = left.current;
    if (server.view === view && server.kit === kit) return (product) => !gone.has(product.id);
    const before = new Map(server.view.products.map((p) => [p.id, p]));
    const kept = new Set<string>();
    for (const product of view.products) {
      const old = before.get(product.id);
      if (!gone.has(product.id) && old && cardMarkupKey(old, server.kit) === cardMarkupKey(product, kit)) {
        kept.add(product.id);
      } else gone.add(product.id);
    }
    // A server card the menu no longer has is unmounted with its markup.
    for (const id of before.keys()) if (!kept.has(id)) gone.add(id);
    return (product) => kept.has(product.id);
  }, [server, view, kit]);
}

/**
 * The categories and their cards, rendered from the menu's one copy in the provider (server-side
 * into the HTML). The filter hides cards and empty categories; the sort sets the cards' CSS order, so
 * no card is re-rendered when the list changes. The grid reads the cart once for every card's count
 * and handles the cards' links and 'Add' buttons (card-actions.ts): the cards themselves have no
 * hooks, and their markup depends on their product alone (the count and the busy button are written
 * into it after each render, card-state.ts).
 *
 * Hydration keeps the cards' server markup rather than hydrating it (issue 11): React claims each
 * card's `<li>` (its `hidden` and `order` stay React's) but not the ~20 elements inside: the page's
 * hydration went from 1,661 fibers to 472, React's share of the main thread by ~18 %
 * (docs/perf/issue-11.md). A card renders through React when there is no server markup (client navigation) or
 * when its product changed since (`useKeptCards`).
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
  const hydrating = useHydrating();
  // Set once, by the first render: the hydration's (in the browser), or none.
  const [server] = useState<ServerCards | null>(() =>
    hydrating && typeof window !== 'undefined' ? { view, kit } : null,
  );
  const keeps = useKeptCards(server, view, kit);
  const root = useRef<HTMLDivElement>(null);
  const bySlug = useMemo(() => new Map(view.products.map((p) => [p.slug, p])), [view]);
  // After every render, before paint: each card's count and busy button (a card rendered anew, kept
  // or not, shows the server's empty state until then). Writes only what differs.
  useLayoutEffect(() => {
    if (!root.current) return;
    writeCardStates(
      root.current,
      (slug) => {
        const product = bySlug.get(slug);
        return product && { count: quantityOfProduct(lines, product.id), busy: busy.has(product.id) };
      },
      (count) => t('inCart', { count }),
    );
  });
  return (
    // The cards' clicks, pointer, focus and touch bubble here (card-actions.ts).
    <div ref={root} {...handlers}>
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
                const item = {
                  hidden: visible !== null && !visible.has(product.id),
                  style: order ? { order: order.get(product.id) ?? 0 } : undefined,
                  className: categoryIndex === 0 && index < FIRST_SCREEN_CARDS ? 'flex' : OFFSCREEN_CARD,
                };
                // A kept card and a rendered one differ in key: a card leaving the server's markup is
                // mounted anew rather than appended to it.
                return keeps(product) ? (
                  <li
                    key={`${product.id}@server`}
                    {...item}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, never written (KEEP_SERVER_MARKUP).
                    dangerouslySetInnerHTML={KEEP_SERVER_MARKUP}
                    suppressHydrationWarning
                  />
                ) : (
                  <li key={product.id} {...item}>
                    <ProductCard
                      product={product}
                      priority={categoryIndex === 0 && index < EAGER_CARDS}
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
