import type { TStaffAccountRole } from '@app/contracts';
import { paths, STAFF_MANAGER_PAGES } from '@/lib/paths';

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

/** Under `screen` (or it). */
const isUnder = (path: string, screen: string) => path === screen || path.startsWith(`${screen}/`);

/** Every page of the workspace: the sign-in, each role's screen and the manager's pages. */
const WORKSPACE_PAGES = new Set<string>([
  paths.staff(),
  ...Object.values(ROLE_SCREEN),
  ...STAFF_MANAGER_PAGES.map((page) => paths.staffManagerPage(page)),
]);

/**
 * A page of the workspace (`pathname` locale-less, trailing slashes ignored): the sign-in, a role's
 * screen, or one of the manager's pages. Anything else under /staff is the workspace's 404
 * (`staff/not-found.tsx`), which needs no session: the shell renders it at once, on the server too,
 * so the response's status is 404.
 */
export function isWorkspacePage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return WORKSPACE_PAGES.has(path);
}

/**
 * Where a visitor of `pathname` (locale-less) must go instead, or null to stay: signed out, only the
 * sign-in; signed in, the sign-in and another role's screens lead to the member's own screen (the
 * server refuses another role's calls anyway; this only keeps people on their screen). A path that
 * is no page of the workspace stays where it is: its 404 shows.
 */
export function staffRedirect(pathname: string, role: TStaffAccountRole | null): string | null {
  if (!isWorkspacePage(pathname)) return null;
  const signIn = paths.staff();
  const path = pathname.replace(/\/+$/, '') || '/';
  if (role === null) return path === signIn ? null : signIn;
  const own = ROLE_SCREEN[role];
  if (isUnder(path, own)) return null;
  return own;
}
