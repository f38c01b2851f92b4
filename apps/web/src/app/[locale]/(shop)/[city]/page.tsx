import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getMenuTarget, MenuPage, menuMetadata } from '@/features/menu/server';

type Props = { params: Promise<{ locale: string; city: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { city } = await params;
  const locale = (await params).locale as TLocale;
  const menu = await getMenuTarget(city);
  return menu ? menuMetadata(locale, menu.city) : {};
}

/** `/{city}`: that city's menu; an unknown city is a 404. */
export default async function CityMenuPage({ params }: Props) {
  const { city } = await params;
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const menu = await getMenuTarget(city);
  if (!menu) notFound();
  return <MenuPage locale={locale} citySlug={menu.city.slug} />;
}
