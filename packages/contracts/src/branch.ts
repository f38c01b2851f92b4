import { z } from 'zod';
import { ZClock, ZId, ZIdOrSlug, ZImage, ZLatLong, ZLocalizedText, ZPageQuery } from './common.ts';

export const ZBranch = z.object({
  id: ZId,
  slug: z.string(),
  name: ZLocalizedText,
  address: ZLocalizedText,
  /** A landmark: 'opposite the Alay bazaar'. */
  destination: ZLocalizedText,
  city: z.string(),
  phone: z.string(),
  location: ZLatLong,
  menu_id: ZId,
  work_hour_start: ZClock,
  work_hour_end: ZClock,
  /** Minutes from order to door. */
  delivery_time: z.number().int().nonnegative(),
  /** How many days ahead a scheduled order may be placed. */
  future_delivery_order_time: z.number().int().nonnegative(),
  future_self_pickup_order_time: z.number().int().nonnegative(),
  is_active: z.boolean(),
  has_parking: z.boolean(),
  seats_count: z.number().int().nonnegative(),
  has_playground: z.boolean(),
  images: z.array(ZImage),
  virtual_tour: z.url().nullable(),
  /**
   * A manager paused the whole branch ('busy kitchen') until then: closed to every order. Sent as
   * stored, also once past (a cached answer stays true): whether it is paused now is the reader's
   * decision with its own clock (the domain's branchOpenState). Null: never paused.
   */
  paused_until: z.iso.datetime().nullable(),
  /** Deliveries paused until then, pickup goes on; read like `paused_until`. */
  delivery_paused_until: z.iso.datetime().nullable(),
});
export type TBranch = z.infer<typeof ZBranch>;

export const ZBranchListQuery = ZPageQuery.extend({
  city: z
    .string()
    .regex(/^[a-z-]+$/)
    .optional(),
  is_active: z.enum(['true', 'false']).optional(),
});
export const ZBranchListResponse = z.object({
  count: z.number().int().nonnegative(),
  branches: z.array(ZBranch),
});
export type TBranchListResponse = z.infer<typeof ZBranchListResponse>;
export const ZBranchParams = z.object({ id: ZIdOrSlug });
