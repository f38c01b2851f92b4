import { z } from 'zod';

export const LOCALES = ['ru', 'uz', 'en'] as const;
export const ZLocale = z.enum(LOCALES);
export type TLocale = z.infer<typeof ZLocale>;

/** A text in every interface language. Every customer-facing text the API returns has this shape. */
export const ZLocalizedText = z.object({ ru: z.string(), uz: z.string(), en: z.string() });
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

export const ZId = z.uuid();
/** A path segment that may be either a uuid or a slug (`/v2/product/{id or slug}`). */
export const ZIdOrSlug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/i, 'must be an id or a slug');
export const ZSlug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a slug');

/** Money: whole sums (UZS). Never fractional, never negative. */
export const ZSum = z.number().int().nonnegative();

/** 'HH:mm', 24-hour clock. */
export const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm');

export const ZLatLong = z.object({ lat: z.number().min(-90).max(90), long: z.number().min(-180).max(180) });
export type TLatLong = z.infer<typeof ZLatLong>;

/** One picture served by our API as files of several widths (`url` is a path on the API origin). */
export const ZImage = z.object({
  alt: ZLocalizedText,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The smallest file; browsers pick from `sources` by width. */
  url: z.string(),
  sources: z.array(z.object({ width: z.number().int().positive(), url: z.string() })).min(1),
});
export type TImage = z.infer<typeof ZImage>;

/** Every error the API answers: the storefront shows `message` (the client sees it as `data.message`). */
export const ZApiError = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Which input fields were wrong, for 400 answers. */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Headers every `/v1`, `/v2`, `/v3` request carries. */
export const ZClientHeaders = z.object({ shipper: ZId, platform: ZId });
