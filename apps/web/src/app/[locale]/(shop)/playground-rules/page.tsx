import type { Metadata } from 'next';
import { FormalPage, formalPageMetadata } from '@/features/content/server';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';

const SLUG = 'playground-rules';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  return formalPageMetadata(SLUG, await resolvePageLocale(params));
}

export default async function Page({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  return <FormalPage slug={SLUG} locale={locale} />;
}
