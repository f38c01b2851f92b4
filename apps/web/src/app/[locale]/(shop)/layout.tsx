import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { JsonLd } from '@/components/json-ld';
import { TopLoader } from '@/components/top-loader';
import { ToastArea } from '@/components/ui/toasts';
import { AuthSlot } from '@/features/auth';
import { LiveStopSlot } from '@/features/live-stop';
import { getRenderedLiveState } from '@/features/live-stop/server';
import { LocationSlot } from '@/features/location';
import { organizationJsonLd, SiteHeader } from '@/features/shell';
import { getShellData, SiteFooter } from '@/features/shell/server';
import { BaseMessages } from '@/i18n/page-messages';
import { browserConfig } from '@/lib/env';
import { StoreHydration } from '@/lib/stores/store-hydration';

type TShopLayoutProps = { children: ReactNode; modal: ReactNode };

/**
 * The customer's shell around every storefront page (a route group: the URLs do not change): the
 * header, the footer, the product dialog's slot, sign-in, the location prompt and the toasts.
 */
export default async function ShopLayout({ children, modal }: TShopLayoutProps) {
  const [locale, { shipper, cities }, t, liveState] = await Promise.all([
    getLocale(),
    getShellData(),
    getTranslations('common.header'),
    getRenderedLiveState(),
  ]);
  const config = browserConfig();

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[100] rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <TopLoader />
      {shipper ? <JsonLd data={organizationJsonLd(shipper, config.siteUrl, config.apiUrl, locale)} /> : null}
      <BaseMessages>
        <StoreHydration />
        {/* Only what the header shows: the whole shipper (descriptions in three locales...) would
            go to the browser as its prop. */}
        <SiteHeader
          shipper={
            shipper ? { name: shipper.name, logo: shipper.logo, sister_brands: shipper.sister_brands } : null
          }
          citySlugs={cities.map((c) => c.slug)}
        />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter shipper={shipper} />
        {modal}
        {/* Sign-in: the login dialog (loaded when `?login` appears), the session check, the 401 toast. */}
        <AuthSlot />
        {/* Location (issue 4): the address flow on load, the saved-points sync, and (lazily) the map
            dialog and the address popover. */}
        <LocationSlot />
        {/* Issue 13: the branch's live state (stop lists, prices, pauses) read again every 4 s (loaded
            when the page is idle), compared first with the state this render saw. */}
        <LiveStopSlot rendered={liveState} />
        {/* Top centre, 5 s (spec section 9); loads sonner after the page is idle or at the first toast. */}
        <ToastArea />
      </BaseMessages>
    </>
  );
}
