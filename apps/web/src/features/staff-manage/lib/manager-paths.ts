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
  loyalty: () => paths.staffManagerPage('loyalty'),
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
  'loyalty',
];

/** The sections only the chain's manager (no branch of their own) has: the API refuses a branch's. */
const CHAIN_ONLY: ReadonlySet<TManagerSection> = new Set<TManagerSection>(['loyalty']);

/** The sections a manager sees: a branch's manager has no chain-wide ones. */
export function managerSections(staff: { branch_id: string | null } | null | undefined) {
  const chain = !staff || staff.branch_id === null;
  return chain ? MANAGER_SECTIONS : MANAGER_SECTIONS.filter((section) => !CHAIN_ONLY.has(section));
}
