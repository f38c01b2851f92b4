import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { RichText } from '@/components/ui/rich-text';
import { PageFrame } from '@/features/content';
import { getPage } from '@/features/content/server';
import { Link } from '@/i18n/navigation';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'about' });
  return pageMetadata({ locale, path: paths.about(), title: t('title'), description: t('description') });
}

export default async function AboutPage({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  const [page, t] = await Promise.all([getPage('about'), getTranslations('about')]);
  if (!page) notFound();
  return (
    <PageMessages namespaces={PAGE_NAMESPACES.about}>
      <PageFrame title={pick(page.title, locale)}>
        <RichText source={pick(page.body, locale)} className="text-lg" />
        <Link href={paths.branches()} className={buttonClasses('primary', 'lg', 'mt-10')}>
          {t('seeAllBranches')}
        </Link>
      </PageFrame>
    </PageMessages>
  );
}
