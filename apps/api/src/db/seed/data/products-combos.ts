import type { L, SeedProduct } from '../types.ts';
import { allergens } from './products-shared.ts';

type ComboGroup = NonNullable<SeedProduct['combo_groups']>[number];

const MAIN: L = { ru: 'Основное блюдо', uz: 'Asosiy taom', en: 'Main' };
const SIDE: L = { ru: 'Гарнир', uz: 'Garnir', en: 'Side' };
const DRINK: L = { ru: 'Напиток', uz: 'Ichimlik', en: 'Drink' };

const sodaGroup: ComboGroup = {
  key: 'drink',
  title: DRINK,
  options: [
    { product: 'cola-0-5', extra_price: 0 },
    { product: 'fanta-0-5', extra_price: 0 },
    { product: 'tea-black', extra_price: 0 },
  ],
};

/**
 * A combo's weight and nutrition add up its default choice (the first option of every group); its price
 * is below what those items cost on their own, which is the point of a combo.
 */
export const comboProducts: SeedProduct[] = [
  {
    slug: 'combo-lavash',
    type: 'combo',
    categories: ['combos'],
    tags: ['hit'],
    title: { ru: 'Комбо «Лаваш»', uz: '«Lavash» kombo', en: 'Lavash combo' },
    description: {
      ru: 'Лаваш, гарнир и напиток дешевле, чем по отдельности. Выберите то, что любите.',
      uz: "Lavash, garnir va ichimlik alohida olgandan arzonroq. O'zingiz yoqtirganini tanlang.",
      en: 'A lavash, a side and a drink for less than apart. Pick the ones you like.',
    },
    ingredients: {
      ru: 'лаваш на выбор, картофель фри или наггетсы, напиток на выбор',
      uz: 'tanlovingizga lavash, kartoshka fri yoki naggets, tanlovingizga ichimlik',
      en: 'a lavash of your choice, fries or nuggets, a drink of your choice',
    },
    allergens: allergens('gluten', 'egg', 'milk'),
    price: 56_000,
    menus: { tashkent: 56_000, regions: 53_000 },
    weight: 1000,
    energy: 1200,
    fats: 47,
    proteins: 31,
    carbohydrates: 163,
    cooking_time: 12,
    popularity: 800,
    image: { icon: 'takeout-box', background: '#fdf0d4' },
    combo_groups: [
      {
        key: 'main',
        title: MAIN,
        options: [
          { product: 'lavash-classic', extra_price: 0 },
          { product: 'lavash-chicken', extra_price: 0 },
          { product: 'lavash-cheese', extra_price: 4_000 },
        ],
      },
      {
        key: 'side',
        title: SIDE,
        options: [
          { product: 'fries', extra_price: 0 },
          { product: 'nuggets', extra_price: 5_000 },
        ],
      },
      sodaGroup,
    ],
  },
  {
    slug: 'combo-burger',
    type: 'combo',
    categories: ['combos'],
    tags: [],
    title: { ru: 'Комбо «Бургер»', uz: '«Burger» kombo', en: 'Burger combo' },
    description: {
      ru: 'Бургер, гарнир и холодный напиток — обед, который не надо долго выбирать.',
      uz: 'Burger, garnir va salqin ichimlik — uzoq tanlashni talab qilmaydigan tushlik.',
      en: 'A burger, a side and a cold drink: lunch without the long decision.',
    },
    ingredients: {
      ru: 'бургер на выбор, картофель фри или луковые кольца, напиток на выбор',
      uz: 'tanlovingizga burger, kartoshka fri yoki piyoz halqalari, tanlovingizga ichimlik',
      en: 'a burger of your choice, fries or onion rings, a drink of your choice',
    },
    allergens: allergens('gluten', 'sesame', 'egg', 'milk'),
    price: 58_000,
    menus: { tashkent: 58_000, regions: 54_000 },
    weight: 930,
    energy: 1120,
    fats: 47,
    proteins: 33,
    carbohydrates: 141,
    cooking_time: 15,
    popularity: 680,
    image: { icon: 'hamburger', background: '#ffe9d6' },
    combo_groups: [
      {
        key: 'main',
        title: MAIN,
        options: [
          { product: 'burger-classic', extra_price: 0 },
          { product: 'burger-chicken', extra_price: 0 },
          { product: 'cheeseburger', extra_price: 4_000 },
        ],
      },
      {
        key: 'side',
        title: SIDE,
        options: [
          { product: 'fries', extra_price: 0 },
          { product: 'onion-rings', extra_price: 3_000 },
        ],
      },
      sodaGroup,
    ],
  },
  {
    slug: 'combo-plov-lunch',
    type: 'combo',
    categories: ['combos'],
    tags: [],
    title: { ru: 'Комбо «Обед с пловом»', uz: '«Palovli tushlik» kombo', en: 'Plov lunch combo' },
    description: {
      ru: 'Плов, салат, горячая лепёшка и чай — настоящий узбекский обед на одного.',
      uz: "Palov, salat, issiq non va choy — bir kishilik haqiqiy o'zbekcha tushlik.",
      en: 'Plov, a salad, a hot flatbread and tea: a proper Uzbek lunch for one.',
    },
    ingredients: {
      ru: 'плов на выбор, салат на выбор, тандырная лепёшка, чай или айран',
      uz: 'tanlovingizga palov, tanlovingizga salat, tandir non, choy yoki ayron',
      en: 'plov of your choice, salad of your choice, tandoor flatbread, tea or ayran',
    },
    allergens: allergens('gluten', 'sesame'),
    price: 64_000,
    menus: { tashkent: 64_000, regions: 60_000 },
    weight: 1630,
    energy: 1500,
    fats: 46,
    proteins: 50,
    carbohydrates: 222,
    cooking_time: 10,
    popularity: 570,
    image: { icon: 'fork-and-knife-with-plate', background: '#f4e8d2' },
    combo_groups: [
      {
        key: 'plov',
        title: { ru: 'Плов', uz: 'Palov', en: 'Plov' },
        options: [
          { product: 'plov-samarkand', extra_price: 0 },
          { product: 'plov-vegetarian', extra_price: 0 },
        ],
      },
      {
        key: 'salad',
        title: { ru: 'Салат', uz: 'Salat', en: 'Salad' },
        options: [
          { product: 'salad-achichuk', extra_price: 0 },
          { product: 'salad-tashkent', extra_price: 8_000 },
        ],
      },
      {
        key: 'bread',
        title: { ru: 'Хлеб', uz: 'Non', en: 'Bread' },
        options: [{ product: 'non-tandoor', extra_price: 0 }],
      },
      {
        key: 'drink',
        title: DRINK,
        options: [
          { product: 'tea-green', extra_price: 0 },
          { product: 'tea-black', extra_price: 0 },
          { product: 'ayran', extra_price: 0 },
        ],
      },
    ],
  },
  {
    slug: 'combo-kids',
    type: 'combo',
    categories: ['combos'],
    tags: ['kids'],
    title: { ru: 'Детское комбо', uz: 'Bolalar kombosi', en: 'Kids combo' },
    description: {
      ru: 'Маленький обед для маленьких гостей: наггетсы или хот-дог, картофель фри, сок и мороженое.',
      uz: 'Kichkina mehmonlar uchun kichkina tushlik: naggets yoki xot-dog, kartoshka fri, sharbat va muzqaymoq.',
      en: 'A little lunch for little guests: nuggets or a hot dog, fries, juice and ice cream.',
    },
    ingredients: {
      ru: 'наггетсы или хот-дог, картофель фри, сок или вода, мороженое пломбир',
      uz: 'naggets yoki xot-dog, kartoshka fri, sharbat yoki suv, plombir muzqaymoq',
      en: 'nuggets or a hot dog, fries, juice or water, plombir ice cream',
    },
    allergens: allergens('gluten', 'egg', 'milk'),
    price: 54_000,
    menus: { tashkent: 54_000, regions: 50_000 },
    weight: 650,
    energy: 1100,
    fats: 53,
    proteins: 30,
    carbohydrates: 124,
    cooking_time: 10,
    popularity: 460,
    image: { icon: 'bento-box', background: '#e8f0fb' },
    combo_groups: [
      {
        key: 'main',
        title: MAIN,
        options: [
          { product: 'nuggets', extra_price: 0 },
          { product: 'hot-dog', extra_price: 0 },
        ],
      },
      { key: 'side', title: SIDE, options: [{ product: 'fries', extra_price: 0 }] },
      {
        key: 'drink',
        title: DRINK,
        options: [
          { product: 'juice-apple-0-2', extra_price: 0 },
          { product: 'water-0-5', extra_price: 0 },
        ],
      },
      {
        key: 'dessert',
        title: { ru: 'Десерт', uz: 'Shirinlik', en: 'Dessert' },
        options: [{ product: 'dessert-ice-cream', extra_price: 0 }],
      },
    ],
  },
];
