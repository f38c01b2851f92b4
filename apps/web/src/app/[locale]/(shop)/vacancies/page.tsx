import type { TVacancy } from '@app/contracts';
import { formatSum, type MoneyLocale } from '@app/domain';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { RichText } from '@/components/ui/rich-text';
import { EmptyState, PageFrame, VacancyApplication } from '@/features/content';
import { getVacancies } from '@/features/content/server';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { PageMessages } from '@/i18n/page-messages';
import { getCities } from '@/lib/cities.server';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'common.vacancies' });
  return pageMetadata({ locale, path: paths.vacancies(), title: t('title'), description: t('description') });
}

async function salary(vacancy: TVacancy): Promise<string> {
  const [t, locale] = await Promise.all([getTranslations('common.vacancies'), getLocale()]);
  const sum = (n: number) => formatSum(n, locale as MoneyLocale);
  const { salary_from: from, salary_to: to } = vacancy;
  if (from !== null && to !== null) return t('salaryRange', { from: sum(from), to: sum(to) });
  if (from !== null) return t('salaryFrom', { from: sum(from) });
  if (to !== null) return t('salaryTo', { to: sum(to) });
  return t('salaryNegotiable');
}

export default async function VacanciesPage({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  const [vacancies, cities, t] = await Promise.all([
    getVacancies(),
    getCities(),
    getTranslations('common.vacancies'),
  ]);
  const cityName = (slug: string) => pick(cities.find((c) => c.slug === slug)?.name, locale) || slug;
  const salaries = await Promise.all(vacancies.map(salary));
  return (
    <PageFrame title={t('title')} lead={t('description')}>
      {vacancies.length === 0 ? (
        <EmptyState>{t('closed')}</EmptyState>
      ) : (
        <PageMessages namespaces={[]} commonSections={['vacancies']}>
          <ul className="space-y-6">
            {vacancies.map((vacancy, i) => {
              const title = pick(vacancy.title, locale);
              return (
                <li key={vacancy.id}>
                  <article className="rounded-card bg-white p-5 shadow-card ring-1 ring-line md:p-6">
                    <h2 className="text-2xl font-bold">{title}</h2>
                    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                      <div>
                        <dt className="text-muted">{t('salary')}</dt>
                        <dd className="font-semibold">{salaries[i]}</dd>
                      </div>
                      <div>
                        <dt className="text-muted">{t('schedule')}</dt>
                        <dd className="font-semibold">{pick(vacancy.schedule, locale)}</dd>
                      </div>
                      <div>
                        <dt className="text-muted">{t('city')}</dt>
                        <dd className="font-semibold">{cityName(vacancy.city)}</dd>
                      </div>
                    </dl>
                    <RichText source={pick(vacancy.description, locale)} className="mt-4" />
                    <div className="mt-5">
                      {vacancy.is_active ? (
                        <VacancyApplication vacancyId={vacancy.id} title={title} />
                      ) : (
                        <p className="font-semibold text-muted">{t('closed')}</p>
                      )}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        </PageMessages>
      )}
    </PageFrame>
  );
}
