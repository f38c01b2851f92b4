import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';

/** Previous/next links between list pages (`?page=`); nothing when everything fits on one. */
export async function Pagination({
  page,
  pageCount,
  pathname,
}: {
  page: number;
  pageCount: number;
  pathname: string;
}) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('common.actions');
  const href = (n: number) => (n === 1 ? pathname : { pathname, query: { page: String(n) } });
  return (
    <nav className="mt-10 flex items-center justify-center gap-4" aria-label={t('pagination')}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={buttonClasses('secondary')}>
          {t('previousPage')}
        </Link>
      ) : null}
      <span className="text-muted">
        {page} / {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={href(page + 1)} rel="next" className={buttonClasses('secondary')}>
          {t('nextPage')}
        </Link>
      ) : null}
    </nav>
  );
}
