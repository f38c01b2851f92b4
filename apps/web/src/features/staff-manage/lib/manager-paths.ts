import { paths } from '@/lib/paths';

/** The manager's screens (issue 13), locale-less like lib/paths.ts; the staff sign-in is `/staff`. */
export const managerPaths = {
  overview: () => paths.staffManager(),
  stopList: () => paths.staffManagerPage('stop-list'),
  prices: () => paths.staffManagerPage('prices'),
  branches: () => paths.staffManagerPage('branches'),
  staff: () => paths.staffManagerPage('staff'),
  figures: () => paths.staffManagerPage('figures'),
  audit: () => paths.staffManagerPage('audit'),
  signIn: () => paths.staff(),
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
