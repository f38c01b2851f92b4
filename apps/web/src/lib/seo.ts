import 'server-only';
import type { Metadata } from 'next';
import { routing } from '@/i18n/routing';
import { env } from './env';
import { localizedUrl } from './paths';

/**
 * Canonical URL of a page in `locale` and its hreflang alternates: one per locale plus x-default
 * (the default locale's URL). `path` is locale-less ('/about', '/news/plov-day').
 */
export function alternates(locale: string, path: string): NonNullable<Metadata['alternates']> {
  const site = env().SITE_URL;
  const languages: Record<string, string> = {};
  for (const l of routing.locales) languages[l] = localizedUrl(site, l, path, routing.defaultLocale);
  languages['x-default'] = localizedUrl(site, routing.defaultLocale, path, routing.defaultLocale);
  return { canonical: localizedUrl(site, locale, path, routing.defaultLocale), languages };
}

export type TPageMetaInput = {
  locale: string;
  path: string;
  title: string;
  description: string;
  /** Absolute URL of a picture for link previews. */
  image?: string;
  /** For pages that must not be indexed (cart, checkout). */
  noIndex?: boolean;
};

/** Title, description, canonical, hreflang and Open Graph of one page. */
export function pageMetadata({ locale, path, title, description, image, noIndex }: TPageMetaInput): Metadata {
  const alt = alternates(locale, path);
  return {
    title,
    description,
    alternates: alt,
    openGraph: {
      title,
      description,
      url: typeof alt.canonical === 'string' ? alt.canonical : undefined,
      locale,
      type: 'website',
      ...(image ? { images: [{ url: image }] } : {}),
    },
    ...(noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** Plain text cut to a meta description's useful length. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}
