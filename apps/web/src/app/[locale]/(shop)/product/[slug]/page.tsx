import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { JsonLd } from '@/components/json-ld';
import { cityFromSearchParam } from '@/features/menu';
import { getProductPageData, ProductView, productJsonLd, productMetadata } from '@/features/product/server';
import { Link } from '@/i18n/navigation';
import { PageMessages } from '@/i18n/page-messages';
import { routing } from '@/i18n/routing';
import { env } from '@/lib/env';
import { paths } from '@/lib/paths';

type Props = {
  params: Promise<{ locale: string; slug: string }>;
  searchParams: Promise<{ city?: string | string[] }>;
};

/**
 * The product and the city whose menu the page shows (`getProductPageData`: `?city=` when it names
 * a known city, any case, else the default one). Its canonical URL, hreflang alternates and JSON-LD
 * name the page of that city (`?city=Samarkand` and `?city=paris` are not pages of their own: the
 * first is Samarkand's, the second Tashkent's).
 */
async function load({ params, searchParams }: Props) {
  const [{ locale, slug }, { city }] = await Promise.all([params, searchParams]);
  const data = await getProductPageData(slug, cityFromSearchParam(city));
  return { locale: locale as TLocale, citySlug: data?.citySlug ?? null, data };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, citySlug, data } = await load(props);
  return data ? productMetadata(data.product, locale, citySlug) : {};
}

/** `/product/{slug}`: the full product page (a shared link, a reload, or a search result). */
export default async function ProductPage(props: Props) {
  const { locale, citySlug, data } = await load(props);
  setRequestLocale(locale);
  if (!data) notFound();
  const t = await getTranslations({ locale, namespace: 'common.product' });
  const { SITE_URL, PUBLIC_API_URL } = env();
  const tMeta = await getTranslations({ locale, namespace: 'common.meta' });
  const largest = data.product.image?.sources.reduce((a, b) => (b.width > a.width ? b : a));
  return (
    <div className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      {/* One link back, not a trail: no navigation landmark of its own; the arrow is not read out. */}
      <p className="mb-4 text-sm">
        <Link href={paths.home(citySlug)} className="font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> {t('backToMenu')}
        </Link>
      </p>
      <PageMessages namespaces={[]} commonSections={['product']}>
        <ProductView data={data} locale={locale} variant="page" />
      </PageMessages>
      <JsonLd
        data={productJsonLd({
          product: data.product,
          locale,
          siteUrl: SITE_URL,
          defaultLocale: routing.defaultLocale,
          citySlug,
          imageUrl: largest ? `${PUBLIC_API_URL}${largest.url}` : null,
          available: !data.unavailable,
          brand: tMeta('siteName'),
        })}
      />
    </div>
  );
}
