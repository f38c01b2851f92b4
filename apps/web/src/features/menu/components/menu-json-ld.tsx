'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { useConfig } from '@/lib/config-provider';
import { localizedUrl, paths } from '@/lib/paths';
import { menuJsonLd } from '../lib/menu-json-ld';
import { useMenuData } from './menu-filter';

/**
 * The menu's schema.org JSON-LD, in the HTML for search engines. Built from the menu's one copy the
 * cards render from: as a server component its text went into the flight payload a second time
 * (23 KB). JSON is not HTML, so '<' is escaped to keep a text value from closing the element; a data
 * block is never run, but it carries the page's CSP nonce like every other script element.
 */
export function MenuJsonLd({ name, nonce }: { name: string; nonce: string | undefined }) {
  const { view } = useMenuData();
  const { siteUrl } = useConfig();
  const locale = useLocale();
  const json = useMemo(
    () =>
      JSON.stringify(
        menuJsonLd({
          name,
          locale,
          view,
          productUrl: (slug) => localizedUrl(siteUrl, locale, paths.product(slug)),
        }),
      ).replace(/</g, '\\u003c'),
    [name, locale, view, siteUrl],
  );
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw script text; it is escaped above.
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
  );
}
