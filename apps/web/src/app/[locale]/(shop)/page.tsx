import type { TLocale } from '@app/contracts';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { cityFromSearchParam } from '@/features/menu';
import { getMenuTarget, MenuPage, menuMetadata } from '@/features/menu/server';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ city?: string | string[] }>;
};

/** `?city=` picks another city's menu; an unknown one falls back to Tashkent rather than a 404. */
async function target(props: Props) {
  const city = cityFromSearchParam((await props.searchParams).city);
  return (await getMenuTarget(city)) ?? (await getMenuTarget(undefined));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const locale = (await props.params).locale as TLocale;
  const menu = await target(props);
  return menu ? menuMetadata(locale, menu.city) : {};
}

/** The home page: the menu of Tashkent (or of `?city=`). */
export default async function HomePage(props: Props) {
  const locale = (await props.params).locale as TLocale;
  setRequestLocale(locale);
  const menu = await target(props);
  return <MenuPage locale={locale} citySlug={menu?.city.slug} />;
}
