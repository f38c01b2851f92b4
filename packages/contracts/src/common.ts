import { z } from 'zod';

export const LOCALES = ['ru', 'uz', 'en'] as const;
export const ZLocale = z.enum(LOCALES);
export type TLocale = z.infer<typeof ZLocale>;

/** A text in every interface language. Every customer-facing text the API returns has this shape. */
export const ZLocalizedText = z.object({ ru: z.string(), uz: z.string(), en: z.string() });
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

/*
 * Text a person typed. PostgreSQL cannot store U+0000 (a NUL answered 500 and logged the failed SQL),
 * and the other control characters, the Unicode line and paragraph separators and lone UTF-16
 * surrogates (half an emoji, not valid UTF-8) make no sense in a name, an address or a comment: they
 * break logs, CSV exports and screens that show them. Every request string a contract takes is one of
 * the two primitives below (or has a narrower pattern of its own: uuid, slug, phone, date...), so the
 * rule lives in one place and shows as a `pattern` in the OpenAPI document.
 *
 * Written so the pattern means the same with and without the `u` flag (JSON Schema validators differ):
 * a character outside the forbidden ranges and outside the surrogates, or a high surrogate followed by
 * a low one (an astral character such as an emoji).
 */
/** One line: no C0 or C1 control character (not even a tab), no U+2028/U+2029, no lone surrogate. */
export const SINGLE_LINE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point: they are refused.
  /^(?:[^\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
/** Several lines: the same, but tab, line feed and carriage return (\n, \r\n) are allowed. */
export const MULTI_LINE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point: they are refused.
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
export const SINGLE_LINE_MESSAGE = 'must be one line of text without control characters';
export const MULTI_LINE_MESSAGE = 'must be text without control characters';

/**
 * A single-line text field (names, addresses, codes, search terms). Chain the field's own rules after
 * it: `ZSingleLineText.trim().min(1).max(100)` (the character rule runs first, on the text as sent).
 */
export const ZSingleLineText = z.string().regex(SINGLE_LINE_TEXT, SINGLE_LINE_MESSAGE);
/** A multi-line text field (comments, messages, reviews): line breaks and tabs are allowed. */
export const ZMultiLineText = z.string().regex(MULTI_LINE_TEXT, MULTI_LINE_MESSAGE);

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
