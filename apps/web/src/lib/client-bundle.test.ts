import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Guards the menu page's weight (docs/perf/menu-page.md): walks the static imports of every client
 * module and fails when one of them loads zod (directly or through a value import of the contracts)
 * or pulls a library that only a later interaction needs into the first load. Lazy parts load
 * through `import()` / `next/dynamic`, which this walk deliberately does not follow.
 */
const SRC = join(import.meta.dirname, '..');

const sourceFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => join(SRC, f));

const read = (file: string) => readFileSync(file, 'utf8');
const isClient = (file: string) => /^\s*['"]use client['"]/.test(read(file));

/** Value imports and re-exports of a module (`import type` and `export type` erase at build time). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const [, , typeOnly, specifier] of source.matchAll(pattern)) {
    if (!typeOnly && specifier) specifiers.push(specifier);
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

/** Every package a client module reaches through static imports, with the path that reaches it. */
function packagesReachedFrom(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string, trail: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(read(file))) {
      const local = resolveLocal(file, specifier);
      if (local) walk(local, `${trail} > ${relative(SRC, local)}`);
      else if (!reached.has(specifier)) reached.set(specifier, trail);
    }
  };
  walk(entry, relative(SRC, entry));
  return reached;
}

// Loaded on demand (next/dynamic or import()) by the parts that need them, never with the page.
const LAZY_ONLY = [
  'zod',
  'zod/v4/core', // its `config` would bring zod's core into the first load (see lib/csp-client.ts)
  '@app/contracts',
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
  'features/orders/', // /myorders pages; on the product page only its rating part, the form on demand
  'lib/query-client.tsx',
  'components/ui/toasts.tsx', // imports sonner lazily; the Toaster chunk loads when idle
  'features/location/components/map/map-view.tsx', // the map itself: only through lazy-map.tsx's import()
  'features/location/components/map-dialog/', // the map dialog: loaded when isMapModal turns true
];

describe('client bundle', () => {
  it('keeps zod, the query cache, sonner and the dropdown out of static client imports', () => {
    // instrumentation-client.ts is no 'use client' module but runs first on every page.
    const clientModules = sourceFiles.filter(
      (f) => isClient(f) || relative(SRC, f) === 'instrumentation-client.ts',
    );
    expect(clientModules.length).toBeGreaterThan(20);
    const offending: string[] = [];
    for (const file of clientModules) {
      const rel = relative(SRC, file);
      if (ALLOWED.some((allowed) => rel.startsWith(allowed))) continue;
      for (const [pkg, trail] of packagesReachedFrom(file)) {
        if (LAZY_ONLY.includes(pkg) && !ALLOWED.some((allowed) => trail.includes(allowed))) {
          offending.push(`${pkg} via ${trail}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('loads the on-demand parts only through import(): no client module imports them statically', () => {
    // The login dialog joins the page when `?login` appears, the session check for a signed-in
    // customer, the search overlay at the first search, the account menu for a signed-in customer.
    const onDemand = [
      'features/auth/components/login-dialog.tsx',
      'features/auth/components/session-check.tsx',
      'features/search/components/search-overlay.tsx',
      'features/shell/components/account-menu.tsx',
      // The map (and with it Leaflet's stylesheet) and the map dialog (issue 4).
      'features/location/components/map/map-view.tsx',
      'features/location/components/map-dialog/map-dialog.tsx',
    ];
    const offending: string[] = [];
    for (const file of sourceFiles.filter(isClient)) {
      const seen = new Set<string>();
      const walk = (from: string, trail: string) => {
        for (const specifier of valueImports(read(from))) {
          const local = resolveLocal(from, specifier);
          if (!local || seen.has(local)) continue;
          seen.add(local);
          const rel = relative(SRC, local);
          if (onDemand.includes(rel)) offending.push(`${trail} > ${rel}`);
          else walk(local, `${trail} > ${rel}`);
        }
      };
      walk(file, relative(SRC, file));
    }
    expect(offending).toEqual([]);
    // The slot in the layout does reference the dialog, lazily: the walk above would see a static one.
    expect(read(join(SRC, 'features/auth/components/auth-slot.tsx'))).toMatch(
      /dynamic\(\(\) => import\('\.\/login-dialog'\)/,
    );
  });

  it('sees a value import of the contracts through a chain of modules', () => {
    expect(valueImports("import { ZShipper } from '@app/contracts';")).toEqual(['@app/contracts']);
    expect(valueImports("import type { TShipper } from '@app/contracts';")).toEqual([]);
    expect(valueImports("export { cartStore } from './store';")).toEqual(['./store']);
    const reached = packagesReachedFrom(join(SRC, 'i18n/navigation.ts'));
    expect(reached.has('next-intl/navigation')).toBe(true);
    expect(reached.has('@app/contracts')).toBe(false);
    // The map module brings Leaflet's stylesheet statically and its script only through import().
    const map = packagesReachedFrom(join(SRC, 'features/location/components/map/map-view.tsx'));
    expect(map.has('leaflet/dist/leaflet.css')).toBe(true);
    expect(map.has('leaflet')).toBe(false);
  });
});
