import 'server-only';
import type { Metadata } from 'next';
import type { Messages } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';

/** A manager screen's title: a key of `staff-manage.meta` ('title' is the workspace's own). */
export type TManagerSection = keyof Messages['staff-manage']['meta'];

/**
 * `generateMetadata` of a manager page (and of their layout): the section's title in the page's
 * locale, and no page for search engines (issue 13: noindex; the sitemap never lists /staff).
 */
export function managerMetadata(section: TManagerSection) {
  return async function generateMetadata({
    params,
  }: {
    params: Promise<{ locale: string }>;
  }): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({
      locale: routing.locales.find((l) => l === locale) ?? routing.defaultLocale,
      namespace: 'staff-manage.meta',
    });
    return { title: t(section), robots: { index: false, follow: false } };
  };
}
