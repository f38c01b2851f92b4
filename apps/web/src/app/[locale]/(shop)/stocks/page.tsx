import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { RichText } from '@/components/ui/rich-text';
import { DATE_FORMAT, EmptyState, PageFrame } from '@/features/content';
import { ContentCard, getStocks } from '@/features/content/server';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'common.stocks' });
  return pageMetadata({ locale, path: paths.stocks(), title: t('title'), description: t('description') });
}

export default async function StocksPage({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  const [stocks, t, format] = await Promise.all([getStocks(), getTranslations('common'), getFormatter()]);
  const date = (iso: string) => format.dateTime(new Date(iso), DATE_FORMAT);
  return (
    <PageFrame title={t('stocks.title')} lead={t('stocks.description')} wide>
      {stocks.length === 0 ? (
        <EmptyState>{t('content.empty')}</EmptyState>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stocks.map((stock, index) => (
            <ContentCard
              key={stock.id}
              image={stock.image}
              title={pick(stock.title, locale)}
              meta={
                stock.ends_at
                  ? t('stocks.period', { from: date(stock.starts_at), to: date(stock.ends_at) })
                  : t('stocks.since', { from: date(stock.starts_at) })
              }
              body={<RichText source={pick(stock.description, locale)} className="space-y-2" />}
              priority={index < 3}
              footer={
                stock.promo_code ? (
                  <p className="inline-block rounded-full bg-brand-100 px-3 py-1 font-mono font-semibold text-brand-800">
                    {t('stocks.promoCode', { code: stock.promo_code })}
                  </p>
                ) : null
              }
            />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
