import type { SeedCatalog } from '../db/seed/catalog.ts';
import type { L, SeedProduct, SeedZone } from '../db/seed/types.ts';
import { fixturePlaces } from './fixture-places.ts';
import { fixturePricing } from './fixture-pricing.ts';
import { fixtureStaff } from './fixture-staff.ts';

/**
 * A small chain for the API tests, independent of the demo data (which may change). Titles are
 * chosen so that search can only succeed by folding: 'beef-wrap' is 'lavash' only in Cyrillic,
 * 'tandoor-pastry' is 'samsa'/'somsa' only in ru/uz, the lamb shashlik has "qo'y" only in uz.
 */
const t = (ru: string, uz: string, en: string): L => ({ ru, uz, en });
const img = { icon: 'pot-of-food', background: '#f5e6d3' };

const product = (
  p: Partial<SeedProduct> & Pick<SeedProduct, 'slug' | 'title' | 'price' | 'menus'>,
): SeedProduct => ({
  type: 'simple',
  categories: [],
  tags: [],
  description: t(`${p.title.ru}: описание`, `${p.title.uz}: tavsif`, `${p.title.en}: description`),
  ingredients: t('мясо, лук', "go'sht, piyoz", 'meat, onion'),
  allergens: t('нет', "yo'q", 'none'),
  weight: 300,
  energy: 450,
  fats: 12.5,
  proteins: 20,
  carbohydrates: 40,
  cooking_time: 15,
  popularity: 10,
  image: img,
  ...p,
});

