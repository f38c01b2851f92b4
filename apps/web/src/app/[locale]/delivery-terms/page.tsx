import type { Metadata } from 'next';
import { FormalPage } from '@/features/content/components/formal-page';
import { formalPageMetadata } from '@/features/content/formal-metadata';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';

const SLUG = 'delivery-terms';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  return formalPageMetadata(SLUG, await resolvePageLocale(params));
}

export default async function Page({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  return <FormalPage slug={SLUG} locale={locale} />;
}
