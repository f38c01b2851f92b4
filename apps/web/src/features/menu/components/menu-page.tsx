import type { TLocale } from '@app/contracts';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { preload } from 'react-dom';
import { imageSrcSet, imageUrl } from '@/components/ui/image-url';
import { ClosedBranchNotice } from '@/features/location';
import { env } from '@/lib/env';
import { getMenuProducts, getMenuTarget } from '../api/menu.server';
import { CARD_IMAGE_SIZES, cardImageFiles } from '../lib/card-image';
import { DEFAULT_CITY_SLUG } from '../lib/menu-target';
import { toMenuView } from '../lib/menu-view';
import { CategoryBar } from './category-bar';
import { MenuControls } from './menu-controls';
import { MenuFilterProvider } from './menu-filter';
import { MenuGrid } from './menu-grid';
import { MenuJsonLd } from './menu-json-ld';

/**
 * The menu of a city. The HTML holds every product's name, description and price and the JSON-LD
 * menu; the browser gets the menu once, as `toMenuView`'s compact copy in the page's locale, which
 * the client components (grid, cards, controls, category bar, JSON-LD) render from. Server markup
 * would reach the flight payload element by element, with its class strings, a second time.
 * Returns null for an unknown city (the route answers 404).
 */
export async function MenuPage({ locale, citySlug }: { locale: TLocale; citySlug: string | undefined }) {
  const target = await getMenuTarget(citySlug);
  if (!target) return null;
  const [menu, t, requestHeaders] = await Promise.all([
    getMenuProducts(target.menuId, target.branchId),
    getTranslations({ locale, namespace: 'common.menu' }),
    headers(),
  ]);
  const view = toMenuView(menu, locale);
  const cityName = target.city.name[locale];
  const productCity = target.city.slug === DEFAULT_CITY_SLUG ? null : target.city.slug;
  // The first card's picture is the page's LCP element: fetched from the <head>, before the body's
  // markup is parsed, at high priority (the card's <img> is eager with fetchpriority=high too).
  const firstCard = view.products[view.categories[0]?.items[0] ?? -1];
  if (firstCard?.image) {
    const firstImage = cardImageFiles(firstCard.image);
    const apiUrl = env().PUBLIC_API_URL;
    preload(imageUrl(apiUrl, firstImage.url), {
      as: 'image',
      imageSrcSet: imageSrcSet(apiUrl, firstImage),
      imageSizes: CARD_IMAGE_SIZES,
      fetchPriority: 'high',
    });
  }

  return (
    <MenuFilterProvider view={view} locale={locale} menuId={target.menuId} citySlug={productCity}>
      <div className="mx-auto w-full max-w-[1440px] px-4 pt-4 pb-16 md:px-6">
        <h1 className="text-2xl font-extrabold md:text-3xl">{t('title', { city: cityName })}</h1>
        <ClosedBranchNotice className="mt-3" />
        <div className="mt-4">
          <MenuControls />
        </div>
        {/* A direct child of the whole menu: a sticky element sticks only within its parent. */}
        <CategoryBar />
        <MenuGrid />
      </div>
      <MenuJsonLd
        name={t('jsonLdName', { city: cityName })}
        nonce={requestHeaders.get('x-nonce') ?? undefined}
      />
    </MenuFilterProvider>
  );
}
