import type { TDeliveryType } from '@app/contracts';
import { COOKIE_MAX_AGE, COOKIE_NAMES } from '@app/domain';

/**
 * The location cookies the server reads (spec section 4, "Delivery type"): `delivery_type`, and the
 * chosen branch as `branch_id`, `branch_slug`, `menu_id`, each for 30 days. The menu page picks its
 * menu and stop list from `menu_id`/`branch_id` (`features/menu/lib/menu-target.ts`).
 */
export type TBranchCookies = { id: string; slug: string; menu_id: string };

/** One `Set-Cookie`-like string for `document.cookie`; null value deletes the cookie. */
export function cookieString(name: string, value: string | null, maxAge: number = COOKIE_MAX_AGE): string {
  return value === null
    ? `${name}=; Max-Age=0; Path=/; SameSite=Lax`
    : `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Where cookies are written; the browser's `document` by default, a fake in tests. */
export type TCookieJar = { write: (cookie: string) => void };

export const documentCookieJar: TCookieJar = {
  write: (cookie) => {
    if (typeof document === 'undefined') return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
    document.cookie = cookie;
  },
};

export function writeDeliveryTypeCookie(type: TDeliveryType, jar: TCookieJar = documentCookieJar): void {
  jar.write(cookieString(COOKIE_NAMES.deliveryType, type));
}

/** Sets the branch cookies, or clears all three when `branch` is null ("cleared on demand"). */
export function writeBranchCookies(branch: TBranchCookies | null, jar: TCookieJar = documentCookieJar): void {
  jar.write(cookieString(COOKIE_NAMES.branchId, branch?.id ?? null));
  jar.write(cookieString(COOKIE_NAMES.branchSlug, branch?.slug ?? null));
  jar.write(cookieString(COOKIE_NAMES.menuId, branch?.menu_id ?? null));
}
