'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/** The 500 page (spec section 2): 'Internal server error', 'We are currently working on a fix', retry. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations('common');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-7xl font-extrabold text-paprika-600" aria-hidden="true">
        500
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('errors.serverErrorTitle')}</h1>
      <p className="mt-3 text-lg text-muted">{t('errors.serverErrorText')}</p>
      <Button size="lg" className="mt-8" onClick={() => reset()}>
        {t('actions.retry')}
      </Button>
    </section>
  );
}
