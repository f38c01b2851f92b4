import type { SeedMenu } from '../types.ts';

export const menus: SeedMenu[] = [
  { key: 'tashkent', name: 'Tashkent' },
  { key: 'regions', name: 'Regions (Samarkand, Bukhara)' },
];
