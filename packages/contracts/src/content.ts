import { z } from 'zod';
import {
  ZId,
  ZIdOrSlug,
  ZImage,
  ZLocalizedText,
  ZMultiLineText,
  ZPageQuery,
  ZSingleLineText,
  ZSlug,
  ZSum,
} from './common.ts';

/**
 * Long texts (page bodies, news, recipes) are a small markdown subset: paragraphs separated by a
 * blank line, '## ' headings and '- ' list items. The storefront renders exactly that subset.
 */
export const ZRichText = ZLocalizedText;

export const NEWS_EVENT_TYPES = ['news', 'gallery'] as const;
export const ZNewsEvent = z.object({
  id: ZId,
  slug: z.string(),
  type: z.enum(NEWS_EVENT_TYPES),
  title: ZLocalizedText,
  preview: ZLocalizedText,
  body: ZRichText,
  image: ZImage,
  published_at: z.iso.datetime(),
});
export type TNewsEvent = z.infer<typeof ZNewsEvent>;
export const ZNewsEventListQuery = ZPageQuery.extend({ type: z.enum(NEWS_EVENT_TYPES).default('news') });
export const ZNewsEventListResponse = z.object({ count: z.number().int(), news_events: z.array(ZNewsEvent) });

export const ZStock = z.object({
  id: ZId,
  slug: z.string(),
  title: ZLocalizedText,
  description: ZRichText,
  image: ZImage,
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime().nullable(),
  promo_code: z.string().nullable(),
});
export type TStock = z.infer<typeof ZStock>;
/**
 * Current and upcoming stocks; ended ones only on request (an archive), so a customer never sees a
 * promotion he can no longer use unless he asks for the old ones.
 */
export const ZStockListQuery = ZPageQuery.extend({
  include_ended: ZSingleLineText.pipe(z.stringbool()).default(false),
});
export const ZStockListResponse = z.object({ count: z.number().int(), stocks: z.array(ZStock) });

export const ZVacancy = z.object({
  id: ZId,
  slug: z.string(),
  title: ZLocalizedText,
  description: ZRichText,
  city: z.string(),
  schedule: ZLocalizedText,
  salary_from: ZSum.nullable(),
  salary_to: ZSum.nullable(),
  is_active: z.boolean(),
});
export type TVacancy = z.infer<typeof ZVacancy>;
/** Active vacancies only; `city` is a city slug (an unknown city simply has none). */
export const ZVacancyListQuery = ZPageQuery.extend({ city: ZSlug.optional() });
export const ZVacancyListResponse = z.object({ count: z.number().int(), vacancies: z.array(ZVacancy) });

/** Phones are 998 followed by 9 digits. */
export const ZPhone = z.string().regex(/^998\d{9}$/, 'must be 998 followed by 9 digits');

/**
 * A real calendar date (zod rejects 2023-02-30). Its age rule depends on today in Tashkent, so it is
 * a domain rule (`checkApplicantBirthDate` in @app/domain) that the API's route and the storefront's
 * form add to this field; the contract describes the shape.
 */
export const ZApplicantBirthDate = z.iso.date({ abort: true });

export const ZVacancyApplicationParams = z.object({ id: ZId });
export const ZVacancyApplicationRequest = z.object({
  full_name: ZSingleLineText.trim().min(2).max(120),
  phone: ZPhone,
  birth_date: ZApplicantBirthDate.optional(),
  message: ZMultiLineText.trim().max(2000).optional(),
});
export type TVacancyApplicationRequest = z.infer<typeof ZVacancyApplicationRequest>;
export const ZVacancyApplicationResponse = z.object({ id: ZId });

export const ZRecipe = z.object({
  id: ZId,
  slug: z.string(),
  title: ZLocalizedText,
  description: ZLocalizedText,
  image: ZImage,
  cooking_time: z.number().int().positive(),
  servings: z.number().int().positive(),
  ingredients: z.array(ZLocalizedText),
  steps: z.array(ZLocalizedText),
});
export type TRecipe = z.infer<typeof ZRecipe>;
export const ZRecipeListResponse = z.object({ count: z.number().int(), recipes: z.array(ZRecipe) });

export const PAGE_SLUGS = [
  'about',
  'offer',
  'rules',
  'return-product-rules',
  'delivery-terms',
  'playground-rules',
  'contacts',
] as const;
export const ZPageSlug = z.enum(PAGE_SLUGS);
export type TPageSlug = z.infer<typeof ZPageSlug>;
export const ZPage = z.object({
  slug: ZPageSlug,
  title: ZLocalizedText,
  body: ZRichText,
  updated_at: z.iso.datetime(),
});
export type TPage = z.infer<typeof ZPage>;

export const ZPageParams = z.object({ slug: ZSlug });
export const ZContentParams = z.object({ id: ZIdOrSlug });
export const ZContentListQuery = ZPageQuery;
