import type { SeedCity } from '../types.ts';

export const cities: SeedCity[] = [
  {
    slug: 'tashkent',
    name: { ru: 'Ташкент', uz: 'Toshkent', en: 'Tashkent' },
    location: { lat: 41.311153, long: 69.279729 },
    default_menu: 'tashkent',
  },
  {
    slug: 'samarkand',
    name: { ru: 'Самарканд', uz: 'Samarqand', en: 'Samarkand' },
    location: { lat: 39.6542, long: 66.9597 },
    default_menu: 'regions',
  },
  {
    slug: 'bukhara',
    name: { ru: 'Бухара', uz: 'Buxoro', en: 'Bukhara' },
    location: { lat: 39.7747, long: 64.4286 },
    default_menu: 'regions',
  },
];
