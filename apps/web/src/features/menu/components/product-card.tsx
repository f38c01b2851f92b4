'use client';

import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { ApiImg } from '@/components/ui/api-img';
import { Price } from '@/components/ui/price';
import { Link } from '@/i18n/navigation';
import { useConfig } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { CARD_IMAGE_SIZES } from '../lib/card-image';
import { type MenuCard, menuImageFiles } from '../lib/menu-view';
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
  /** The first row: loads eagerly with high priority (the page's LCP element). */
  priority: boolean;
}) {
  const t = useTranslations('common.menu');
  const { apiUrl } = useConfig();
  const { menuId, citySlug, view } = useMenuData();
  const titleId = `product-${product.id}`;
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
      className="relative flex w-full flex-col overflow-hidden rounded-card bg-white shadow-card"
    >
      <div className="relative aspect-square bg-brand-50 md:aspect-[4/3]">
        {product.image && (
          <ApiImg
            image={menuImageFiles(product.image)}
            apiUrl={apiUrl}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            priority={priority}
            className={`h-full w-full object-cover ${product.inStop ? 'opacity-50 grayscale' : ''}`}
          />
        )}
        {tags.length > 0 && (
          <ul className="absolute top-2 left-2 flex flex-wrap gap-1" aria-label={t('tagsLabel')}>
            {tags.map((tag) => (
              <li
                key={tag.slug}
                className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-brand-800"
              >
                {tag.title}
              </li>
            ))}
          </ul>
        )}
        {/* Once the dish is in the cart the card itself says so, not only the header's badge. */}
        {!product.inStop && <InCartNote productId={product.id} />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 md:p-4">
        <h3 id={titleId} className="text-base leading-snug font-bold md:text-lg">
          {/* The stretched link makes the whole card open the product; the add button sits above it. */}
          <Link href={href} scroll={false} className="after:absolute after:inset-0 after:content-['']">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{product.description}</p>
        {product.weight > 0 && <p className="text-xs text-muted">{t('weight', { grams: product.weight })}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <Price amount={product.price} className="font-bold" />
          {product.inStop ? (
            <button
              type="button"
              disabled
              data-testid="product-unavailable"
              className="relative z-10 inline-flex h-10 items-center rounded-full bg-line px-4 text-sm font-semibold text-muted"
            >
              {t('unavailable')}
            </button>
          ) : product.quickAdd ? (
            <QuickAddButton menuId={menuId} product={product} />
          ) : (
            <Link
              href={href}
              scroll={false}
              aria-label={t('chooseNamed', { name: product.name })}
              data-testid="choose-options"
              className="relative z-10 inline-flex h-10 items-center rounded-full bg-brand-100 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-200"
            >
              {t('choose')}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
});
