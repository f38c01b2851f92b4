/** The manager's screens (issue 13), locale-less like lib/paths.ts; the staff sign-in is `/staff`. */
export const managerPaths = {
  overview: () => '/staff/manager',
  stopList: () => '/staff/manager/stop-list',
  prices: () => '/staff/manager/prices',
  branches: () => '/staff/manager/branches',
  staff: () => '/staff/manager/staff',
  figures: () => '/staff/manager/figures',
  audit: () => '/staff/manager/audit',
  signIn: () => '/staff',
} as const;

export type TManagerSection = Exclude<keyof typeof managerPaths, 'signIn'>;
export const MANAGER_SECTIONS: readonly TManagerSection[] = [
  'overview',
  'stopList',
  'prices',
  'branches',
  'staff',
  'figures',
  'audit',
];
