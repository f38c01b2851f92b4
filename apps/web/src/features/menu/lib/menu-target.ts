import type { TCity } from '@app/contracts';

/** The city shown when the URL names none: `/` is Tashkent. */
export const DEFAULT_CITY_SLUG = 'tashkent';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type MenuTarget = {
  city: TCity;
  menuId: string;
  /** The customer's chosen branch (cookie), so the menu carries that branch's stop list. */
  branchId: string | null;
};

export type MenuTargetInput = {
  cities: TCity[];
  /** From the `/{city}` segment or `?city=`; undefined means the default city. */
  citySlug: string | undefined;
  cookieMenuId: string | undefined;
  cookieBranchId: string | undefined;
};

/**
 * Which menu a page renders. A chosen branch (cookies `menu_id`, `branch_id`, set by the location
 * flow) wins over the city's default menu, because its prices and stop list are what the customer
 * will be served. Cookie values that are not ids are ignored rather than sent to the API as a 400.
 * Returns null when the city slug is unknown (the page answers 404).
 */
export function resolveMenuTarget(input: MenuTargetInput): MenuTarget | null {
  const slug = (input.citySlug ?? DEFAULT_CITY_SLUG).toLowerCase();
  const city = input.cities.find((c) => c.slug === slug);
  if (!city) return null;
  const menuId =
    input.cookieMenuId && UUID.test(input.cookieMenuId) ? input.cookieMenuId : city.default_menu_id;
  const branchId = input.cookieBranchId && UUID.test(input.cookieBranchId) ? input.cookieBranchId : null;
  return { city, menuId, branchId };
}

/** `?city=samarkand` on `/` picks a city; repeated or empty values count as none. */
export function cityFromSearchParam(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
