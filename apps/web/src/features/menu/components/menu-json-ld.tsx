'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { routing } from '@/i18n/routing';
import { useConfig } from '@/lib/config-provider';
import { menuJsonLd } from '../lib/menu-json-ld';
import { useMenuData } from './menu-filter';

/**
 * The menu's schema.org JSON-LD, in the HTML for search engines. Built from the menu's one copy the
 * cards render from: as a server component its text went into the flight payload a second time
 * (23 KB). JSON is not HTML, so '<' is escaped to keep a text value from closing the element; a data
 * block is never run, but it carries the page's CSP nonce like every other script element.
 */
export function MenuJsonLd({ name, nonce }: { name: string; nonce: string | undefined }) {
  const { view, citySlug } = useMenuData();
  const { siteUrl } = useConfig();
  const locale = useLocale();
  const json = useMemo(
    () =>
      JSON.stringify(
        menuJsonLd({
          name,
          locale,
          view,
          siteUrl,
          defaultLocale: routing.defaultLocale,
          // The city the cards link (the page's city), so each item is that city's page at its price.
          citySlug,
        }),
      ).replace(/</g, '\\u003c'),
    [name, locale, view, siteUrl, citySlug],
  );
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw script text; it is escaped above.
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
  );
}
