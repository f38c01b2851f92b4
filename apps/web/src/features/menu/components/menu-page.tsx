import type { TLocale } from '@app/contracts';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/json-ld';
import { ClosedBranchNotice } from '@/features/location';
import { env } from '@/lib/env';
import { localizedUrl, paths } from '@/lib/paths';
import { getMenuProducts, getMenuTarget } from '../api/menu.server';
import { menuJsonLd } from '../lib/menu-json-ld';
import { DEFAULT_CITY_SLUG } from '../lib/menu-target';
import { toMenuItemFacts } from '../lib/menu-view';
import { CategoryBar } from './category-bar';
import { MenuControls } from './menu-controls';
import { FilterEmpty, FilterItem, FilterSection, MenuFilterProvider } from './menu-filter';
import { ProductCard } from './product-card';

/** How many cards of the first category load eagerly: the first row at the widest layout. */
const EAGER_CARDS = 4;

/**
 * The menu of a city, rendered on the server: the HTML already holds every product's name and
 * price. Returns null for an unknown city (the route answers 404).
 */
export async function MenuPage({ locale, citySlug }: { locale: TLocale; citySlug: string | undefined }) {
  const target = await getMenuTarget(citySlug);
  if (!target) return null;
  const [menu, t] = await Promise.all([
    getMenuProducts(target.menuId, target.branchId),
    getTranslations({ locale, namespace: 'common.menu' }),
  ]);
  const categories = menu.categories.filter((c) => c.products.length > 0);
  const products = categories.flatMap((c) => c.products);
  // A product may sit in two categories; the filter needs its facts once.
  const items = [...new Map(products.map((p) => [p.id, toMenuItemFacts(p, locale)])).values()];
  const cityName = target.city.name[locale];
  const productCity = target.city.slug === DEFAULT_CITY_SLUG ? null : target.city.slug;
  const { SITE_URL, PUBLIC_API_URL } = env();
  const jsonLd = menuJsonLd({
    name: t('jsonLdName', { city: cityName }),
    locale,
    categories,
    productUrl: (slug) => localizedUrl(SITE_URL, locale, paths.product(slug)),
    imageUrl: (path) => `${PUBLIC_API_URL}${path}`,
  });

  return (
    <MenuFilterProvider items={items} locale={locale}>
      <div className="mx-auto w-full max-w-[1440px] px-4 pt-4 pb-16 md:px-6">
        <h1 className="text-2xl font-extrabold md:text-3xl">{t('title', { city: cityName })}</h1>
        <ClosedBranchNotice className="mt-3" />
        <div className="mt-4">
          <MenuControls tags={menu.tags} locale={locale} />
        </div>
        {/* A direct child of the whole menu: a sticky element sticks only within its parent. */}
        <CategoryBar
          categories={categories.map((c) => ({
            slug: c.slug,
            title: c.title[locale],
            productIds: c.products.map((p) => p.id),
          }))}
        />
        <FilterEmpty />
        {categories.map((category, categoryIndex) => (
          <FilterSection
            key={category.id}
            id={category.slug}
            productIds={category.products.map((p) => p.id)}
            aria-labelledby={`category-${category.slug}`}
            className="scroll-mt-44 pt-6 md:scroll-mt-32"
            data-testid="menu-category"
          >
            <h2 id={`category-${category.slug}`} tabIndex={-1} className="mb-3 text-xl font-bold md:text-2xl">
              {category.title[locale]}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4">
              {category.products.map((product, index) => (
                <FilterItem key={product.id} id={product.id}>
                  <ProductCard
                    product={product}
                    locale={locale}
                    menuId={target.menuId}
                    citySlug={productCity}
                    priority={categoryIndex === 0 && index < EAGER_CARDS}
                  />
                </FilterItem>
              ))}
            </ul>
          </FilterSection>
        ))}
      </div>
      <JsonLd data={jsonLd} />
    </MenuFilterProvider>
  );
}
