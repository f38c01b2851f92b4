import type { TLocale, TMenuProduct } from '@app/contracts';
import { getTranslations } from 'next-intl/server';
import { ApiImage } from '@/components/ui/api-image.server';
import { Price } from '@/components/ui/price';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';
import { InCartNote } from './in-cart-note';
import { QuickAddButton } from './quick-add-button';

/**
 * Rendered widths of a card image: the grid is 2 columns (px-4, gap-3), 3 from sm, 3 from md (px-6,
 * gap-4), 4 from lg, inside a 1440 px frame. The browser picks the 160/320/640 file from these.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1440px) 336px, (min-width: 1248px) calc(25vw - 24px), (min-width: 992px) calc(33.3vw - 27px), (min-width: 576px) calc(33.3vw - 19px), calc(50vw - 22px)';

/**
 * One product of the menu: a server component; only the add button of a product with nothing to
 * choose is a client island. Everything else links to the product (opened in the dialog from here).
 */
export async function ProductCard({
  product,
  locale,
  menuId,
  citySlug,
  priority,
}: {
  product: TMenuProduct;
  locale: TLocale;
  menuId: string;
  /** Set for a city other than the default, so the product shows that city's price. */
  citySlug: string | null;
  priority: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'common.menu' });
  const title = product.title[locale];
  const titleId = `product-${product.id}`;
  const href = { pathname: paths.product(product.slug), query: citySlug ? { city: citySlug } : {} };
  const quickAdd = product.type === 'simple' && !product.has_modifier;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="product-card"
      data-product-slug={product.slug}
      className="relative flex w-full flex-col overflow-hidden rounded-card bg-white shadow-card"
    >
      <div className="relative aspect-square bg-brand-50 md:aspect-[4/3]">
        {product.image && (
          <ApiImage
            image={product.image}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            priority={priority}
            className={`h-full w-full object-cover ${product.in_stop ? 'opacity-50 grayscale' : ''}`}
          />
        )}
        {product.tags.length > 0 && (
          <ul className="absolute top-2 left-2 flex flex-wrap gap-1" aria-label={t('tagsLabel')}>
            {product.tags.slice(0, 2).map((tag) => (
              <li
                key={tag.slug}
                className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-brand-800"
              >
                {tag.title[locale]}
              </li>
            ))}
          </ul>
        )}
        {/* Once the dish is in the cart the card itself says so, not only the header's badge. */}
        {!product.in_stop && <InCartNote productId={product.id} />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 md:p-4">
        <h3 id={titleId} className="text-base leading-snug font-bold md:text-lg">
          {/* The stretched link makes the whole card open the product; the add button sits above it. */}
          <Link href={href} scroll={false} className="after:absolute after:inset-0 after:content-['']">
            {title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{product.description[locale]}</p>
        {product.weight > 0 && <p className="text-xs text-muted">{t('weight', { grams: product.weight })}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <Price amount={product.out_price} className="font-bold" />
          {product.in_stop ? (
            <button
              type="button"
              disabled
              data-testid="product-unavailable"
              className="relative z-10 inline-flex h-10 items-center rounded-full bg-line px-4 text-sm font-semibold text-muted"
            >
              {t('unavailable')}
            </button>
          ) : quickAdd ? (
            <QuickAddButton
              menuId={menuId}
              product={{
                id: product.id,
                slug: product.slug,
                title: product.title,
                price: product.out_price,
                imageUrl: product.image?.url ?? null,
              }}
            />
          ) : (
            <Link
              href={href}
              scroll={false}
              aria-label={t('chooseNamed', { name: title })}
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
}
