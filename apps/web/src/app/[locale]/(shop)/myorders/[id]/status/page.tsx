import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isOrderId, OrderStatusView } from '@/features/orders';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = (await params) as { locale: TLocale; id: string };
  const t = await getTranslations({ locale, namespace: 'order.status' });
  return pageMetadata({
    locale,
    path: paths.orderStatus(id),
    title: t('title'),
    description: t('metaDescription'),
    noIndex: true,
  });
}

/** `/myorders/{id}/status`: the order's steps with times, updated live (status stream, polling as fallback). */
export default async function OrderStatusPage({ params }: Props) {
  const { locale, id } = (await params) as { locale: TLocale; id: string };
  setRequestLocale(locale);
  if (!isOrderId(id)) notFound();
  const t = await getTranslations({ locale, namespace: 'order.status' });
  return (
    <div className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      <PageMessages namespaces={PAGE_NAMESPACES.orderStatus}>
        <OrderStatusView orderId={id.toLowerCase()} />
      </PageMessages>
    </div>
  );
}
