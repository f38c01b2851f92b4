import type { TLocale } from '@app/contracts';
import { defineRouting } from 'next-intl/routing';

/**
 * The contracts' list of locales (the API returns a text per locale in the same list), repeated here
 * because this module runs in the browser and a value import of `@app/contracts` loads all its zod
 * schemas (~33 KB gzipped) into every page. `routing.test.ts` fails if the two lists ever differ.
 */
const LOCALES = ['ru', 'uz', 'en'] as const satisfies readonly TLocale[];

/**
 * ru lives at '/', others under '/en', '/uz'; a '/ru/...' path redirects to the same path without it.
 * No detection from Accept-Language or a cookie: the URL alone decides (spec section 1).
 */
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: 'ru',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
  // No `Link: rel="alternate"` header: next-intl's drops the query, so a city's page (`?city=`) would
  // name the default city's pages as its languages, against its own <link rel="alternate"> tags
  // (product-metadata.ts, with the city). The HTML and the sitemap carry the alternates.
  alternateLinks: false,
});

export type TAppLocale = (typeof routing.locales)[number];

/**
 * Every namespace of messages/<locale>/; pages load a subset (spec section 2). `staff` and
 * `staff-manage` are the staff workspace's (/staff, /staff/manager): only its layouts hand them to the
 * browser.
 */
export const NAMESPACES = [
  'about',
  'branches',
  'common',
  'formal',
  'location',
  'order',
  'staff',
  'staff-manage',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];
/** Every page loads these two. */
export const BASE_NAMESPACES = ['common', 'location'] as const satisfies readonly TNamespace[];

/**
 * The namespaces each page adds to the base ones (spec section 2, "Translation namespaces per page");
 * pages pass these to `<PageMessages>`. Pages not listed load only the base namespaces. The
 * return-product-rules, delivery-terms and playground-rules pages are formal texts like /offer and /rules.
 */
export const PAGE_NAMESPACES = {
  about: ['about'],
  offer: ['formal'],
  rules: ['formal'],
  returnProductRules: ['formal'],
  deliveryTerms: ['formal'],
  playgroundRules: ['formal'],
  branches: ['branches'],
  branch: ['branches'],
  cart: ['order'],
  checkout: ['order'],
  myOrders: ['order'],
  order: ['order'],
  orderStatus: ['order'],
  staffManager: ['staff-manage'],
} as const satisfies Record<string, readonly Exclude<TNamespace, (typeof BASE_NAMESPACES)[number]>[]>;

/** Language names are written in their own language, so a reader of any of them finds theirs. */
export const LOCALE_NAMES: Record<TAppLocale, string> = { uz: "O'zbekcha", ru: 'Русский', en: 'English' };
/** The switcher lists them in the spec's order. */
export const SWITCHER_ORDER: readonly TAppLocale[] = ['uz', 'ru', 'en'];
