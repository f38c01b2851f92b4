import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';
import {
  BranchesMap,
  branchMarkers,
  branchStatus,
  EmptyState,
  isOpenStatus,
  PageFrame,
} from '@/features/content';
import { BranchCard, getBranches } from '@/features/content/server';
import { getPathname, Link } from '@/i18n/navigation';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { getCities } from '@/lib/cities.server';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type TProps = { params: TLocaleParams; searchParams: Promise<{ city?: string }> };

export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'branches' });
  return pageMetadata({ locale, path: paths.branches(), title: t('title'), description: t('description') });
}

const chip = 'rounded-full px-4 py-2 font-semibold ring-1 ring-line';

export default async function BranchesPage({ params, searchParams }: TProps) {
  const locale = await resolvePageLocale(params);
  const cities = await getCities();
  const requested = (await searchParams).city;
  const city = cities.find((c) => c.slug === requested)?.slug;
  const [branches, t] = await Promise.all([getBranches(city), getTranslations('branches')]);
  const now = new Date();
  const rows = branches
    .map((branch) => ({ branch, status: branchStatus(branch, now, locale) }))
    // Open ones first: a visitor deciding where to go now cares about those.
    .sort((a, b) => Number(isOpenStatus(b.status)) - Number(isOpenStatus(a.status)));

  return (
    <PageMessages namespaces={PAGE_NAMESPACES.branches}>
      <PageFrame title={t('title')} lead={t('description')} wide>
        <nav aria-label={t('filterByCity')} className="mb-6 flex flex-wrap gap-2">
          <Link
            href={paths.branches()}
            aria-current={city ? undefined : 'page'}
            className={cn(
              chip,
              city ? 'bg-white hover:bg-brand-50' : 'bg-brand-700 text-white ring-brand-700',
            )}
          >
            {t('allCities')}
          </Link>
          {cities.map((c) => (
            <Link
              key={c.slug}
              href={{ pathname: paths.branches(), query: { city: c.slug } }}
              aria-current={city === c.slug ? 'page' : undefined}
              className={cn(
                chip,
                city === c.slug ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white hover:bg-brand-50',
              )}
            >
              {pick(c.name, locale)}
            </Link>
          ))}
        </nav>
        <p className="mb-4 text-muted" aria-live="polite">
          {t('count', { count: rows.length })}
        </p>
        {rows.length > 0 ? (
          <div className="mb-8">
            <BranchesMap
              label={t('map.label')}
              markers={branchMarkers(
                rows.map(({ branch, status }) => ({
                  branch,
                  status,
                  href: getPathname({ href: paths.branch(branch.slug), locale }),
                })),
                locale,
                t('details'),
              )}
            />
          </div>
        ) : null}
        {rows.length === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map(({ branch, status }) => (
              <BranchCard key={branch.id} branch={branch} status={status} locale={locale} />
            ))}
          </div>
        )}
      </PageFrame>
    </PageMessages>
  );
}
