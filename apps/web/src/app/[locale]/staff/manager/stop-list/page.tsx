import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StopListScreen } from '@/features/staff-manage';
import { routing } from '@/i18n/routing';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({
    locale: routing.locales.find((l) => l === locale) ?? routing.defaultLocale,
    namespace: 'staff-manage.meta',
  });
  return { title: t('stopList'), robots: { index: false, follow: false } };
}

export default function Page() {
  return <StopListScreen />;
}
