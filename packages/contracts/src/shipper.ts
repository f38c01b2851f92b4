import { z } from 'zod';
import { ZClock, ZId, ZLocalizedText, ZSum } from './common.ts';

export const ZSisterBrand = z.object({
  id: z.string(),
  name: z.string(),
  /** Path of the logo on the API origin. */
  logo: z.string(),
  url: z.url(),
});

export const ZSocialLink = z.object({
  type: z.enum(['telegram', 'instagram', 'facebook', 'youtube', 'tiktok']),
  url: z.url(),
});

export const ZPaymentType = z.enum(['cash', 'card', 'payme', 'click', 'loyalty']);
export type TPaymentType = z.infer<typeof ZPaymentType>;

export const ZShipper = z.object({
  id: ZId,
  name: z.string(),
  logo: z.string(),
  /** Hotline, digits only: 998XXXXXXXXX or a short number. */
  phone: z.string(),
  work_hour_start: ZClock,
  work_hour_end: ZClock,
  minimal_order_price: ZSum,
  description: ZLocalizedText,
  socials: z.array(ZSocialLink),
  app_links: z.object({ app_store: z.url().nullable(), play_market: z.url().nullable() }),
  payment_types: z.array(ZPaymentType),
  sister_brands: z.array(ZSisterBrand),
});
export type TShipper = z.infer<typeof ZShipper>;

export const ZCity = z.object({
  slug: z.string(),
  name: ZLocalizedText,
  location: z.object({ lat: z.number(), long: z.number() }),
  /** The menu shown in this city before the customer has chosen an address or a branch. */
  default_menu_id: ZId,
});
export type TCity = z.infer<typeof ZCity>;
export const ZCitiesResponse = z.object({ cities: z.array(ZCity) });
