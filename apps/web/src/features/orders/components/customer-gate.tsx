'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useRequireCustomer } from '@/features/auth';
import type { TAuthUser } from '@/lib/stores/auth';

/**
 * My orders need a signed-in customer (spec section 6). The customer lives in the browser, so the
 * page decides here: the login dialog opens once on arrival (and brings the customer back), a
 * visitor who closes it gets a sign-in button.
 */
export function CustomerGate({ children }: { children: (user: TAuthUser) => ReactNode }) {
  const t = useTranslations('common.auth');
  const customer = useRequireCustomer();
  if (customer.status === 'loading') {
    return (
      <p className="text-muted" aria-live="polite" aria-busy="true">
        {t('profile.loading')}
      </p>
    );
  }
  if (customer.status === 'anonymous') {
    return (
      <section className="flex max-w-md flex-col items-start gap-3 rounded-card bg-white p-5 shadow-card ring-1 ring-line">
        <h2 className="text-xl font-bold">{t('signInRequired')}</h2>
        <p className="text-muted">{t('signInRequiredText')}</p>
        <Button onClick={customer.signIn}>{t('signIn')}</Button>
      </section>
    );
  }
  return <>{children(customer.user)}</>;
}
