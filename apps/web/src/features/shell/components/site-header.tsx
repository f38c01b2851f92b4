'use client';

import type { TShipper } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { imageUrl } from '@/components/ui';
import { SearchIcon } from '@/components/ui/icons';
import { CartBadge } from '@/features/cart';
import { SearchOverlay } from '@/features/search';
import { Link } from '@/i18n/navigation';
import { useConfig } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { useCurrentCity } from '../hooks/use-current-city';
import { AccountButton } from './account-button';
import { AddressButton } from './address-button';
import { LanguageSwitcher } from './language-switcher';
import { SideMenu } from './side-menu';

export type THeaderShipper = Pick<TShipper, 'name' | 'logo' | 'sister_brands'>;

function Logo({ shipper, citySlugs }: { shipper: THeaderShipper | null; citySlugs: readonly string[] }) {
  const t = useTranslations('common.header');
  const { apiUrl } = useConfig();
  const city = useCurrentCity(citySlugs);
  return (
    <Link href={paths.home(city)} aria-label={t('logoHome')} className="flex shrink-0 items-center gap-2">
      {shipper?.logo ? (
        // biome-ignore lint/performance/noImgElement: a small logo file from the API, no resizing needed.
        <img
          src={imageUrl(apiUrl, shipper.logo)}
          alt=""
          width={36}
          height={36}
          className="hidden h-9 w-9 sm:block"
        />
      ) : null}
      <span className="text-xl font-extrabold tracking-tight text-brand-700 sm:text-2xl">
        {shipper?.name ?? 'Baraka'}
      </span>
    </Link>
  );
}

function SisterBrandLinks({ brands }: { brands: TShipper['sister_brands'] }) {
  const t = useTranslations('common.header');
  if (brands.length === 0) return null;
  return (
    <nav aria-label={t('sisterBrands')} className="hidden items-center gap-1 md:flex">
      {brands.map((brand) => (
        <a
          key={brand.id}
          href={brand.url}
          target="_blank"
          rel="noopener"
          className="rounded-full px-3 py-2 text-sm font-semibold text-muted hover:bg-brand-100/60 hover:text-ink"
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
          <img src={imageUrl(apiUrl, brand.logo)} alt="" width={32} height={32} className="h-8 w-8" />
          <span className="text-sm font-semibold">{brand.name}</span>
        </a>
      ))}
    </nav>
  );
}

export function SiteHeader({ shipper, citySlugs }: { shipper: THeaderShipper | null; citySlugs: string[] }) {
  const t = useTranslations('common.header');
  const [searchOpen, setSearchOpen] = useState(false);
  const brands = shipper?.sister_brands ?? [];
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-line bg-cream/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-2 px-2 md:gap-4 md:px-6">
          <SideMenu />
          <Logo shipper={shipper} citySlugs={citySlugs} />
          <SisterBrandLinks brands={brands} />
          <div className="ml-auto hidden md:block">
            <AddressButton variant="header" />
          </div>
          <div className="ml-auto flex items-center md:ml-0 md:gap-1">
            <button
              type="button"
              aria-label={t('search')}
              aria-haspopup="dialog"
              onClick={() => setSearchOpen(true)}
              className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-100/60"
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
        <SearchOverlay open={searchOpen} onOpenChange={setSearchOpen} />
      </header>
      <SisterBrandCards brands={brands} />
    </>
  );
}
