import type { TDeliveryType } from '@app/contracts';
import { COOKIE_NAMES } from '@app/domain';
import { documentCookieJar, type TCookieJar, writeCookie } from '@/lib/cookies';

/**
 * The location cookies the server reads (spec section 4, "Delivery type"): `delivery_type`, and the
 * chosen branch as `branch_id`, `branch_slug`, `menu_id`, each for 30 days. The menu page picks its
 * menu and stop list from `menu_id`/`branch_id` (`features/menu/lib/menu-target.ts`).
 */
export type TBranchCookies = { id: string; slug: string; menu_id: string };

export function writeDeliveryTypeCookie(type: TDeliveryType, jar: TCookieJar = documentCookieJar): void {
  writeCookie(COOKIE_NAMES.deliveryType, type, jar);
}

/** Sets the branch cookies, or clears all three when `branch` is null ("cleared on demand"). */
export function writeBranchCookies(branch: TBranchCookies | null, jar: TCookieJar = documentCookieJar): void {
  writeCookie(COOKIE_NAMES.branchId, branch?.id ?? null, jar);
  writeCookie(COOKIE_NAMES.branchSlug, branch?.slug ?? null, jar);
  writeCookie(COOKIE_NAMES.menuId, branch?.menu_id ?? null, jar);
}
