import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { TAppLocale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { FORMAL_PAGES, type TFormalSlug } from './lib/formal-pages';

export async function formalPageMetadata(slug: TFormalSlug, locale: TAppLocale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'formal' });
  const key = FORMAL_PAGES[slug];
  return pageMetadata({
    locale,
    path: `/${slug}`,
    title: t(`${key}Title`),
    description: t(`${key}Description`),
  });
}
