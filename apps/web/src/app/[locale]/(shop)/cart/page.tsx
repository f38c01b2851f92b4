import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CartView } from '@/features/cart';
import { getCartPageData } from '@/features/cart/server';
import { PageMessages } from '@/i18n/page-messages';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = (await params).locale as TLocale;
  const t = await getTranslations({ locale, namespace: 'order.meta' });
  return pageMetadata({
    locale,
    path: paths.cart(),
    title: t('cartTitle'),
    description: t('cartDescription'),
    noIndex: true,
  });
}

/** `/cart`: the cart lives in the browser; the server adds the minimum order price and the stop list. */
export default async function CartPage({ params }: Props) {
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const [data, t] = await Promise.all([
    getCartPageData(),
    getTranslations({ locale: locale, namespace: 'order.cart' }),
  ]);
  return (
    <div className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      <PageMessages namespaces={['order']} commonSections={['product']}>
        <CartView
          minimalOrderPrice={data?.minimalOrderPrice ?? 0}
          stoppedIds={data?.stoppedIds ?? []}
          menuId={data?.menuId ?? ''}
          branchId={data?.branchId ?? null}
        />
      </PageMessages>
    </div>
  );
}
