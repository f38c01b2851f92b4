import type { TCity } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { branchIdFromCookie, cityFromSearchParam, resolveMenuTarget } from './menu-target';

const TASHKENT_MENU = '11111111-1111-4111-8111-111111111111';
const REGIONS_MENU = '22222222-2222-4222-8222-222222222222';
const BRANCH_MENU = '33333333-3333-4333-8333-333333333333';
const BRANCH = '44444444-4444-4444-8444-444444444444';

const city = (slug: string, menu: string): TCity => ({
  slug,
  name: { ru: slug, uz: slug, en: slug },
  location: { lat: 41, long: 69 },
  default_menu_id: menu,
});
const cities = [city('tashkent', TASHKENT_MENU), city('samarkand', REGIONS_MENU)];
const none = { branch: null };
const samarkandBranch = { id: BRANCH, city: 'samarkand', menu_id: BRANCH_MENU, is_active: true };

describe('resolveMenuTarget', () => {
  it('shows Tashkent when no city is named', () => {
    const target = resolveMenuTarget({ cities, citySlug: undefined, ...none });
    expect(target?.city.slug).toBe('tashkent');
    expect(target?.menuId).toBe(TASHKENT_MENU);
    expect(target?.branchId).toBeNull();
  });

  it("uses the named city's default menu", () => {
    expect(resolveMenuTarget({ cities, citySlug: 'samarkand', ...none })?.menuId).toBe(REGIONS_MENU);
    expect(resolveMenuTarget({ cities, citySlug: 'Samarkand', ...none })?.city.slug).toBe('samarkand');
  });

  it('answers null for an unknown city', () => {
    expect(resolveMenuTarget({ cities, citySlug: 'paris', ...none })).toBeNull();
  });

  it("shows the chosen branch's city and menu on / and passes the branch on", () => {
    const target = resolveMenuTarget({ cities, citySlug: undefined, branch: samarkandBranch });
    expect(target?.city.slug).toBe('samarkand');
    expect(target?.menuId).toBe(BRANCH_MENU);
    expect(target?.branchId).toBe(BRANCH);
    expect(resolveMenuTarget({ cities, citySlug: 'samarkand', branch: samarkandBranch })?.menuId).toBe(
      BRANCH_MENU,
    );
  });

  it("shows another city's default menu, without the branch, when the URL names that city", () => {
    const target = resolveMenuTarget({ cities, citySlug: 'tashkent', branch: samarkandBranch });
    expect(target?.menuId).toBe(TASHKENT_MENU);
    expect(target?.branchId).toBeNull();
  });

  it('ignores a branch that is no longer active', () => {
    const target = resolveMenuTarget({
      cities,
      citySlug: undefined,
      branch: { ...samarkandBranch, is_active: false },
    });
    expect(target?.city.slug).toBe('tashkent');
    expect(target?.menuId).toBe(TASHKENT_MENU);
    expect(target?.branchId).toBeNull();
  });
});

describe('branchIdFromCookie', () => {
  it('takes only ids', () => {
    expect(branchIdFromCookie(BRANCH)).toBe(BRANCH);
    expect(branchIdFromCookie('1 OR 1')).toBeNull();
    expect(branchIdFromCookie('')).toBeNull();
    expect(branchIdFromCookie(undefined)).toBeNull();
  });
});

describe('cityFromSearchParam', () => {
  it('takes a single non-empty value only', () => {
    expect(cityFromSearchParam('bukhara')).toBe('bukhara');
    expect(cityFromSearchParam(' ')).toBeUndefined();
    expect(cityFromSearchParam(['a', 'b'])).toBeUndefined();
    expect(cityFromSearchParam(undefined)).toBeUndefined();
  });
});
