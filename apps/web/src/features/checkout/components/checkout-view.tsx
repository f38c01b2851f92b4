'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { useRequireCustomer } from '@/features/auth';
import { cartStore, useCart, useCartHydrated } from '@/features/cart';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useCheckoutStoresHydrated } from '../hooks/use-checkout-place';
import type { TCheckoutPaymentType } from '../lib/payment-types';
import { CheckoutForm } from './checkout-form';

export type TCheckoutViewProps = {
  paymentTypes: TCheckoutPaymentType[];
  /** The shipper offers the accumulative card (bonuses pay a part of the order). */
  loyalty: boolean;
  stoppedIds: string[];
};

function Notice({ title, text, children }: { title: string; text?: string; children?: React.ReactNode }) {
  return (
    <section className="flex max-w-md flex-col items-start gap-3 rounded-card bg-white p-5 shadow-card ring-1 ring-line">
      <h2 className="text-xl font-bold">{title}</h2>
      {text ? <p className="text-muted">{text}</p> : null}
      {children}
    </section>
  );
}

function CheckoutGate(props: TCheckoutViewProps) {
  const t = useTranslations('order.checkout');
  const tAuth = useTranslations('common.auth');
  const customer = useRequireCustomer();
  const cartHydrated = useCartHydrated();
  const storesHydrated = useCheckoutStoresHydrated();
  const lines = useCart((s) => s.lines);
  // Set once the order is placed: the cart is emptied then, and the page leaves for the success screen
  // ('done') or the provider's payment page ('online').
  const [placed, setPlaced] = useState<'done' | 'online' | null>(null);

  // The menu knows today's stop list; lines of stopped products are flagged and block the order.
  const stoppedKey = props.stoppedIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: stoppedKey stands for the id list's content.
  useEffect(() => {
    if (cartHydrated) cartStore.getState().setStopped(props.stoppedIds);
  }, [cartHydrated, stoppedKey]);

  if (placed) {
    return (
      <p role="status" className="py-16 text-center text-muted">
        {placed === 'online' ? t('toPayment') : t('placed')}
      </p>
    );
  }
  if (customer.status === 'loading' || !cartHydrated || !storesHydrated) {
    return (
      <p aria-busy="true" className="py-16 text-center text-muted">
        {t('loading')}
      </p>
    );
  }
  if (customer.status === 'anonymous') {
    return (
      <Notice title={tAuth('signInRequired')} text={t('signInText')}>
        <Button onClick={customer.signIn}>{tAuth('signIn')}</Button>
      </Notice>
    );
  }
  if (!lines.some((l) => !l.default_product)) {
    return (
      <Notice title={t('emptyCart')} text={t('emptyCartHint')}>
        <Link href={paths.home()} className={buttonClasses('primary')}>
          {t('toMenu')}
        </Link>
      </Notice>
    );
  }
  return (
    <CheckoutForm
      key={customer.user.id}
      lines={lines}
      paymentTypes={props.paymentTypes}
      loyalty={props.loyalty}
      customerId={customer.user.id}
      onPlaced={(online) => setPlaced(online ? 'online' : 'done')}
    />
  );
}

/**
 * `/checkout` (spec sections 2-5): a signed-in customer's cart becomes an order. The page is a shell
 * from the server (payment types, stop list); the cart, the location and the form live in the
 * browser's stores, and every amount shown comes from the API's quote of the order.
 */
export function CheckoutView(props: TCheckoutViewProps) {
  return (
    <QueryProvider>
      <CheckoutGate {...props} />
    </QueryProvider>
  );
}
