import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { env } from '@/lib/env';
import { paths } from '@/lib/paths';

// SITE_URL is read at runtime.
export const dynamic = 'force-dynamic';

/**
 * Personal pages (cart, checkout, profile, orders) and the staff workspace in every locale are not for
 * search engines.
 */
export default function robots(): MetadataRoute.Robots {
  const site = env().SITE_URL;
  const privatePaths = [paths.cart(), paths.checkout(), paths.profile(), paths.myOrders(), paths.staff()];
  const prefixes = routing.locales.map((l) => (l === routing.defaultLocale ? '' : `/${l}`));
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: prefixes.flatMap((prefix) => privatePaths.map((p) => `${prefix}${p}`)),
    },
    sitemap: `${site}/sitemap.xml`,
    host: site,
  };
}
