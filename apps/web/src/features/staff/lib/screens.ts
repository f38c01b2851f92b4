import type { TStaffAccountRole } from '@app/contracts';
import { paths } from '@/lib/paths';

/** Each role's screen of the workspace. */
export const ROLE_SCREEN: Record<TStaffAccountRole, string> = {
  operator: paths.staffOperator(),
  vendor: paths.staffKitchen(),
  courier: paths.staffCourier(),
  manager: paths.staffManager(),
};

export const SCREEN_KEY: Record<TStaffAccountRole, 'operator' | 'kitchen' | 'courier' | 'manager'> = {
  operator: 'operator',
  vendor: 'kitchen',
  courier: 'courier',
  manager: 'manager',
};

/** Under `screen` (or it): the screen's own pages (the manager's have several). */
const isUnder = (path: string, screen: string) => path === screen || path.startsWith(`${screen}/`);

/**
 * Where a visitor of `pathname` (locale-less) must go instead, or null to stay: signed out, only the
 * sign-in; signed in, the sign-in and another role's screens lead to the member's own screen (the
 * server refuses another role's calls anyway; this only keeps people on their screen). A path that
 * is none of the workspace's pages stays where it is: the workspace's 404 shows (`staff/not-found.tsx`).
 */
export function staffRedirect(pathname: string, role: TStaffAccountRole | null): string | null {
  const signIn = paths.staff();
  const path = pathname.replace(/\/+$/, '') || '/';
  const known = path === signIn || Object.values(ROLE_SCREEN).some((screen) => isUnder(path, screen));
  if (!known) return null;
  if (role === null) return path === signIn ? null : signIn;
  const own = ROLE_SCREEN[role];
  if (isUnder(path, own)) return null;
  return own;
}
