import 'server-only';
import type { TCity, TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

/** Title and description of a city's menu; '/' and '/tashkent' share one canonical URL. */
export async function menuMetadata(locale: TLocale, city: TCity): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'common.menu' });
  const name = city.name[locale];
  return pageMetadata({
    locale,
    path: paths.home(city.slug),
    title: t('metaTitle', { city: name }),
    description: t('metaDescription', { city: name }),
  });
}
