import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dynamicImports, reachedFrom, SRC } from '@/test/import-graph';

/**
 * The location parts mounted on every page (the slot in the layout, the header's address button)
 * must not pull the map (Leaflet), the dialogs or the popover into the first load: those arrive
 * through `import()` (components/lazy-client.tsx) when first needed. The import graph is TypeScript's (src/test/import-graph.ts).
 */
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
    const all = reachedFrom(join(SRC, entry));
    expect(HEAVY.filter((h) => all.has(h))).toEqual([]);
  });

  it('the slot loads its work with import() (lazyClient), and the work the map dialog, the popover and the prompt', () => {
    expect(dynamicImports(join(SRC, 'features/location/components/location-slot.tsx'))).toEqual([
      'features/location/components/location-work.tsx',
    ]);
    const lazy = dynamicImports(join(SRC, 'features/location/components/location-work.tsx'));
    expect(lazy).toContain('features/location/components/map-dialog/map-dialog.tsx');
    expect(lazy).toContain('features/location/components/address-popover.tsx');
    expect(lazy).toContain('features/location/components/address-prompt.tsx');
  });

  it('the slot in every first load brings none of the flow, the sync or the choices (issue 11)', () => {
    const all = reachedFrom(join(SRC, 'features/location/components/location-slot.tsx'));
    const work = [
      'features/location/hooks/use-address-flow.ts',
      'features/location/hooks/use-address-points.ts',
      'features/location/lib/choose.ts',
      'features/location/lib/location-api.ts',
      'features/location/lib/geocoding.ts',
    ];
    expect(work.filter((m) => all.has(m))).toEqual([]);
  });

  it.each([
    'features/location/components/location-work.tsx',
    'features/location/components/address-prompt.tsx',
  ])(
    '%s, loaded on every first visit, brings the location API and the choices only with import() (issue 11)',
    (entry) => {
      const all = reachedFrom(join(SRC, entry));
      const later = [
        'features/location/lib/choose.ts',
        'features/location/lib/location-api.ts',
        'features/location/lib/points-sync.ts',
        'features/location/lib/describe-point.ts',
      ];
      expect(later.filter((m) => all.has(m))).toEqual([]);
    },
  );

  it('the address prompt, loaded during every first visit, brings no popover library (issue 11)', () => {
    const all = reachedFrom(join(SRC, 'features/location/components/address-prompt.tsx'));
    expect(HEAVY.filter((h) => all.has(h))).toEqual([]);
    expect([...all].filter((m) => m.startsWith('@radix-ui/'))).toEqual([]);
  });

  it('the walk sees a static import', () => {
    expect(
      reachedFrom(join(SRC, 'features/location/components/address-popover.tsx')).has(
        '@radix-ui/react-popover',
      ),
    ).toBe(true);
  });
});
