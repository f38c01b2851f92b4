/**
 * The platform's placeholder for "name not set" (spec section 3; `PLACEHOLDER_NAME` in the contracts,
 * repeated here because the browser bundle imports no runtime code from the contracts: see
 * docs/perf/menu-page.md). `customer-name.test.ts` keeps the two equal.
 */
export const PLACEHOLDER_NAME = 'user';

/** Spec section 4: the name step follows a registration, or a sign-in whose name is the placeholder. */
export function needsName(outcome: 'login' | 'register', name: string): boolean {
  return outcome === 'register' || name.trim() === '' || name === PLACEHOLDER_NAME;
}
