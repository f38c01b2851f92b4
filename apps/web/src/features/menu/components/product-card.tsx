'use client';

import type { MoneyLocale } from '@app/domain';
import type { useTranslations } from 'next-intl';
import { memo } from 'react';
import { ApiImg } from '@/components/ui/api-img';
import { PriceIn } from '@/components/ui/price';
import {
  CARD_IMAGE_ORIGIN,
  CARD_IMAGE_SIZES,
  cardImageFiles,
  LAZY_CARD_IMAGE_SIZES,
} from '../lib/card-image';
import type { MenuCard } from '../lib/menu-view';

/** What every card takes from the grid, the same object for all of them (memoised there). */
export type CardKit = {
  t: ReturnType<typeof useTranslations<'common.menu'>>;
  locale: MoneyLocale;
  /** A tag's title by its slug (undefined for a tag the menu does not list). */
  tagTitle: (slug: string) => string | undefined;
  /** The product's page in the page's locale (and city), as the card links to it. */
  productUrl: (slug: string) => string;
};

/**
 * One product of the menu. Rendered into the HTML on the server, from the menu's one compact copy
 * (`MenuCard`, the page's locale). Its markup depends on the product alone: no hooks, no handlers and
 * no state (issue 11). The grid handles its links and 'Add' button by their classes
 * (`card-actions.ts`) and writes what changes after the render into it, the cart's count of the
 * product and its button's busy state (`card-state.ts`); where the card came as server HTML, the grid
 * keeps that markup instead of hydrating it (`menu-grid.tsx`). Memoised: a filter or sort change
 * re-renders no card.
 */
export const ProductCard = memo(function ProductCard({
  product,
  priority,
  kit,
}: {
  product: MenuCard;
  /** The menu's first card: its picture loads eagerly with high priority (the page's LCP element). */
  priority: boolean;
  kit: CardKit;
}) {
  const { t } = kit;
  // The slug, not the id: shorter, and it is written twice into each of 70 cards.
  const titleId = `product-${product.slug}`;
  const href = kit.productUrl(product.slug);
  const tags = product.tags
    .slice(0, 2)
    .map((slug) => ({ slug, title: kit.tagTitle(slug) }))
    .filter((tag) => tag.title !== undefined);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="product-card"
      data-product-slug={product.slug}
      className="mc"
    >
      <div className="mc-pic">
        {product.image && (
          <ApiImg
            image={cardImageFiles(product.image)}
            apiUrl={CARD_IMAGE_ORIGIN}
            sizes={priority ? CARD_IMAGE_SIZES : LAZY_CARD_IMAGE_SIZES}
            alt=""
            priority={priority}
            className={product.inStop ? 'mc-img mc-img-off' : 'mc-img'}
          />
        )}
        {tags.length > 0 && (
          <ul className="mc-tags" aria-label={t('cardTagsLabel')}>
            {tags.map((tag) => (
              <li key={tag.slug} className="mc-tag">
                {tag.title}
              </li>
            ))}
          </ul>
        )}
        {/*
          Once the dish is in the cart the card itself says so ('In the cart: 2'), not only the header's
          badge; it takes no room until there is something to say. Not a live region: adding is
          announced once, by the toast ('Plov is in the cart'), and the saved cart written into the
          cards after a load announces nothing nobody asked for. The grid writes its content
          (card-state.ts): React renders it empty, as the server does.
        */}
        {!product.inStop && <p data-testid="in-cart" data-count="0" className="mc-note" />}
      </div>
      <div className="mc-body">
        <h3 id={titleId} className="mc-name">
          {/* The stretched link makes the whole card open the product; the add button sits above it. */}
          <a href={href} className="mc-link">
            {product.name}
          </a>
        </h3>
        <p className="mc-desc">{product.description}</p>
        {product.weight > 0 && <p className="mc-weight">{t('weight', { grams: product.weight })}</p>}
        <div className="mc-foot">
          <PriceIn amount={product.price} locale={kit.locale} className="font-bold" />
          {product.inStop ? (
            <button type="button" disabled data-testid="product-unavailable" className="mc-btn mc-off">
              {t('unavailable')}
            </button>
          ) : product.quickAdd ? (
            // "Add" for a product with nothing to choose: straight into the cart (card-actions.ts). The
            // grid disables it while an add is under way (card-state.ts): no `disabled` prop here.
            <button
              type="button"
              aria-label={t('addNamed', { name: product.name })}
              data-testid="add-to-cart"
              className="mc-btn mc-add"
            >
              {t('add')}
            </button>
          ) : (
            <a
              href={href}
              aria-label={t('chooseNamed', { name: product.name })}
              data-testid="choose-options"
              className="mc-btn mc-choose"
            >
              {t('choose')}
            </a>
          )}
        </div>
      </div>
    </article>
  );
});
