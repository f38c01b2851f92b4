import type { TLocale } from '@app/contracts';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cityFromSearchParam } from '@/features/menu';
import { ProductDialog } from '@/features/product';
import { getProductPageData, ProductView } from '@/features/product/server';
import { PageMessages } from '@/i18n/page-messages';

type Props = {
  params: Promise<{ locale: string; slug: string }>;
  searchParams: Promise<{ city?: string | string[] }>;
};

/** The product opened from within the site (menu, search): the same content as the page, in a dialog. */
export default async function ProductModal({ params, searchParams }: Props) {
  const [{ locale: rawLocale, slug }, { city }] = await Promise.all([params, searchParams]);
  const locale = rawLocale as TLocale;
  setRequestLocale(locale);
  const data = await getProductPageData(slug, cityFromSearchParam(city));
  if (!data) {
    const t = await getTranslations({ locale, namespace: 'common.errors' });
    return (
      <ProductDialog title={t('notFoundTitle')}>
        <p>{t('notFoundText')}</p>
      </ProductDialog>
    );
  }
  return (
    <PageMessages namespaces={[]} commonSections={['product']}>
      <ProductDialog title={data.product.title[locale]}>
        <ProductView data={data} locale={locale} variant="dialog" />
      </ProductDialog>
    </PageMessages>
  );
}
