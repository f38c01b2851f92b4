import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dynamicImports,
  isClientModule,
  packagesReachedFrom,
  reachedFrom,
  rel,
  SRC,
  sourceFiles,
  walk,
} from '@/test/import-graph';

/**
 * Guards the menu page's weight (docs/perf/menu-page.md): walks the static imports of every client
 * module (src/test/import-graph.ts: TypeScript's parser and module resolution) and fails when one of
 * them loads zod (directly or through a value import of the contracts) or pulls a library that only a
 * later interaction needs into the first load. Lazy parts load through `import()` / `next/dynamic`,
 * which the walk deliberately does not follow.
 */
// Loaded on demand (next/dynamic or import()) by the parts that need them, never with the page.
const LAZY_ONLY = [
  'zod',
  'zod/v4/core', // its `config` would bring zod's core into the first load (see lib/csp-client.ts)
  '@app/contracts',
  // The contracts in zod/mini: browser calls load them with their first answer (lib/browser-contracts.ts).
  '@app/contracts/mini',
  'zod/mini',
  '@tanstack/react-query',
  'sonner',
  '@radix-ui/react-dropdown-menu',
  'react-hook-form',
  '@hookform/resolvers/zod',
  // Maps (issue 4): Leaflet and its stylesheet come with the first map shown, never with a page.
  'leaflet',
  'leaflet/dist/leaflet.css',
];
// Modules that are themselves only ever loaded on demand, or only on the page that needs them.
const ALLOWED = [
  'features/content/', // the vacancy form validates input with the contract (vacancies page only)
  'features/cart/components/cart-view.tsx', // the cart page
  'features/cart/hooks/use-cart-discounts.ts', // the cart page's price update (cart-view.tsx only)
  'features/product/components/product-reviews.tsx', // product page and dialog
  'features/search/components/search-overlay.tsx', // loaded with the first search
  'features/shell/components/account-menu.tsx', // loaded for a signed-in customer only
  'features/auth/components/profile-view.tsx', // the /profile page (its form validates with zod)
  'features/checkout/', // the /checkout page only (its form validates with zod)
  'features/loyalty/', // the /profile page's card and the /checkout page's balance
  'features/orders/', // /myorders pages; on the product page only its rating part, the form on demand
  'lib/query-client.tsx',
  'components/ui/toasts.tsx', // imports sonner lazily; the Toaster chunk loads when idle
  'features/location/components/map/map-view.tsx', // the map itself: only through lazy-map.tsx's import()
  'features/location/components/map-dialog/', // the map dialog: loaded when isMapModal turns true
  // The staff workspace (/staff): its own layout and pages, which no customer page reaches (below).
  'features/staff/',
  'features/staff-manage/', // the manager's screens (/staff/manager only)
];

/** The staff workspace's code: the shell and the operator, kitchen and courier screens, and the manager's. */
const isStaffCode = (path: string) =>
  path.startsWith('features/staff/') || path.startsWith('features/staff-manage/');

