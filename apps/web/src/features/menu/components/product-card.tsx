'use client';

import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { IntentLink } from '@/components/intent-link';
import { ApiImg } from '@/components/ui/api-img';
import { Price } from '@/components/ui/price';
import { paths } from '@/lib/paths';
import {
  CARD_IMAGE_ORIGIN,
  CARD_IMAGE_SIZES,
  cardImageFiles,
  LAZY_CARD_IMAGE_SIZES,
} from '../lib/card-image';
import type { MenuCard } from '../lib/menu-view';
import { InCartNote } from './in-cart-note';
import { useMenuData } from './menu-filter';
import { QuickAddButton } from './quick-add-button';

/**
 * One product of the menu. Rendered into the HTML on the server like before, but from the menu's one
 * compact copy (`MenuCard`, the page's locale) instead of as server markup that the flight payload
 * repeated element by element. Memoised: a filter or sort change re-renders no card.
 */
export const ProductCard = memo(function ProductCard({
  product,
  priority,
}: {
  product: MenuCard;
  /** The menu's first card: its picture loads eagerly with high priority (the page's LCP element). */
  priority: boolean;
}) {
  const t = useTranslations('common.menu');
  const { menuId, citySlug, view } = useMenuData();
  // The slug, not the id: shorter, and it is written twice into each of 70 cards.
  const titleId = `product-${product.slug}`;
  const href = { pathname: paths.product(product.slug), query: citySlug ? { city: citySlug } : {} };
  const tags = product.tags
    .slice(0, 2)
    .map((slug) => view.tags.find((tag) => tag.slug === slug))
    .filter((tag) => tag !== undefined);

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
          <ul className="mc-tags" aria-label={t('tagsLabel')}>
            {tags.map((tag) => (
              <li key={tag.slug} className="mc-tag">
                {tag.title}
              </li>
            ))}
          </ul>
        )}
        {/* Once the dish is in the cart the card itself says so, not only the header's badge. */}
        {!product.inStop && <InCartNote productId={product.id} />}
      </div>
      <div className="mc-body">
        <h3 id={titleId} className="mc-name">
          {/* The stretched link makes the whole card open the product; the add button sits above it. */}
          <IntentLink href={href} scroll={false} className="mc-link">
            {product.name}
          </IntentLink>
        </h3>
        <p className="mc-desc">{product.description}</p>
        {product.weight > 0 && <p className="mc-weight">{t('weight', { grams: product.weight })}</p>}
        <div className="mc-foot">
          <Price amount={product.price} className="font-bold" />
          {product.inStop ? (
            <button type="button" disabled data-testid="product-unavailable" className="mc-btn mc-off">
              {t('unavailable')}
            </button>
          ) : product.quickAdd ? (
            <QuickAddButton menuId={menuId} product={product} />
          ) : (
            <IntentLink
              href={href}
              scroll={false}
              aria-label={t('chooseNamed', { name: product.name })}
              data-testid="choose-options"
              className="mc-btn mc-choose"
            >
              {t('choose')}
            </IntentLink>
          )}
        </div>
      </div>
    </article>
  );
});
