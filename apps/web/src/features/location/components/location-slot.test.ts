import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The location parts mounted on every page (the slot in the layout, the header's address button)
 * must not pull the map (Leaflet), the dialogs or the popover into the first load: those arrive
 * through `next/dynamic` when first needed.
 */
const SRC = join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(file, 'utf8');

function valueImports(source: string): string[] {
  const out: string[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const [, , typeOnly, specifier] of source.matchAll(pattern))
    if (!typeOnly && specifier) out.push(specifier);
  return out;
}

function resolveLocal(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every module and package reached through static imports from `entry`. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    for (const specifier of valueImports(read(file))) {
      const local = resolveLocal(file, specifier);
      const key = local ? relative(SRC, local) : specifier;
      if (seen.has(key)) continue;
      seen.add(key);
      if (local) walk(local);
    }
  };
  walk(entry);
  return seen;
}

const HEAVY = [
  'leaflet',
  '@radix-ui/react-popover',
  '@radix-ui/react-dialog',
  '@radix-ui/react-tabs',
  'zod',
  '@app/contracts',
  'features/location/components/map-dialog/map-dialog.tsx',
  'features/location/components/address-popover.tsx',
];

describe('location in the first load', () => {
  it.each([
    'features/location/components/location-slot.tsx',
    'features/shell/components/address-button.tsx',
    'features/location/components/closed-branch-notice.tsx',
  ])('%s reaches no map, dialog, popover or zod statically', (entry) => {
    const all = reached(join(SRC, entry));
    expect(HEAVY.filter((h) => all.has(h))).toEqual([]);
  });

  it('the slot loads the map dialog and the popover with next/dynamic', () => {
    const slot = read(join(SRC, 'features/location/components/location-slot.tsx'));
    expect(slot).toMatch(
      /dynamic\(\(\) => import\('\.\/map-dialog\/map-dialog'\)\.then\(\(m\) => m\.MapDialog\)/,
    );
    expect(slot).toMatch(/dynamic\(\(\) => import\('\.\/address-popover'\)/);
  });

  it('the walk sees a static import', () => {
    expect(
      reached(join(SRC, 'features/location/components/address-popover.tsx')).has('@radix-ui/react-popover'),
    ).toBe(true);
  });
});