export const fixtureCatalog: SeedCatalog = {
  shipper: {
    name: 'Fixture Chain',
    phone: '998711234567',
    work_hour_start: '09:00',
    work_hour_end: '23:00',
    minimal_order_price: 40_000,
    description: t('Тестовая сеть', 'Test tarmoq', 'Test chain'),
    logo: img,
    socials: [{ type: 'telegram', url: 'https://t.me/fixture' }],
    app_links: { app_store: 'https://apps.apple.com/app/id1', play_market: null },
    payment_types: ['cash', 'payme'],
    sister_brands: [
      {
        key: 'sister-coffee',
        name: 'Sister Coffee',
        url: 'https://coffee.example',
        logo: { icon: 'hot-beverage', background: '#efe0d2' },
      },
    ],
  },
  menus: [
    { key: 'tashkent', name: 'Tashkent' },
    { key: 'regions', name: 'Regions' },
  ],
  cities: [
    {
      slug: 'tashkent',
      name: t('Ташкент', 'Toshkent', 'Tashkent'),
      location: { lat: 41.31, long: 69.28 },
      default_menu: 'tashkent',
    },
    {
      slug: 'samarkand',
      name: t('Самарканд', 'Samarqand', 'Samarkand'),
      location: { lat: 39.65, long: 66.96 },
      default_menu: 'regions',
    },
  ],
  branches: [
    branch('chilonzor', 'tashkent', 'tashkent', {
      stop_list: ['tandoor-pastry'],
      work_hour_start: '00:00',
      work_hour_end: '23:59',
    }),
    branch('yunusobod', 'tashkent', 'tashkent', {
      work_hour_start: '10:00',
      work_hour_end: '03:00',
      location: { lat: 41.36, long: 69.29 },
    }),
    branch('oybek', 'tashkent', 'tashkent', { is_active: false, location: { lat: 41.31, long: 69.28 } }),
    branch('registan', 'samarkand', 'regions', { location: { lat: 39.654, long: 66.975 } }),
  ],
  categories: [
    { slug: 'wraps', title: t('Лаваш', 'Lavash', 'Wraps') },
    { slug: 'hot', title: t('Горячее', 'Issiq taomlar', 'Hot dishes') },
    { slug: 'pizza', title: t('Пицца', 'Pitsa', 'Pizza') },
    { slug: 'drinks', title: t('Напитки', 'Ichimliklar', 'Drinks') },
    { slug: 'combos', title: t('Комбо', 'Kombo', 'Combos') },
    { slug: 'empty', title: t('Пусто', "Bo'sh", 'Empty') },
  ],
  tags: [
    { slug: 'spicy', title: t('Острое', 'Achchiq', 'Spicy') },
    { slug: 'new', title: t('Новинка', 'Yangi', 'New') },
  ],
  products: [
    product({
      slug: 'beef-wrap',
      title: t('Лаваш с говядиной', "Mol go'shtli o'rama", 'Beef wrap'),
      categories: ['wraps'],
      tags: ['spicy', 'new'],
      price: 32_000,
      menus: { tashkent: 32_000, regions: 29_000 },
      popularity: 90,
      single_modifiers: [
        {
          key: 'cheese',
          name: t('Сыр', 'Pishloq', 'Cheese'),
          price: 5_000,
          is_compulsory: false,
          category_name: t('Добавки', "Qo'shimchalar", 'Extras'),
          max_amount: 2,
        },
      ],
      group_modifiers: [
        {
          key: 'sauce',
          name: t('Соус', 'Sous', 'Sauce'),
          min_amount: 1,
          max_amount: 2,
          variants: [
            { key: 'garlic', title: t('Чесночный', 'Sarimsoqli', 'Garlic'), price: 0 },
            { key: 'chili', title: t('Чили', 'Chili', 'Chili'), price: 2_000 },
          ],
        },
      ],
    }),
    product({
      slug: 'tandoor-pastry',
      title: t('Самса из тандыра', 'Tandir somsa', 'Tandoor pastry'),
      categories: ['hot'],
      price: 9_000,
      menus: { tashkent: 9_000, regions: 8_000 },
      popularity: 70,
    }),
    product({
      slug: 'lamb-shashlik',
      title: t('Шашлык из баранины', "Qo'y go'shtidan shashlik", 'Lamb skewer'),
      categories: ['hot'],
      tags: ['spicy'],
      price: 28_000,
      menus: { tashkent: 28_000, regions: 26_000 },
      popularity: 80,
    }),
    product({
      slug: 'capital-plov',
      title: t('Плов столичный', 'Poytaxt oshi', 'Capital rice'),
      categories: ['hot'],
      price: 35_000,
      menus: { tashkent: 35_000 },
      popularity: 60,
    }),
    product({
      slug: 'margherita',
      type: 'origin',
      title: t('Пицца Маргарита', 'Margarita pitsa', 'Margherita pizza'),
      categories: ['pizza'],
      price: 55_000,
      weight: 450,
      menus: { tashkent: 55_000, regions: 50_000 },
      variants: [
        {
          slug: 'margherita-25',
          title: t('Маргарита 25 см', 'Margarita 25 sm', 'Margherita 25 cm'),
          property: t('25 см', '25 sm', '25 cm'),
          price: 55_000,
          weight: 450,
        },
        {
          slug: 'margherita-35',
          title: t('Маргарита 35 см', 'Margarita 35 sm', 'Margherita 35 cm'),
          property: t('35 см', '35 sm', '35 cm'),
          price: 79_000,
          weight: 800,
        },
      ],
    }),
    product({
      slug: 'cola',
      title: t('Кока-Кола 0,5 л', 'Coca-Cola 0,5 l', 'Coca-Cola 0.5 l'),
      categories: ['drinks'],
      price: 8_000,
      menus: { tashkent: 8_000, regions: 8_000 },
      popularity: 50,
    }),
    product({
      slug: 'lunch-combo',
      type: 'combo',
      title: t('Комбо обед', 'Tushlik kombo', 'Lunch combo'),
      categories: ['combos'],
      price: 45_000,
      menus: { tashkent: 45_000 },
      combo_groups: [
        {
          key: 'main',
          title: t('Основное', 'Asosiy', 'Main'),
          options: [
            { product: 'beef-wrap', extra_price: 0 },
            { product: 'lamb-shashlik', extra_price: 3_000 },
          ],
        },
        {
          key: 'drink',
          title: t('Напиток', 'Ichimlik', 'Drink'),
          options: [{ product: 'cola', extra_price: 0 }],
        },
      ],
    }),
    product({
      slug: 'napkins',
      title: t('Салфетки и приборы', 'Salfetka va vilka-qoshiq', 'Napkins and cutlery'),
      price: 0,
      menus: { tashkent: 0, regions: 0 },
      popularity: 0,
    }),
    product({
      slug: 'ketchup',
      title: t('Кетчуп', 'Ketchup', 'Ketchup'),
      categories: ['drinks'],
      price: 3_000,
      menus: { tashkent: 3_000 },
      popularity: 1,
    }),
  ],
  autoAdd: [
    { product: 'napkins', quantity: 1, delivery_type: 'delivery', min_order_price: 0 },
    { product: 'ketchup', quantity: 2, delivery_type: null, min_order_price: 100_000 },
  ],
  reviews: [
    { product: 'beef-wrap', rating: 5, message: 'Отлично', client_name: 'Aziz', days_ago: 10 },
    { product: 'beef-wrap', rating: 4, message: 'Вкусно', client_name: 'Dilnoza', days_ago: 1 },
    { product: 'beef-wrap', rating: 4, message: '', client_name: 'Timur', days_ago: 5 },
    { product: 'lamb-shashlik', rating: 5, message: 'Zo‘r', client_name: 'Bekzod', days_ago: 2 },
  ],
  zones: fixtureZones(),
  places: fixturePlaces,
  pricing: fixturePricing,
  staff: fixtureStaff,
};

