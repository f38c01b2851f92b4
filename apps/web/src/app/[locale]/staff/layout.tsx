import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ToastArea } from '@/components/ui/toasts';
import { StaffShell } from '@/features/staff';
import { StaffMessages } from '@/i18n/page-messages';

/** Not for search engines (robots.txt disallows /staff too; the sitemap never lists it). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staff.meta');
  return { title: { absolute: t('title') }, robots: { index: false, follow: false } };
}

/**
 * The staff workspace (issue 13): its own layout under the locale's `<html>`, without the customer's
 * shell (header, footer, location prompt, cart, customer sign-in). Signed-in screens, rendered per
 * visitor in the browser: the HTML cache never keeps them (html-cache.ts `STATIC_SEGMENTS`).
 */
export default function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <StaffMessages>
      <StaffShell>{children}</StaffShell>
      <ToastArea />
    </StaffMessages>
  );
}
