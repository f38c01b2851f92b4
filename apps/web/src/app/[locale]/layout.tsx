import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { JsonLd } from '@/components/json-ld';
import { TopLoader } from '@/components/top-loader';
import { ToastArea } from '@/components/ui/toasts';
import { AuthSlot } from '@/features/auth';
import { LiveStopSlot } from '@/features/live-stop';
import { LocationSlot } from '@/features/location';
import { organizationJsonLd, SiteHeader } from '@/features/shell';
import { getShellData, SiteFooter } from '@/features/shell/server';
import { BaseMessages } from '@/i18n/page-messages';
import { routing } from '@/i18n/routing';
import { ConfigProvider } from '@/lib/config-provider';
import { browserConfig, env } from '@/lib/env';
import { StoreHydration } from '@/lib/stores/store-hydration';

type TLayoutProps = { children: ReactNode; modal: ReactNode; params: Promise<{ locale: string }> };

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Pick<TLayoutProps, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({
    locale: hasLocale(routing.locales, locale) ? locale : 'ru',
    namespace: 'common.meta',
  });
  return {
    metadataBase: new URL(env().SITE_URL),
    title: { default: t('title'), template: `%s | ${t('siteName')}` },
    description: t('description'),
    applicationName: t('siteName'),
    openGraph: { siteName: t('siteName'), type: 'website' },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = { themeColor: '#e35d0b', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, modal, params }: TLayoutProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Rendered per request: the runtime config (API and site URLs) must not be frozen at build time, and
  // the API need not run during `next build`. API reads are still cached (revalidate 60 s).
  await connection();
  const [{ shipper, cities }, t] = await Promise.all([getShellData(), getTranslations('common.header')]);
  const config = browserConfig();

  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[100] rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('skipToContent')}
        </a>
        <TopLoader />
        {shipper ? (
          <JsonLd data={organizationJsonLd(shipper, config.siteUrl, config.apiUrl, locale)} />
        ) : null}
        <ConfigProvider config={config}>
          <BaseMessages>
            <StoreHydration />
            {/* Only what the header shows: the whole shipper (descriptions in three locales...) would
                go to the browser as its prop. */}
            <SiteHeader
              shipper={
                shipper
                  ? { name: shipper.name, logo: shipper.logo, sister_brands: shipper.sister_brands }
                  : null
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
            {/* Issue 13: the branch's stop list read again every 4 s (loaded when the page is idle). */}
            <LiveStopSlot />
            {/* Top centre, 5 s (spec section 9); loads sonner after the page is idle or at the first toast. */}
            <ToastArea />
          </BaseMessages>
        </ConfigProvider>
      </body>
    </html>
  );
}
