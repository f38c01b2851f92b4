import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/json-ld';
import { ApiImage } from '@/components/ui/api-image.server';
import { buttonClasses } from '@/components/ui/button';
import {
  BackLink,
  BranchesMap,
  branchJsonLd,
  branchMarkers,
  branchStatus,
  PageFrame,
} from '@/features/content';
import { BranchFacts, BranchStatusBadge, getBranch } from '@/features/content/server';
import { getPathname } from '@/i18n/navigation';
import { resolvePageLocale } from '@/i18n/page-locale';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { env } from '@/lib/env';
import { pick } from '@/lib/localized';
import { localizedUrl, paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type TProps = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const branch = await getBranch((await params).slug);
  const t = await getTranslations({ locale, namespace: 'branches' });
  if (!branch) return { title: t('notFound') };
  const name = pick(branch.name, locale);
  return pageMetadata({
    locale,
    path: paths.branch(branch.slug),
    title: name,
    description: t('branchDescription', {
      name,
      address: pick(branch.address, locale),
      start: branch.work_hour_start,
      end: branch.work_hour_end,
    }),
  });
}

/** OpenStreetMap needs no key and works in every browser; the pin is the branch's coordinates. */
function mapUrl(lat: number, long: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=18/${lat}/${long}`;
}

export default async function BranchPage({ params }: TProps) {
  const locale = await resolvePageLocale(params);
  const [branch, t] = await Promise.all([getBranch((await params).slug), getTranslations('branches')]);
  if (!branch) notFound();
  const e = env();
  const status = branchStatus(branch, new Date(), locale);
  const image = branch.images[0];
  return (
    <PageMessages namespaces={PAGE_NAMESPACES.branch}>
      <PageFrame
        title={pick(branch.name, locale)}
        before={<BackLink href={paths.branches()}>{t('allBranches')}</BackLink>}
      >
        <JsonLd
          data={branchJsonLd(branch, {
            url: localizedUrl(e.SITE_URL, locale, paths.branch(branch.slug)),
            siteUrl: e.SITE_URL,
            apiUrl: e.PUBLIC_API_URL,
            locale,
          })}
        />
        <div className="mb-6">
          <BranchStatusBadge status={status} />
        </div>
        {image ? (
          <ApiImage
            image={image}
            sizes="(min-width: 768px) 720px, 100vw"
            priority
            className="mb-6 aspect-video w-full rounded-card bg-brand-50 object-cover"
          />
        ) : null}
        <div className="rounded-card bg-white p-5 ring-1 ring-line">
          <BranchFacts branch={branch} locale={locale} />
          {branch.is_active ? (
            <p className="mt-3 text-sm text-muted">{t('deliveryTime', { minutes: branch.delivery_time })}</p>
          ) : null}
        </div>
        <div className="mt-6">
          <BranchesMap
            label={t('map.branchLabel', { name: pick(branch.name, locale) })}
            focus={branch.location}
            markers={branchMarkers(
              [{ branch, status, href: getPathname({ href: paths.branch(branch.slug), locale }) }],
              locale,
              t('details'),
              branch.id,
            )}
          />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href={mapUrl(branch.location.lat, branch.location.long)}
            target="_blank"
            rel="noopener"
            className={buttonClasses('secondary')}
          >
            {t('onMap')}
          </a>
          {branch.virtual_tour ? (
            <a href={branch.virtual_tour} target="_blank" rel="noopener" className={buttonClasses('primary')}>
              {t('virtualTour')}
            </a>
          ) : null}
        </div>
      </PageFrame>
    </PageMessages>
  );
}
