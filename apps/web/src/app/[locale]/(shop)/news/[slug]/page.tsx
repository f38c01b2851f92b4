import { richTextToPlain } from '@app/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/json-ld';
import { ApiImage } from '@/components/ui/api-image.server';
import { RichText } from '@/components/ui/rich-text';
import { BackLink, DATE_FORMAT, PageFrame } from '@/features/content';
import { getNewsEvent } from '@/features/content/server';
import { resolvePageLocale } from '@/i18n/page-locale';
import { env } from '@/lib/env';
import { pick } from '@/lib/localized';
import { localizedUrl, paths } from '@/lib/paths';
import { metaDescription, pageMetadata } from '@/lib/seo';

type TProps = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const item = await getNewsEvent((await params).slug);
  if (item?.type !== 'news') return {};
  return pageMetadata({
    locale,
    path: paths.news(item.slug),
    title: pick(item.title, locale),
    description: metaDescription(pick(item.preview, locale) || richTextToPlain(pick(item.body, locale))),
    image: `${env().PUBLIC_API_URL}${item.image.sources.at(-1)?.url ?? item.image.url}`,
  });
}

export default async function NewsItemPage({ params }: TProps) {
  const locale = await resolvePageLocale(params);
  const [item, t, format] = await Promise.all([
    getNewsEvent((await params).slug),
    getTranslations('common'),
    getFormatter(),
  ]);
  // Gallery entries share the endpoint but have no page of their own.
  if (item?.type !== 'news') notFound();
  const title = pick(item.title, locale);
  return (
    <PageFrame
      title={title}
      before={<BackLink href={paths.news()}>{t('news.allNews')}</BackLink>}
      lead={
        <time dateTime={item.published_at}>
          {t('content.publishedAt', { date: format.dateTime(new Date(item.published_at), DATE_FORMAT) })}
        </time>
      }
    >
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: title,
          datePublished: item.published_at,
          inLanguage: locale,
          mainEntityOfPage: localizedUrl(env().SITE_URL, locale, paths.news(item.slug)),
          image: `${env().PUBLIC_API_URL}${item.image.sources.at(-1)?.url ?? item.image.url}`,
          publisher: { '@id': `${env().SITE_URL}/#organization` },
        }}
      />
      <ApiImage
        image={item.image}
        sizes="(min-width: 768px) 720px, 100vw"
        priority
        className="mb-8 aspect-video w-full rounded-card bg-brand-50 object-cover"
      />
      <RichText source={pick(item.body, locale)} className="text-lg" />
    </PageFrame>
  );
}
