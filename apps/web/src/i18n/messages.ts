import type { TAppLocale, TNamespace } from './routing';
import { NAMESPACES } from './routing';

export type TMessages = Record<string, unknown>;

const loaders: Record<TAppLocale, Record<TNamespace, () => Promise<{ default: TMessages }>>> = {
  ru: {
    about: () => import('../../messages/ru/about.json'),
    branches: () => import('../../messages/ru/branches.json'),
    common: () => import('../../messages/ru/common.json'),
    formal: () => import('../../messages/ru/formal.json'),
    location: () => import('../../messages/ru/location.json'),
    order: () => import('../../messages/ru/order.json'),
    staff: () => import('../../messages/ru/staff.json'),
    'staff-manage': () => import('../../messages/ru/staff-manage.json'),
  },
  uz: {
    about: () => import('../../messages/uz/about.json'),
    branches: () => import('../../messages/uz/branches.json'),
    common: () => import('../../messages/uz/common.json'),
    formal: () => import('../../messages/uz/formal.json'),
    location: () => import('../../messages/uz/location.json'),
    order: () => import('../../messages/uz/order.json'),
    staff: () => import('../../messages/uz/staff.json'),
    'staff-manage': () => import('../../messages/uz/staff-manage.json'),
  },
  en: {
    about: () => import('../../messages/en/about.json'),
    branches: () => import('../../messages/en/branches.json'),
    common: () => import('../../messages/en/common.json'),
    formal: () => import('../../messages/en/formal.json'),
    location: () => import('../../messages/en/location.json'),
    order: () => import('../../messages/en/order.json'),
    staff: () => import('../../messages/en/staff.json'),
    'staff-manage': () => import('../../messages/en/staff-manage.json'),
  },
};

/** All namespaces of a locale, keyed by namespace: what server code reads with getTranslations. */
export async function loadMessages(locale: TAppLocale): Promise<Record<TNamespace, TMessages>> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => [ns, (await loaders[locale][ns]()).default] as const),
  );
  return Object.fromEntries(entries) as Record<TNamespace, TMessages>;
}

/** Exactly the given namespaces: what a client provider receives. */
export function pickNamespaces(
  messages: Record<string, unknown>,
  namespaces: readonly TNamespace[],
): Partial<Record<TNamespace, TMessages>> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns] as TMessages]));
}

/**
 * Sections of `common` that only server components read (page metadata, the footer, the headings of
 * content pages): the browser never formats them, so client providers leave them out.
 * `messages.test.ts` fails when a client component starts using one of them.
 */
export const SERVER_ONLY_COMMON_SECTIONS = [
  'meta',
  'footer',
  'content',
  'news',
  'stocks',
  'recipes',
  'contacts',
  'seo',
  // The render gate's 503 page, which the proxy builds (lib/render-gate/admit.ts).
  'busy',
] as const;

/**
 * Sections of `common` that only some pages' client components read (the product form, the vacancy
 * application, the gallery, the profile's accumulative card): the layout's provider leaves them out, so the menu page's flight payload
 * does not carry them (issue 11); the pages that use them add them with `<PageMessages commonSections>`.
 * `pick-namespaces.test.ts` lists the client files reading each, so a new reader gets placed.
 */
export const PAGE_COMMON_SECTIONS = ['product', 'vacancies', 'gallery', 'loyalty'] as const;
export type TPageCommonSection = (typeof PAGE_COMMON_SECTIONS)[number];

/**
 * What a client provider receives: the page's namespaces, without the server-only parts of `common`,
 * and with only the page-only parts of `common` the page asks for.
 */
export function pickClientMessages(
  messages: Record<string, unknown>,
  namespaces: readonly TNamespace[],
  commonSections: readonly TPageCommonSection[] = [],
): Partial<Record<TNamespace, TMessages>> {
  const picked = pickNamespaces(messages, namespaces);
  const common = picked.common;
  if (common) {
    const wanted = new Set<string>(commonSections);
    const left = new Set<string>([
      ...SERVER_ONLY_COMMON_SECTIONS,
      ...PAGE_COMMON_SECTIONS.filter((section) => !wanted.has(section)),
    ]);
    picked.common = Object.fromEntries(Object.entries(common).filter(([section]) => !left.has(section)));
  }
  return picked;
}
