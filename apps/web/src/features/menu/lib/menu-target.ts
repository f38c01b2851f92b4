import type { TCity } from '@app/contracts';
import { isUuid } from '@/lib/ids';

/** The city shown when the URL names none: `/` is Tashkent. */
export const DEFAULT_CITY_SLUG = 'tashkent';

export type MenuTarget = {
  city: TCity;
  menuId: string;
  /** The customer's chosen branch (cookie), so the menu carries that branch's stop list. */
  branchId: string | null;
};

/** The branch the customer chose (cookie `branch_id`), as the API knows it now. */
export type ChosenBranch = { id: string; city: string; menu_id: string; is_active: boolean };

export type MenuTargetInput = {
  cities: TCity[];
  /** From the `/{city}` segment or `?city=`; undefined means the chosen branch's city, else Tashkent. */
  citySlug: string | undefined;
  /** Null when none is chosen, or the cookie names no branch the API knows. */
  branch: ChosenBranch | null;
};

/**
 * Which menu a page renders. The chosen branch (location flow) wins over the city's default menu when
 * the page shows that branch's city, because its prices and stop list are what the customer will be
 * served; `/` without a city shows the chosen branch's city. The branch's menu comes from the API,
 * never from the `menu_id` cookie, so a stale or edited cookie cannot pick a menu. Another city named
 * in the URL shows that city's default menu. Returns null when the city slug is unknown (404).
 */
export function resolveMenuTarget(input: MenuTargetInput): MenuTarget | null {
  const branch = input.branch?.is_active ? input.branch : null;
  const slug = (input.citySlug ?? branch?.city ?? DEFAULT_CITY_SLUG).toLowerCase();
  const city = input.cities.find((c) => c.slug === slug);
  if (!city) return null;
  if (branch && branch.city === city.slug) return { city, menuId: branch.menu_id, branchId: branch.id };
  return { city, menuId: city.default_menu_id, branchId: null };
}

/** A cookie value that can be a branch id (anything else is never sent to the API). */
export const branchIdFromCookie = (value: string | undefined): string | null =>
  value && isUuid(value) ? value : null;

/** `?city=samarkand` on `/` picks a city; repeated or empty values count as none. */
export function cityFromSearchParam(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
