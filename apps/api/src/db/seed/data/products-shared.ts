import type { L, SeedProduct } from '../types.ts';

type SingleModifier = NonNullable<SeedProduct['single_modifiers']>[number];
type GroupModifier = NonNullable<SeedProduct['group_modifiers']>[number];

const ALLERGEN_NAMES = {
  gluten: { ru: 'глютен', uz: 'glyuten', en: 'gluten' },
  milk: { ru: 'молоко', uz: 'sut', en: 'milk' },
  egg: { ru: 'яйцо', uz: 'tuxum', en: 'egg' },
  sesame: { ru: 'кунжут', uz: 'kunjut', en: 'sesame' },
  nuts: { ru: 'орехи', uz: "yong'oq", en: 'tree nuts' },
  mustard: { ru: 'горчица', uz: 'xantal', en: 'mustard' },
  fish: { ru: 'рыба', uz: 'baliq', en: 'fish' },
} satisfies Record<string, L>;

export type Allergen = keyof typeof ALLERGEN_NAMES;

/** The same allergen list in every language; no allergens gives empty strings in all three. */
export function allergens(...names: Allergen[]): L {
  const list = (locale: keyof L) => names.map((n) => ALLERGEN_NAMES[n][locale]).join(', ');
  return { ru: list('ru'), uz: list('uz'), en: list('en') };
}

const EXTRAS: L = { ru: 'Добавки', uz: "Qo'shimchalar", en: 'Extras' };

/** Plov is always served with a tandoor flatbread: the one compulsory modifier of the menu. */
export const breadForPlov: SingleModifier = {
  key: 'bread',
  name: { ru: 'Лепёшка тандырная', uz: 'Tandir non', en: 'Tandoor flatbread' },
  price: 5_000,
  is_compulsory: true,
  category_name: { ru: 'Хлеб', uz: 'Non', en: 'Bread' },
  max_amount: 3,
};

export const pickledOnion: SingleModifier = {
  key: 'pickled-onion',
  name: { ru: 'Маринованный лук', uz: 'Marinadlangan piyoz', en: 'Pickled onion' },
  price: 3_000,
  is_compulsory: false,
  category_name: EXTRAS,
  max_amount: 2,
};

export const shashlikSauce: GroupModifier = {
  key: 'sauce',
  name: { ru: 'Соус', uz: 'Sous', en: 'Sauce' },
  min_amount: 1,
  max_amount: 2,
  variants: [
    { key: 'tomato', title: { ru: 'Томатный', uz: 'Pomidorli', en: 'Tomato' }, price: 0 },
    { key: 'garlic', title: { ru: 'Чесночный', uz: 'Sarimsoqli', en: 'Garlic' }, price: 0 },
    { key: 'adjika', title: { ru: 'Острая аджика', uz: 'Achchiq adjika', en: 'Hot adjika' }, price: 2_000 },
    {
      key: 'narsharab',
      title: { ru: 'Наршараб (гранатовый)', uz: 'Narsharob (anorli)', en: 'Narsharab (pomegranate)' },
      price: 3_000,
    },
  ],
};

export const lavashAddons: GroupModifier = {
  key: 'addons',
  name: { ru: 'Добавки', uz: "Qo'shimchalar", en: 'Add-ons' },
  min_amount: 0,
  max_amount: 3,
  variants: [
    { key: 'extra-cheese', title: { ru: 'Сыр', uz: 'Pishloq', en: 'Cheese' }, price: 6_000 },
    { key: 'jalapeno', title: { ru: 'Халапеньо', uz: 'Xalapenyo', en: 'Jalapeño' }, price: 4_000 },
    {
      key: 'extra-meat',
      title: { ru: 'Двойное мясо', uz: "Ikki hissa go'sht", en: 'Double meat' },
      price: 12_000,
    },
    { key: 'mushrooms', title: { ru: 'Шампиньоны', uz: "Qo'ziqorin", en: 'Mushrooms' }, price: 5_000 },
    { key: 'fries-inside', title: { ru: 'Фри внутрь', uz: 'Ichiga fri', en: 'Fries inside' }, price: 5_000 },
  ],
};

