import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getMenuTarget } from '@/features/menu/server';
import { isOrderId, OrderDetailView, type TCurrentMenu } from '@/features/orders';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = (await params) as { locale: TLocale; id: string };
  const t = await getTranslations({ locale, namespace: 'order.orders' });
  return pageMetadata({
    locale,
    path: paths.order(id),
    // Not My orders' title: a tab, the history and a screen reader's page title tell the two apart
    // (the order's number is read in the browser, so the title cannot name it).
    title: t('detailTitle'),
    description: t('metaDescription'),
    noIndex: true,
  });
}

/**
 * The menu a repeat refills the cart from: the chosen branch's (cookies), else the city's. Without
 * it (the API is down) the page still shows the order, only the repeat button is off.
 */
async function currentMenu(): Promise<TCurrentMenu | null> {
  try {
    const target = await getMenuTarget(undefined);
    return target ? { menuId: target.menuId, branchId: target.branchId } : null;
  } catch {
    return null;
  }
}

/** `/myorders/{id}`: every field of the order, its dishes to rate, repeat. Read client-side (the token lives there). */
export default async function OrderPage({ params }: Props) {
  const { locale, id } = (await params) as { locale: TLocale; id: string };
  setRequestLocale(locale);
  if (!isOrderId(id)) notFound();
  const [t, menu] = await Promise.all([
    getTranslations({ locale, namespace: 'order.orders' }),
    currentMenu(),
  ]);
  return (
    <div className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      {/* The page's own heading, as its <title>: not My orders' (the order's number heads its card). */}
      <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{t('detailTitle')}</h1>
      <PageMessages namespaces={PAGE_NAMESPACES.order} commonSections={['product']}>
        <OrderDetailView orderId={id.toLowerCase()} menu={menu} />
      </PageMessages>
    </div>
  );
}
