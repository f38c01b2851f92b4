import type { TLocale } from '@app/contracts';
import { getFormatter, getTranslations } from 'next-intl/server';
import { ApiImage } from '@/components/ui/api-image.server';
import { Price } from '@/components/ui/price';
import type { ProductPageData } from '../api/product.server';
import { ProductOrderForm } from './product-order-form';
import { ProductReviews } from './product-reviews';
import { Stars } from './stars';

/**
 * A product's whole content, used by the page `/product/{slug}` and by the dialog opened from the
 * menu. Server-rendered; the order form and the reviews' "show more" are the client islands.
 */
export async function ProductView({
  data,
  locale,
  variant,
}: {
  data: ProductPageData;
  locale: TLocale;
  /** On the page the title is the page's h1; in the dialog the dialog title names it. */
  variant: 'page' | 'dialog';
}) {
  const { product, modifiers, reviews, unavailable, stoppedOptionIds, menuId } = data;
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'common.product' }),
    getFormatter({ locale }),
  ]);
  // One decimal in the locale's own way ('4,5' in Russian and Uzbek), said and shown alike.
  const rating = format.number(product.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const Title = variant === 'page' ? 'h1' : 'h2';
  // Sections sit one level below the title wherever the view is shown.
  const Heading = variant === 'page' ? 'h2' : 'h3';
  const prices =
    product.type === 'origin' && product.variants.length > 0
      ? product.variants.map((v) => v.out_price)
      : [product.out_price];
  const nutrition = [
    { key: 'energy', label: t('kcal'), value: t('kcalValue', { value: product.energy }) },
    { key: 'proteins', label: t('proteins'), value: t('grams', { value: product.proteins }) },
    { key: 'fats', label: t('fats'), value: t('grams', { value: product.fats }) },
    { key: 'carbohydrates', label: t('carbohydrates'), value: t('grams', { value: product.carbohydrates }) },
    { key: 'weight', label: t('weight'), value: t('grams', { value: product.weight }) },
  ];

  return (
    <article
      className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-8"
      data-testid="product-view"
      data-product-slug={product.slug}
    >
      <div className="md:sticky md:top-24 md:self-start">
        <div
          className={`overflow-hidden rounded-card bg-brand-50 ${variant === 'dialog' ? 'mx-auto max-w-[16rem] md:max-w-none' : ''}`}
        >
          {product.image && (
            <ApiImage
              image={product.image}
              sizes={
                variant === 'page'
                  ? '(min-width: 1248px) 480px, (min-width: 992px) 40vw, 100vw'
                  : '(min-width: 992px) 18rem, 100vw'
              }
              priority
              className={`aspect-square h-auto w-full object-cover ${unavailable ? 'opacity-60 grayscale' : ''}`}
            />
          )}
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-2">
          <Title className="text-2xl leading-tight font-extrabold md:text-3xl" data-testid="product-title">
            {product.title[locale]}
          </Title>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            {product.rating > 0 && (
              <span className="inline-flex items-center gap-1">
                <Stars rating={product.rating} label={t('rating', { rating })} />
                <span aria-hidden="true">{rating}</span>
                <span>· {t('reviewsCount', { count: product.reviews_count })}</span>
              </span>
            )}
            {product.weight > 0 && <span>{t('grams', { value: product.weight })}</span>}
            {product.cooking_time > 0 && (
              <span>{t('cookingTimeValue', { minutes: product.cooking_time })}</span>
            )}
          </div>
          <p className="text-xl font-bold">
            {prices.length > 1 ? (
              // The words around the price are the locale's: 'от 32 000 сум', "32 000 so'mdan boshlab".
              <span className="font-normal">
                {t.rich('priceFrom', {
                  price: () => <Price amount={Math.min(...prices)} className="font-bold" />,
                })}
              </span>
            ) : (
              <Price amount={Math.min(...prices)} />
            )}
          </p>
          {unavailable && (
            <p
              className="self-start rounded-full bg-paprika-600 px-3 py-1 text-sm font-semibold text-white"
              data-testid="product-stopped"
            >
              {t('unavailable')}
            </p>
          )}
        </header>

        <ProductOrderForm
          key={product.id}
          product={product}
          modifiers={modifiers}
          locale={locale}
          menuId={menuId}
          unavailable={unavailable}
          stoppedOptionIds={stoppedOptionIds}
        />

        <section aria-labelledby={`about-${product.id}`} className="flex flex-col gap-2">
          <Heading id={`about-${product.id}`} className="text-lg font-bold">
            {t('about')}
          </Heading>
          <p className="whitespace-pre-line">{product.description[locale]}</p>
        </section>

        {product.ingredients[locale] && (
          <section aria-labelledby={`ingredients-${product.id}`} className="flex flex-col gap-2">
            <Heading id={`ingredients-${product.id}`} className="text-lg font-bold">
              {t('ingredients')}
            </Heading>
            <p>{product.ingredients[locale]}</p>
            {product.allergens[locale] && (
              <p className="text-sm text-muted">
                {t('allergens')}: {product.allergens[locale]}
              </p>
            )}
          </section>
        )}

        <section aria-labelledby={`nutrition-${product.id}`} className="flex flex-col gap-2">
          <Heading id={`nutrition-${product.id}`} className="text-lg font-bold">
            {t('nutrition')}
          </Heading>
          <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="product-nutrition">
            {nutrition.map((n) => (
              <div key={n.key} className="rounded-card bg-brand-50 p-2 text-center">
                <dt className="text-xs text-muted">{n.label}</dt>
                <dd className="font-bold">{n.value}</dd>
              </div>
            ))}
          </dl>
          {product.cooking_time > 0 && (
            <p className="text-sm">
              <span className="text-muted">{t('cookingTime')}:</span>{' '}
              {t('cookingTimeValue', { minutes: product.cooking_time })}
            </p>
          )}
        </section>

        <ProductReviews productId={product.id} initial={reviews} headingLevel={variant === 'page' ? 2 : 3} />
      </div>
    </article>
  );
}
