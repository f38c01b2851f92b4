import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { RichText } from '@/components/ui/rich-text';
import { PageFrame } from '@/features/content';
import { BranchStatusBadge, getBranches, getPage } from '@/features/content/server';
import { getShipper } from '@/features/shell/server';
import { Link } from '@/i18n/navigation';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { formatPhone, phoneHref } from '@/lib/phone';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'common.contacts' });
  return pageMetadata({ locale, path: paths.contacts(), title: t('title'), description: t('description') });
}

export default async function ContactsPage({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  const [page, shipper, branches, t] = await Promise.all([
    getPage('contacts'),
    getShipper(),
    getBranches(),
    getTranslations('common'),
  ]);
  if (!page) notFound();
  // As on the branches pages: a restaurant closed for now stays listed, after the working ones, with
  // the same 'Temporarily closed' badge, so its number is not taken for one that answers.
  const listed = [...branches].sort((a, b) => Number(b.is_active) - Number(a.is_active));
  return (
    <PageFrame title={pick(page.title, locale)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-card bg-white p-5 ring-1 ring-line">
          <h2 className="text-sm font-bold text-muted uppercase">{t('footer.hotline')}</h2>
          <a
            href={phoneHref(shipper.phone)}
            className="mt-1 block text-2xl font-bold text-brand-700 hover:underline"
          >
            {formatPhone(shipper.phone)}
          </a>
        </div>
        <div className="rounded-card bg-white p-5 ring-1 ring-line">
          <h2 className="text-sm font-bold text-muted uppercase">{t('footer.workingHours')}</h2>
          <p className="mt-1 text-xl font-semibold">
            {t('footer.hours', { start: shipper.work_hour_start, end: shipper.work_hour_end })}
          </p>
        </div>
      </div>
      <RichText source={pick(page.body, locale)} className="mt-8 text-lg" />
      <h2 className="mt-10 text-2xl font-bold">{t('contacts.ourRestaurants')}</h2>
      <ul className="mt-4 divide-y divide-line rounded-card bg-white ring-1 ring-line">
        {listed.map((branch) => (
          <li
            key={branch.id}
            className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <div className="flex flex-wrap items-center gap-2">
                <Link href={paths.branch(branch.slug)} className="font-semibold hover:underline">
                  {pick(branch.name, locale)}
                </Link>
                {branch.is_active ? null : <BranchStatusBadge status={{ kind: 'inactive' }} />}
              </div>
              <p className="text-sm text-muted">{pick(branch.address, locale)}</p>
            </div>
            <a
              href={phoneHref(branch.phone)}
              className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
            >
              {formatPhone(branch.phone)}
            </a>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
