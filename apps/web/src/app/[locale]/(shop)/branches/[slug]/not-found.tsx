import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';

/** An unknown branch slug: the spec's 'Restaurant not found', with the way to the list. */
export default function BranchNotFound() {
  const t = useTranslations('common');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t('errors.restaurantNotFound')}</h1>
      <p className="mt-3 text-lg text-muted">{t('errors.notFoundText')}</p>
      <Link href={paths.branches()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('nav.branches')}
      </Link>
    </section>
  );
}
