import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProfileView } from '@/features/auth';
import { LoyaltyCard } from '@/features/loyalty';
import { loyaltyOffered } from '@/features/loyalty/server';
import { PageMessages } from '@/i18n/page-messages';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = (await params).locale as TLocale;
  const t = await getTranslations({ locale, namespace: 'common.auth.profile' });
  return pageMetadata({
    locale,
    path: paths.profile(),
    title: t('title'),
    description: t('metaDescription'),
    noIndex: true,
  });
}

/**
 * `/profile`: the customer is known only to the browser (the stored token), so the page is a shell
 * and the personal data is read and saved client-side. Loads common and location only (spec
 * section 2), with common's `loyalty` section when the chain offers the accumulative card (its
 * balance and history, issue 12).
 */
export default async function ProfilePage({ params }: Props) {
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const [t, loyalty] = await Promise.all([
    getTranslations({ locale, namespace: 'common.auth.profile' }),
    loyaltyOffered(),
  ]);
  return (
    <div className="mx-auto w-full max-w-[1248px] px-4 pt-4 pb-16 md:px-6">
      <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      {loyalty ? (
        <PageMessages namespaces={[]} commonSections={['loyalty']}>
          <ProfileView>
            <LoyaltyCard />
          </ProfileView>
        </PageMessages>
      ) : (
        <ProfileView />
      )}
    </div>
  );
}
