import { paths } from '@/lib/paths';

export type TSideMenuKey =
  | 'home'
  | 'about'
  | 'gallery'
  | 'news'
  | 'branches'
  | 'stocks'
  | 'recipes'
  | 'vacancies'
  | 'contacts'
  | 'offer'
  | 'rules';

export type TSideMenuItem = { key: TSideMenuKey; href: string };

const HREFS: Record<TSideMenuKey, string> = {
  home: paths.home(),
  about: paths.about(),
  gallery: paths.gallery(),
  news: paths.news(),
  branches: paths.branches(),
  stocks: paths.stocks(),
  recipes: paths.recipes(),
  vacancies: paths.vacancies(),
  contacts: paths.contacts(),
  offer: paths.offer(),
  rules: paths.rules(),
};

/** Spec section 2: desktop lists the items as given, with Home (desktop only) first. */
const DESKTOP: readonly TSideMenuKey[] = [
  'home',
  'about',
  'gallery',
  'news',
  'branches',
  'stocks',
  'recipes',
  'vacancies',
  'contacts',
  'offer',
  'rules',
];
/** Mobile: branches and news move up, no Home (the logo is always at hand). */
const MOBILE: readonly TSideMenuKey[] = [
  'about',
  'branches',
  'news',
  'gallery',
  'stocks',
  'recipes',
  'vacancies',
  'contacts',
  'offer',
  'rules',
];

export function sideMenuItems(layout: 'desktop' | 'mobile'): TSideMenuItem[] {
  return (layout === 'desktop' ? DESKTOP : MOBILE).map((key) => ({ key, href: HREFS[key] }));
}

/** The footer's internal links. */
export const FOOTER_LINKS: readonly { key: string; href: string }[] = [
  { key: 'about', href: paths.about() },
  { key: 'branches', href: paths.branches() },
  { key: 'news', href: paths.news() },
  { key: 'gallery', href: paths.gallery() },
  { key: 'stocks', href: paths.stocks() },
  { key: 'recipes', href: paths.recipes() },
  { key: 'vacancies', href: paths.vacancies() },
  { key: 'contacts', href: paths.contacts() },
  { key: 'offer', href: paths.offer() },
  { key: 'rules', href: paths.rules() },
  { key: 'returnProductRules', href: paths.returnProductRules() },
  { key: 'deliveryTerms', href: paths.deliveryTerms() },
  { key: 'playgroundRules', href: paths.playgroundRules() },
];
