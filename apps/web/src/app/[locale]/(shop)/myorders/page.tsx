import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrdersList } from '@/features/orders';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = (await params).locale as TLocale;
  const t = await getTranslations({ locale, namespace: 'order.orders' });
  return pageMetadata({
    locale,
    path: paths.myOrders(),
    title: t('title'),
    description: t('metaDescription'),
    noIndex: true,
  });
}

/** `/myorders`: the customer is known only to the browser, so the page is a shell; orders load client-side. */
export default async function MyOrdersPage({ params }: Props) {
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'order.orders' });
  return (
    <div className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      <PageMessages namespaces={PAGE_NAMESPACES.myOrders}>
        <OrdersList />
      </PageMessages>
    </div>
  );
}
