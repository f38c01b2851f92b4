import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutView } from '@/features/checkout';
import { getCheckoutPageData } from '@/features/checkout/server';
import { PageMessages } from '@/i18n/page-messages';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = (await params).locale as TLocale;
  const t = await getTranslations({ locale, namespace: 'order.checkout.meta' });
  return pageMetadata({
    locale,
    path: paths.checkout(),
    title: t('title'),
    description: t('description'),
    noIndex: true,
  });
}

/**
 * `/checkout`: the customer, the cart, the location and the form live in the browser; the server
 * hands down the payment types on offer (and whether bonuses may pay a part) and today's stop list.
 */
export default async function CheckoutPage({ params }: Props) {
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const [data, t] = await Promise.all([
    getCheckoutPageData(),
    getTranslations({ locale, namespace: 'order.checkout' }),
  ]);
  return (
    // `data-bottom-bar-page`: the summary's bar sticks to a phone's bottom edge, so the root scrolls
    // focused fields clear of it (globals.css; it must stay a child of the layout's <main>).
    <div data-bottom-bar-page className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      <PageMessages namespaces={['order']}>
        <CheckoutView paymentTypes={data.paymentTypes} loyalty={data.loyalty} stoppedIds={data.stoppedIds} />
      </PageMessages>
    </div>
  );
}