/**
 * Delivery zones for the API tests (Tashkent 41.2..41.45 x 69.15..69.32, rings as [lat, long]):
 * - 'centre' 41.28..41.34 x 69.25..69.31 with a hole 41.30..41.305 x 69.29..69.30, served by
 *   yunusobod (active, 10:00-03:00) and oybek (inactive, the nearest to the centre);
 * - 'west' 41.27..41.33 x 69.15..69.25 (meets 'centre' along long 69.25), served by chilonzor (24 h);
 * - 'north' 41.34..41.40 x 69.25..69.32 (meets 'centre' along lat 41.34), served by yunusobod;
 * - 'closed-only' 41.20..41.25 x 69.25..69.31, served only by the inactive oybek;
 * - 'inactive' 41.40..41.45 x 69.25..69.32, switched off (never answered);
 * - 'samarkand' 39.62..39.69 x 66.92..67.01, served by registan.
 */
function fixtureZones(): SeedZone[] {
  const box = (south: number, west: number, north: number, east: number): [number, number][] => [
    [south, west],
    [south, east],
    [north, east],
    [north, west],
  ];
  const zone = (z: Pick<SeedZone, 'key' | 'city' | 'ring' | 'branches'> & Partial<SeedZone>): SeedZone => ({
    name: `Zone ${z.key}`,
    min_order_amount: 50_000,
    free_delivery_order_amount: 200_000,
    ...z,
  });
  return [
    zone({
      key: 'centre',
      city: 'tashkent',
      ring: box(41.28, 69.25, 41.34, 69.31),
      holes: [box(41.3, 69.29, 41.305, 69.3)],
      branches: ['yunusobod', 'oybek'],
    }),
    zone({
      key: 'west',
      city: 'tashkent',
      ring: box(41.27, 69.15, 41.33, 69.25),
      branches: ['chilonzor'],
      min_order_amount: 60_000,
      free_delivery_order_amount: 0,
    }),
    zone({ key: 'north', city: 'tashkent', ring: box(41.34, 69.25, 41.4, 69.32), branches: ['yunusobod'] }),
    zone({ key: 'closed-only', city: 'tashkent', ring: box(41.2, 69.25, 41.25, 69.31), branches: ['oybek'] }),
    zone({
      key: 'inactive',
      city: 'tashkent',
      ring: box(41.4, 69.25, 41.45, 69.32),
      branches: ['yunusobod'],
      is_active: false,
    }),
    zone({
      key: 'samarkand',
      city: 'samarkand',
      ring: box(39.62, 66.92, 39.69, 67.01),
      branches: ['registan'],
    }),
  ];
}

function branch(
  slug: string,
  city: string,
  menu: 'tashkent' | 'regions',
  overrides: Partial<SeedCatalog['branches'][number]>,
): SeedCatalog['branches'][number] {
  return {
    slug,
    city,
    name: t(`Филиал ${slug}`, `${slug} filiali`, `${slug} branch`),
    address: t('ул. Тестовая, 1', "Test ko'chasi, 1", '1 Test street'),
    destination: t('Напротив парка', "Bog' qarshisida", 'Opposite the park'),
    phone: '998711234568',
    location: { lat: 41.3, long: 69.2 },
    menu,
    work_hour_start: '10:00',
    work_hour_end: '22:00',
    delivery_time: 40,
    future_delivery_order_time: 3,
    future_self_pickup_order_time: 7,
    is_active: true,
    has_parking: true,
    seats_count: 80,
    has_playground: false,
    virtual_tour: null,
    image: { icon: 'house', background: '#e2f3e6' },
    stop_list: [],
    ...overrides,
  };
}
