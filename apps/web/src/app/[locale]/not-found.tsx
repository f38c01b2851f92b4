import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
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
      <Link href={paths.home()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('actions.goHome')}
      </Link>
    </section>
  );
}
