import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';

/**
 * The staff workspace's 404 (HTTP 404), inside the staff layout: its header, noindex like every
 * /staff page (the layout's metadata), no customer shell; a way back to the workspace's sign-in,
 * which sends a signed-in member on to the own screen.
 */
export default function StaffNotFound() {
  const t = useTranslations('staff.notFound');
  return (
    <section
      aria-labelledby="staff-not-found"
      data-staff-not-found
      className="mx-auto flex max-w-xl flex-col items-center py-16 text-center"
    >
      <p className="text-6xl font-extrabold text-ink" aria-hidden="true">
        404
      </p>
      <h1 id="staff-not-found" className="mt-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <p className="mt-3 text-lg text-muted">{t('text')}</p>
      <Link href={paths.staff()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('back')}
      </Link>
    </section>
  );
}
