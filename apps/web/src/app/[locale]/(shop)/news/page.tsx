import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { DATE_FORMAT, EmptyState, PageFrame } from '@/features/content';
import { ContentCard, getNewsEvents, NEWS_PAGE_SIZE, Pagination } from '@/features/content/server';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type TProps = { params: TLocaleParams; searchParams: Promise<{ page?: string }> };

/** The API pages up to 10 000; beyond that (or beyond the last page) there is no such list page. */
const MAX_PAGE = 10_000;

function pageNumber(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'common.news' });
  return pageMetadata({ locale, path: paths.news(), title: t('title'), description: t('description') });
}

export default async function NewsPage({ params, searchParams }: TProps) {
  const locale = await resolvePageLocale(params);
  const page = pageNumber((await searchParams).page);
  if (page > MAX_PAGE) notFound();
  const [{ count, items }, t, format] = await Promise.all([
    getNewsEvents('news', page, NEWS_PAGE_SIZE),
    getTranslations('common'),
    getFormatter(),
  ]);
  if (page > 1 && items.length === 0) notFound();
  return (
    <PageFrame title={t('news.title')} lead={t('news.description')} wide>
      {items.length === 0 ? (
        <EmptyState>{t('content.empty')}</EmptyState>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <ContentCard
              key={item.id}
              href={paths.news(item.slug)}
              image={item.image}
              title={pick(item.title, locale)}
              meta={
                <time dateTime={item.published_at}>
                  {format.dateTime(new Date(item.published_at), DATE_FORMAT)}
                </time>
              }
              text={pick(item.preview, locale)}
              priority={index < 3}
            />
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={Math.ceil(count / NEWS_PAGE_SIZE)} pathname={paths.news()} />
    </PageFrame>
  );
}
