import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ManagerShell } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';
import { StaffMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES, routing } from '@/i18n/routing';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

const localeOf = (locale: string) => routing.locales.find((l) => l === locale) ?? routing.defaultLocale;

// The staff workspace is no page for search engines (issue 13): noindex, and out of the sitemap.
export const generateMetadata = managerMetadata('title');

/** `/staff/manager/...`: the manager's screens, for a signed-in manager only (ManagerShell checks). */
export default async function ManagerLayout({ children, params }: Props) {
  setRequestLocale(localeOf((await params).locale));
  return (
    <StaffMessages extra={PAGE_NAMESPACES.staffManager}>
      <ManagerShell>{children}</ManagerShell>
    </StaffMessages>
  );
}
