import type { TShipper } from '@app/contracts';
import { pick } from '@/lib/localized';

/** The chain as a schema.org Organization; each branch page adds its own Restaurant. */
export function organizationJsonLd(
  shipper: TShipper,
  siteUrl: string,
  apiUrl: string,
  locale: string,
): Record<string, unknown> {
  const phone = shipper.phone.replace(/\D/g, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: shipper.name,
    url: `${siteUrl}/`,
    logo: shipper.logo.startsWith('http') ? shipper.logo : `${apiUrl}${shipper.logo}`,
    description: pick(shipper.description, locale),
    telephone: /^998\d{9}$/.test(phone) ? `+${phone}` : phone,
    sameAs: shipper.socials.map((s) => s.url),
    brand: shipper.sister_brands.map((b) => ({ '@type': 'Brand', name: b.name, url: b.url })),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: /^998\d{9}$/.test(phone) ? `+${phone}` : phone,
      availableLanguage: ['ru', 'uz', 'en'],
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        opens: shipper.work_hour_start,
        closes: shipper.work_hour_end,
      },
    },
  };
}
