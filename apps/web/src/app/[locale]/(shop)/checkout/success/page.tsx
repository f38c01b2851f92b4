import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ order?: string | string[]; number?: string | string[] }>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The short order number as the API writes it ('B-10234'); anything else is not shown. */
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = (await params).locale as TLocale;
  const t = await getTranslations({ locale, namespace: 'order.checkout.meta' });
  return pageMetadata({
    locale,
    path: '/checkout/success',
    title: t('successTitle'),
    description: t('description'),
    noIndex: true,
  });
}

/**
 * The order success screen (spec section 8: 'Our operators will contact you soon'), leading to the
 * order. The order's id and number come in the URL, so a reload shows the same screen.
 */
export default async function CheckoutSuccessPage({ params, searchParams }: Props) {
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const query = await searchParams;
  const orderId = single(query.order);
  const number = single(query.number);
  const t = await getTranslations({ locale, namespace: 'order' });
  return (
    <div className="mx-auto flex w-full max-w-[1248px] flex-col items-center gap-4 px-4 pt-12 pb-16 text-center md:px-6">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('checkout.success.title')}</h1>
      {number && ORDER_NUMBER.test(number) ? (
        <p className="text-lg font-semibold" data-testid="order-number">
          {t('checkout.success.number', { number })}
        </p>
      ) : null}
      <p role="status" className="text-muted">
        {t('orderCreated')}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {orderId && UUID.test(orderId) ? (
          <Link href={paths.order(orderId)} className={buttonClasses('primary')}>
            {t('checkout.success.toOrder')}
          </Link>
        ) : null}
        <Link href={paths.home()} className={buttonClasses('secondary')}>
          {t('checkout.success.toMenu')}
        </Link>
      </div>
    </div>
  );
}
