import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { routing, type TAppLocale } from './routing';

export type TLocaleParams = Promise<{ locale: string }>;

/** Every page starts here: a valid locale (else 404), registered for next-intl's server functions. */
export async function resolvePageLocale(params: Promise<{ locale: string }>): Promise<TAppLocale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
