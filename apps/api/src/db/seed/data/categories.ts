import type { SeedCategory } from '../types.ts';

/** In the order the menu shows them. */
export const categories: SeedCategory[] = [
  { slug: 'plov', title: { ru: 'Плов', uz: 'Palov', en: 'Plov' } },
  { slug: 'shashlik', title: { ru: 'Шашлык', uz: 'Shashlik', en: 'Shashlik' } },
  {
    slug: 'national-dishes',
    title: { ru: 'Национальные блюда', uz: 'Milliy taomlar', en: 'National dishes' },
  },
  { slug: 'soups', title: { ru: 'Супы', uz: "Sho'rvalar", en: 'Soups' } },
  {
    slug: 'lavash-shawarma',
    title: { ru: 'Лаваш и шаурма', uz: 'Lavash va shaurma', en: 'Lavash & shawarma' },
  },
  { slug: 'burgers', title: { ru: 'Бургеры', uz: 'Burgerlar', en: 'Burgers' } },
  { slug: 'pizza', title: { ru: 'Пицца', uz: 'Pitsa', en: 'Pizza' } },
  { slug: 'salads', title: { ru: 'Салаты', uz: 'Salatlar', en: 'Salads' } },
  {
    slug: 'sides-sauces',
    title: { ru: 'Гарниры и соусы', uz: 'Garnirlar va souslar', en: 'Sides & sauces' },
  },
  { slug: 'desserts', title: { ru: 'Десерты', uz: 'Shirinliklar', en: 'Desserts' } },
  { slug: 'drinks', title: { ru: 'Напитки', uz: 'Ichimliklar', en: 'Drinks' } },
  { slug: 'combos', title: { ru: 'Комбо', uz: 'Kombo', en: 'Combos' } },
];