export const burgerDoneness: GroupModifier = {
  key: 'doneness',
  name: { ru: 'Прожарка', uz: 'Qovurilish darajasi', en: 'Doneness' },
  min_amount: 1,
  max_amount: 1,
  variants: [
    { key: 'medium', title: { ru: 'Средняя', uz: "O'rtacha", en: 'Medium' }, price: 0 },
    {
      key: 'medium-well',
      title: { ru: 'Почти прожаренная', uz: 'Deyarli pishgan', en: 'Medium well' },
      price: 0,
    },
    { key: 'well-done', title: { ru: 'Полная', uz: "To'liq pishgan", en: 'Well done' }, price: 0 },
  ],
};

export const burgerBun: GroupModifier = {
  key: 'bun',
  name: { ru: 'Булочка', uz: 'Bulochka', en: 'Bun' },
  min_amount: 1,
  max_amount: 1,
  variants: [
    { key: 'sesame', title: { ru: 'С кунжутом', uz: 'Kunjutli', en: 'Sesame' }, price: 0 },
    { key: 'brioche', title: { ru: 'Бриошь', uz: 'Briosh', en: 'Brioche' }, price: 3_000 },
    {
      key: 'whole-grain',
      title: { ru: 'Цельнозерновая', uz: "To'liq donli", en: 'Whole grain' },
      price: 3_000,
    },
  ],
};

export const burgerExtras: SingleModifier[] = [
  {
    key: 'extra-cheese',
    name: { ru: 'Ломтик чеддера', uz: "Chedder bo'lagi", en: 'Slice of cheddar' },
    price: 6_000,
    is_compulsory: false,
    category_name: EXTRAS,
    max_amount: 3,
  },
  {
    key: 'jalapeno',
    name: { ru: 'Халапеньо', uz: 'Xalapenyo', en: 'Jalapeño' },
    price: 4_000,
    is_compulsory: false,
    category_name: EXTRAS,
    max_amount: 2,
  },
  {
    key: 'beef-bacon',
    name: { ru: 'Говяжий бекон', uz: "Mol go'shtidan bekon", en: 'Beef bacon' },
    price: 9_000,
    is_compulsory: false,
    category_name: EXTRAS,
    max_amount: 2,
  },
];

export const pizzaExtras: SingleModifier[] = [
  {
    key: 'cheese-crust',
    name: { ru: 'Сырный бортик', uz: 'Pishloqli chekka', en: 'Cheese-stuffed crust' },
    price: 15_000,
    is_compulsory: false,
    category_name: { ru: 'Тесто', uz: 'Xamir', en: 'Crust' },
    max_amount: 1,
  },
  {
    key: 'extra-mozzarella',
    name: { ru: 'Ещё моцареллы', uz: "Qo'shimcha motsarella", en: 'Extra mozzarella' },
    price: 10_000,
    is_compulsory: false,
    category_name: EXTRAS,
    max_amount: 2,
  },
];

/** Pizza sizes: the variant titles and properties, shared by every pizza. */
export const PIZZA_SIZES = {
  small: {
    title: { ru: 'Маленькая', uz: 'Kichik', en: 'Small' },
    property: { ru: '25 см', uz: '25 sm', en: '25 cm' },
  },
  medium: {
    title: { ru: 'Средняя', uz: "O'rtacha", en: 'Medium' },
    property: { ru: '30 см', uz: '30 sm', en: '30 cm' },
  },
  large: {
    title: { ru: 'Большая', uz: 'Katta', en: 'Large' },
    property: { ru: '35 см', uz: '35 sm', en: '35 cm' },
  },
} satisfies Record<string, { title: L; property: L }>;

export const DRINK_SIZES = {
  glass: {
    title: { ru: 'Стакан', uz: 'Stakan', en: 'Glass' },
    property: { ru: '0,5 л', uz: '0,5 l', en: '0.5 l' },
  },
  jug: { title: { ru: 'Кувшин', uz: "Ko'za", en: 'Jug' }, property: { ru: '1 л', uz: '1 l', en: '1 l' } },
} satisfies Record<string, { title: L; property: L }>;
