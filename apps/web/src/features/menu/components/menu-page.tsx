import type { TLocale } from '@app/contracts';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ClosedBranchNotice } from '@/features/location';
import { SearchPlace } from '@/features/search';
import { getMenuProducts, getMenuTarget } from '../api/menu.server';
import { DEFAULT_CITY_SLUG } from '../lib/menu-target';
import { toMenuView } from '../lib/menu-view';
import { toMenuWire } from '../lib/menu-wire';
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
  // The first card's picture is the page's LCP element: its <img> is eager with fetchpriority=high,
  // which React's server render preloads from the <head> by itself (no `preload()` here: its hint
  // would also go into the flight payload, and the client would add the preload again where the HTML
  // cache inlined the picture: lib/html-cache/inline-image.ts).
  return (
    <MenuFilterProvider wire={toMenuWire(view)} locale={locale} menuId={target.menuId} citySlug={productCity}>
      {/* The header's search prices and links its results in this page's city (features/search). */}
      <SearchPlace menuId={target.menuId} citySlug={productCity} />
      <div className="mx-auto w-full max-w-[1440px] px-4 pt-4 pb-16 md:px-6">
        <h1 className="text-2xl font-extrabold md:text-3xl">{t('title', { city: cityName })}</h1>
        <ClosedBranchNotice className="mt-3 empty:mt-0" />
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
