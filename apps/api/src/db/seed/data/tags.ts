import type { SeedTag } from '../types.ts';

export const tags: SeedTag[] = [
  { slug: 'new', title: { ru: 'Новинка', uz: 'Yangi', en: 'New' } },
  { slug: 'hit', title: { ru: 'Хит', uz: 'Xit', en: 'Bestseller' } },
  { slug: 'spicy', title: { ru: 'Острое', uz: 'Achchiq', en: 'Spicy' } },
  { slug: 'vegetarian', title: { ru: 'Вегетарианское', uz: 'Vegetarian', en: 'Vegetarian' } },
  { slug: 'kids', title: { ru: 'Детям', uz: 'Bolalar uchun', en: 'For kids' } },
  { slug: 'to-share', title: { ru: 'На компанию', uz: 'Davra uchun', en: 'To share' } },
];
