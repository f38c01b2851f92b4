import type { TCity, TShipper } from '@app/contracts';
import type { CityRow, ShipperRow } from '../../db/schema/index.ts';

export function toShipper(row: ShipperRow): TShipper {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo.url,
    phone: row.phone,
    work_hour_start: row.workHourStart,
    work_hour_end: row.workHourEnd,
    minimal_order_price: row.minimalOrderPrice,
    description: row.description,
    socials: row.socials,
    app_links: row.appLinks,
    payment_types: row.paymentTypes,
    sister_brands: row.sisterBrands.map((b) => ({ id: b.id, name: b.name, url: b.url, logo: b.logo.url })),
  };
}

export function toCity(row: CityRow): TCity {
  return {
    slug: row.slug,
    name: row.name,
    location: { lat: row.lat, long: row.long },
    default_menu_id: row.defaultMenuId,
  };
}
