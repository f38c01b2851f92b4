import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { routing } from '@/i18n/routing';
import { ConfigProvider } from '@/lib/config-provider';
import { browserConfig, env } from '@/lib/env';

type TLayoutProps = { children: ReactNode; params: Promise<{ locale: string }> };

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

/**
 * What every page of a locale shares: `<html lang>`, the body and the browser's run-time
 * configuration. The customer's shell (header, footer, location prompt, sign-in, cart badge) is the
 * `(shop)` group's layout; the staff workspace (`staff/`) has its own (ARCHITECTURE.md, "The staff
 * workspace"), so neither loads a byte of the other.
 */
export default async function LocaleLayout({ children, params }: TLayoutProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Rendered per request: the runtime config (API and site URLs) must not be frozen at build time, and
  // the API need not run during `next build`. API reads are still cached (revalidate 60 s).
  await connection();
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <ConfigProvider config={browserConfig()}>{children}</ConfigProvider>
      </body>
    </html>
  );
}
