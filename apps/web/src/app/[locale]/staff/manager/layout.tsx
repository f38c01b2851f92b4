import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ManagerShell } from '@/features/staff-manage';
import { StaffMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES, routing } from '@/i18n/routing';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

const localeOf = (locale: string) => routing.locales.find((l) => l === locale) ?? routing.defaultLocale;

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOf((await params).locale),
    namespace: 'staff-manage.meta',
  });
  // The staff workspace is no page for search engines (issue 13): noindex, and out of the sitemap.
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** `/staff/manager/...`: the manager's screens, for a signed-in manager only (ManagerShell checks). */
export default async function ManagerLayout({ children, params }: Props) {
  setRequestLocale(localeOf((await params).locale));
  return (
    <StaffMessages extra={PAGE_NAMESPACES.staffManager}>
      <ManagerShell>{children}</ManagerShell>
    </StaffMessages>
  );
}
