import { useTranslations } from 'next-intl';
import { IntentLink } from '@/components/intent-link';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** The 404 page (spec section 2): 'Page not found', the explanation and a way home. */
export default function NotFound() {
  const t = useTranslations('common');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-7xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('errors.notFoundTitle')}</h1>
      <p className="mt-3 text-lg text-muted">{t('errors.notFoundText')}</p>
      {/* IntentLink, not next-intl's Link: this page's client code joins every page's first load. */}
      <IntentLink href={paths.home()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('actions.goHome')}
      </IntentLink>
    </section>
  );
}
