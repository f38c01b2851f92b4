'use client';

import type { TShipper } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { IntentLink } from '@/components/intent-link';
import { lazyClient } from '@/components/lazy-client';
import { SearchIcon } from '@/components/ui/icons';
import { imageUrl } from '@/components/ui/image-url';
import { CartBadge } from '@/features/cart';
import { useConfig } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { useCurrentCity } from '../hooks/use-current-city';
import { AccountButton } from './account-button';
import { AddressButton } from './address-button';
import { LanguageSwitcher } from './language-switcher';
import { SideMenu } from './side-menu';

// The search overlay (Radix Dialog, TanStack Query) loads with the first search, not with the page.
const loadSearch = () => import('@/features/search');
const SearchOverlay = lazyClient(() => loadSearch().then((m) => m.SearchOverlay));

export type THeaderShipper = Pick<TShipper, 'name' | 'logo' | 'sister_brands'>;

function Logo({ shipper, citySlugs }: { shipper: THeaderShipper | null; citySlugs: readonly string[] }) {
  const t = useTranslations('common.header');
  const { apiUrl } = useConfig();
  const city = useCurrentCity(citySlugs);
  return (
    <IntentLink
      href={paths.home(city)}
      aria-label={t('logoHome')}
      className="flex min-w-0 items-center gap-2"
    >
      {shipper?.logo ? (
        // biome-ignore lint/performance/noImgElement: a small logo file from the API, no resizing needed.
        <img
          src={imageUrl(apiUrl, shipper.logo)}
          alt=""
          width={36}
          height={36}
          // Hidden below sm: a lazy image that is not displayed is never downloaded.
          loading="lazy"
          className="hidden h-9 w-9 shrink-0 sm:block"
        />
      ) : null}
      <span className="truncate text-xl font-extrabold tracking-tight text-brand-700 sm:text-2xl">
        {shipper?.name ?? 'Baraka'}
      </span>
    </IntentLink>
  );
}

function SisterBrandLinks({ brands }: { brands: TShipper['sister_brands'] }) {
  const t = useTranslations('common.header');
  if (brands.length === 0) return null;
  return (
    <nav aria-label={t('sisterBrands')} className="hidden shrink-0 items-center gap-1 md:flex">
      {brands.map((brand) => (
        <a
          key={brand.id}
          href={brand.url}
          target="_blank"
          rel="noopener"
          className="rounded-full px-2 py-2 text-sm font-semibold whitespace-nowrap text-muted hover:bg-brand-100/60 hover:text-ink lg:px-3"
        >
          {brand.name}
        </a>
      ))}
    </nav>
  );
}

/** Mobile only: a row of sister-brand logo cards under the header (spec section 2). */
function SisterBrandCards({ brands }: { brands: TShipper['sister_brands'] }) {
  const t = useTranslations('common.header');
  const { apiUrl } = useConfig();
  if (brands.length === 0) return null;
  return (
    <nav aria-label={t('sisterBrands')} className="flex gap-3 overflow-x-auto px-4 py-3 md:hidden">
      {brands.map((brand) => (
        <a
          key={brand.id}
          href={brand.url}
          target="_blank"
          rel="noopener"
          className="flex shrink-0 items-center gap-2 rounded-card bg-white px-3 py-2 shadow-card ring-1 ring-line"
        >
          {/* biome-ignore lint/performance/noImgElement: a small logo file from the API. */}
          <img
            src={imageUrl(apiUrl, brand.logo)}
            alt=""
            width={32}
            height={32}
            // The cards show only below md; lazy keeps desktop from downloading the hidden logos.
            loading="lazy"
            className="h-8 w-8"
          />
          <span className="text-sm font-semibold">{brand.name}</span>
        </a>
      ))}
    </nav>
  );
}

export function SiteHeader({ shipper, citySlugs }: { shipper: THeaderShipper | null; citySlugs: string[] }) {
  const t = useTranslations('common.header');
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchWanted, setSearchWanted] = useState(false);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const brands = shipper?.sister_brands ?? [];
  const preloadSearch = () => void loadSearch();
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-line bg-cream/95 backdrop-blur">
        {/*
          Below md the row holds the menu button, the logo and four icon buttons; the logo is the part
          that gives way (it may truncate), so the icons never leave a 320 px screen. From md the
          address button takes the free middle and shrinks first.
        */}
        <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-1 px-1.5 sm:gap-2 sm:px-2 md:gap-3 md:px-6 lg:gap-4">
          <SideMenu />
          <Logo shipper={shipper} citySlugs={citySlugs} />
          <SisterBrandLinks brands={brands} />
          <div className="ml-auto hidden min-w-0 flex-1 justify-end md:flex">
            <AddressButton variant="header" />
          </div>
          <div className="ml-auto flex shrink-0 items-center md:ml-0 md:gap-1">
            <button
              ref={searchButtonRef}
              type="button"
              aria-label={t('search')}
              aria-haspopup="dialog"
              aria-expanded={searchOpen}
              onClick={() => {
                setSearchWanted(true);
                setSearchOpen(true);
              }}
              onPointerEnter={preloadSearch}
              onFocus={preloadSearch}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-brand-100/60 sm:h-11 sm:w-11"
            >
              <SearchIcon />
            </button>
            <LanguageSwitcher compact />
            <CartBadge />
            <AccountButton />
          </div>
        </div>
        <div className="border-t border-line md:hidden">
          <AddressButton variant="bar" />
        </div>
        {searchWanted ? (
          <SearchOverlay open={searchOpen} onOpenChange={setSearchOpen} returnFocusTo={searchButtonRef} />
        ) : null}
      </header>
      <SisterBrandCards brands={brands} />
    </>
  );
}
