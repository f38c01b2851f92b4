import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/i18n/messages';
import { routing } from '@/i18n/routing';
import { FOOTER_LINKS, sideMenuItems } from './side-menu';

// The customer's pages live in the `(shop)` route group (the URL has no such segment).
const APP_DIR = join(import.meta.dirname, '../../../app/[locale]/(shop)');

/** Whether the storefront has a page at `href` (its path without the query, under app/[locale]). */
const hasPage = (href: string) => {
  const path = new URL(href, 'http://site.test').pathname;
  return existsSync(join(APP_DIR, path, 'page.tsx'));
};

const desktop = sideMenuItems('desktop');
const mobile = sideMenuItems('mobile');
const everyLink = [...desktop, ...mobile, ...FOOTER_LINKS];

describe('side menu and footer links', () => {
  it('lead to pages the storefront has', () => {
    expect(everyLink.filter((link) => !hasPage(link.href)).map((link) => link.href)).toEqual([]);
  });

  it.each(routing.locales)('have their labels in %s', async (locale) => {
    const nav = ((await loadMessages(locale)).common as { nav: Record<string, unknown> }).nav;
    const missing = everyLink.filter((link) => typeof nav[link.key] !== 'string' || nav[link.key] === '');
    expect(missing.map((link) => link.key)).toEqual([]);
  });

  it('spec section 2: the phone menu holds the desktop items but Home, with branches and news moved up after about', () => {
    const keys = (items: typeof desktop) => items.map((item) => item.key);
    expect(keys(desktop)[0]).toBe('home');
    const moved = ['about', 'branches', 'news'] as const;
    expect(keys(mobile)).toEqual([
      ...moved,
      ...keys(desktop).filter((key) => key !== 'home' && !(moved as readonly string[]).includes(key)),
    ]);
  });
});
