import type { TBranch } from '@app/contracts';
import { CURRENCY } from '@app/domain';
import { pick } from '@/lib/localized';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** One branch as a schema.org Restaurant, part of the chain's Organization. */
export function branchJsonLd(
  branch: TBranch,
  { url, siteUrl, apiUrl, locale }: { url: string; siteUrl: string; apiUrl: string; locale: string },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${url}#restaurant`,
    name: pick(branch.name, locale),
    url,
    telephone: `+${branch.phone.replace(/\D/g, '')}`,
    servesCuisine: ['Uzbek', 'Fast food'],
    priceRange: '$$',
    currenciesAccepted: CURRENCY,
    address: {
      '@type': 'PostalAddress',
      streetAddress: pick(branch.address, locale),
      addressLocality: branch.city,
      addressCountry: 'UZ',
    },
    geo: { '@type': 'GeoCoordinates', latitude: branch.location.lat, longitude: branch.location.long },
    image: branch.images.map((image) => `${apiUrl}${image.sources.at(-1)?.url ?? image.url}`),
    ...(branch.is_active
      ? {
          openingHoursSpecification: {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: DAYS,
            opens: branch.work_hour_start,
            closes: branch.work_hour_end,
          },
        }
      : {}),
    parentOrganization: { '@id': `${siteUrl}/#organization` },
    ...(branch.virtual_tour ? { hasMap: branch.virtual_tour } : {}),
  };
}