// Walking every client module's graph takes a few seconds on a busy two-core machine.
describe('client bundle', { timeout: 60_000 }, () => {
  it('keeps zod, the query cache, sonner and the dropdown out of static client imports', () => {
    // instrumentation-client.ts is no 'use client' module but runs first on every page.
    const clientModules = sourceFiles.filter(
      (f) => isClientModule(f) || rel(f) === 'instrumentation-client.ts',
    );
    expect(clientModules.length).toBeGreaterThan(20);
    const offending: string[] = [];
    for (const file of clientModules) {
      if (ALLOWED.some((allowed) => rel(file).startsWith(allowed))) continue;
      for (const [pkg, trail] of packagesReachedFrom(file)) {
        if (LAZY_ONLY.includes(pkg) && !ALLOWED.some((allowed) => trail.includes(allowed))) {
          offending.push(`${pkg} via ${trail}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('keeps the staff workspace out of every customer page: only app/[locale]/staff reaches it (issue 13)', () => {
    // The customer's routes (the `(shop)` group, the shared locale layout, the root) never import
    // features/staff, statically or through import(): no customer page loads a byte of the workspace.
    const customerRoutes = sourceFiles.filter((f) => {
      const path = rel(f);
      return path.startsWith('app/') && !path.startsWith('app/[locale]/staff/') && !path.endsWith('.test.ts');
    });
    expect(customerRoutes.some((f) => rel(f) === 'app/[locale]/(shop)/page.tsx')).toBe(true);
    const offending: string[] = [];
    for (const file of customerRoutes) {
      walk(file, {
        onModule: (local, trail) => {
          for (const lazy of dynamicImports(local)) {
            if (isStaffCode(lazy)) offending.push(`import(${lazy}) in ${trail}`);
          }
          if (!isStaffCode(rel(local))) return true;
          offending.push(trail);
          return false;
        },
      });
    }
    expect(offending).toEqual([]);
    // The walk does see the workspace from its own routes.
    expect(
      reachedFrom(join(SRC, 'app/[locale]/staff/layout.tsx')).has(
        'features/staff/components/staff-shell.tsx',
      ),
    ).toBe(true);
  });

  it('loads the on-demand parts only through import(): no client module imports them statically', () => {
    // The login dialog joins the page when `?login` appears, the session check for a signed-in
    // customer, the search overlay at the first search, the account menu for a signed-in customer.
    const onDemand = [
      'features/auth/components/login-dialog.tsx',
      'features/auth/components/session-check.tsx',
      'features/search/components/search-overlay.tsx',
      'features/shell/components/account-menu.tsx',
      // The language switcher's open menu: at its first opening (issue 11).
      'features/shell/components/language-menu.tsx',
      // The map (and with it Leaflet's stylesheet) and the map dialog (issue 4).
      'features/location/components/map/map-view.tsx',
      'features/location/components/map-dialog/map-dialog.tsx',
    ];
    const offending: string[] = [];
    for (const file of sourceFiles.filter(isClientModule)) {
      walk(file, {
        onModule: (local, trail) => {
          if (!onDemand.includes(rel(local))) return true;
          offending.push(trail);
          return false;
        },
      });
    }
    expect(offending).toEqual([]);
    // The slot in the layout does reference the dialog, lazily: the walk above would see a static one.
    expect(dynamicImports(join(SRC, 'features/auth/components/auth-slot.tsx'))).toContain(
      'features/auth/components/login-dialog.tsx',
    );
  });

  it('sees value imports through a chain of modules, and skips types, import() and unused re-exports', () => {
    const reached = packagesReachedFrom(join(SRC, 'i18n/navigation.ts'));
    expect(reached.has('next-intl/navigation')).toBe(true);
    expect(reached.has('@app/contracts')).toBe(false);
    // The map module brings Leaflet's stylesheet statically and its script only through import().
    // The browser's contracts are loaded by import() alone.
    expect(packagesReachedFrom(join(SRC, 'lib/browser-contracts.ts')).has('@app/contracts/mini')).toBe(false);
    expect(dynamicImports(join(SRC, 'lib/browser-contracts.ts'))).toContain('@app/contracts/mini');
    const map = packagesReachedFrom(join(SRC, 'features/location/components/map/map-view.tsx'));
    expect(map.has('leaflet/dist/leaflet.css')).toBe(true);
    expect(map.has('leaflet')).toBe(false);
    // The header takes the cart badge from the cart's index, which also exports the cart page.
    const header = reachedFrom(join(SRC, 'features/shell/components/site-header.tsx'));
    expect(header.has('features/cart/index.ts')).toBe(true);
    expect(header.has('features/cart/cart-badge.tsx')).toBe(true);
    expect(header.has('features/cart/components/cart-view.tsx')).toBe(false);
    // ...while the cart page's route takes the whole view.
    expect(
      reachedFrom(join(SRC, 'app/[locale]/(shop)/cart/page.tsx')).has(
        'features/cart/components/cart-view.tsx',
      ),
    ).toBe(true);
  });

  it("keeps the cart store out of the menu's first load: the badge and the cards read the quantities (issue 11)", () => {
    // The store carries every line rule, the auto-add products and the repricing; a visit that only
    // looks needs the quantities (features/cart/quantities.ts). It loads at the first add (import()).
    const readers = [
      'features/shell/components/site-header.tsx',
      'features/menu/components/product-card.tsx',
      'features/menu/components/menu-grid.tsx',
      'features/menu/components/card-actions.ts',
    ];
    const offending = readers.filter((file) => reachedFrom(join(SRC, file)).has('features/cart/store.ts'));
    expect(offending).toEqual([]);
    expect(
      reachedFrom(join(SRC, 'features/shell/components/site-header.tsx')).has('features/cart/quantities.ts'),
    ).toBe(true);
    expect(dynamicImports(join(SRC, 'features/cart/use-add-to-cart.ts'))).toContain('features/cart/store.ts');
    // The cart page still takes it statically.
    expect(
      reachedFrom(join(SRC, 'features/cart/components/cart-view.tsx')).has('features/cart/store.ts'),
    ).toBe(true);
  });

  it('keeps next/link, next-intl navigation and next/dynamic out of what every page renders (issue 11)', () => {
    // The layout (header, footer), the 404 pages (their client code joins every first load) and the
    // menu's cards link with IntentLink, an <a> with the router's push; next/link and next-intl's
    // `createNavigation` (whose Link brings next/link) were ~5 KB gzipped of every first load. Lazy
    // parts load through components/lazy-client.tsx, not next/dynamic (~1.8 KB gzipped more); the
    // location slot's work loads in every visit too (when idle).
    const everyPage = [
      'features/location/components/location-work.tsx',
      'app/[locale]/layout.tsx',
      'app/[locale]/(shop)/layout.tsx',
      'app/[locale]/(shop)/not-found.tsx',
      'app/not-found.tsx',
      'features/shell/components/site-header.tsx',
      'features/shell/components/site-footer.tsx',
      'features/menu/components/product-card.tsx',
    ];
    const offending: string[] = [];
    for (const file of everyPage) {
      const reached = packagesReachedFrom(join(SRC, file));
      for (const pkg of ['next/link', 'next-intl/navigation', 'next/dynamic']) {
        const trail = reached.get(pkg);
        if (trail) offending.push(`${pkg} via ${trail}`);
      }
    }
    expect(offending).toEqual([]);
    // The walk does see them where they are still used.
    expect(
      packagesReachedFrom(join(SRC, 'features/cart/components/cart-view.tsx')).has('next-intl/navigation'),
    ).toBe(true);
  });
});
