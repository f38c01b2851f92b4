import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZAutoAddQuery,
  ZAutoAddResponse,
  ZMenuProductsQuery,
  ZMenuProductsResponse,
  ZModifierQuery,
  ZModifierResponse,
  ZProductDetail,
  ZProductDetailQuery,
  ZProductListQuery,
  ZProductListResponse,
  ZProductParams,
  ZReviewListQuery,
  ZReviewListResponse,
} from './product.ts';
import {
  changed,
  controlCharacterViolations,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  wrongTypesAccepted,
} from './test-cases.ts';

const MENU_ID = 'b7d2b84f-d231-5d86-8882-d23961bb0b2f';
const BRANCH_ID = '2a9195a4-7616-5bf8-b6ae-2f6e0bd957ab';
const WRAP_ID = 'ef019d6a-185c-5f81-9a4e-9be99f02e30a';
const WRAPS = {
  id: 'dbecc001-9505-522f-8b3c-e9d08d821f87',
  slug: 'wraps',
  title: { ru: 'Лаваш', uz: 'Lavash', en: 'Wraps' },
};
const SPICY = { slug: 'spicy', title: { ru: 'Острое', uz: 'Achchiq', en: 'Spicy' } };
const picture = (slug: string) => ({
  alt: { ru: slug, uz: slug, en: slug },
  width: 160,
  height: 160,
  url: `/images/r1/products/${slug}--pot-of-food--f5e6d3-160.webp`,
  sources: [{ width: 160, url: `/images/r1/products/${slug}--pot-of-food--f5e6d3-160.webp` }],
});

/** A menu card as GET /v2/product lists it. */
const WRAP = {
  id: WRAP_ID,
  slug: 'beef-wrap',
  title: { ru: 'Лаваш с говядиной', uz: "Mol go'shtli o'rama", en: 'Beef wrap' },
  description: {
    ru: 'Лаваш с говядиной: описание',
    uz: "Mol go'shtli o'rama: tavsif",
    en: 'Beef wrap: description',
  },
  out_price: 32000,
  type: 'simple',
  has_modifier: true,
  image: picture('beef-wrap'),
  tags: [SPICY],
  categories: [WRAPS],
  rating: 4.3,
  reviews_count: 3,
  weight: 300,
  energy: 450,
  cooking_time: 15,
  popularity: 90,
};

const DETAIL_EXTRA = {
  fats: 12.5,
  proteins: 20,
  carbohydrates: 40,
  ingredients: { ru: 'мясо, лук', uz: "go'sht, piyoz", en: 'meat, onion' },
  allergens: { ru: 'нет', uz: "yo'q", en: 'none' },
  active_in_menu: true,
};

/** GET /v2/product/margherita: an origin product with two sizes. */
const PIZZA = {
  ...WRAP,
  id: 'c43023eb-c5b3-58f9-ac3f-973e83cbed2f',
  slug: 'margherita',
  title: { ru: 'Пицца Маргарита', uz: 'Margarita pitsa', en: 'Margherita pizza' },
  out_price: 55000,
  type: 'origin',
  has_modifier: false,
  image: picture('margherita'),
  tags: [],
  rating: 0,
  reviews_count: 0,
  weight: 450,
  popularity: 10,
  ...DETAIL_EXTRA,
  variants: [
    {
      id: '45780def-f631-5f9b-91ce-b7db5926adba',
      title: { ru: 'Маргарита 25 см', uz: 'Margarita 25 sm', en: 'Margherita 25 cm' },
      property: { ru: '25 см', uz: '25 sm', en: '25 cm' },
      out_price: 55000,
      weight: 450,
    },
    {
      id: '5b1e0a9c-7d3f-5e2a-8c4b-6a9d0e1f2a3b',
      title: { ru: 'Маргарита 35 см', uz: 'Margarita 35 sm', en: 'Margherita 35 cm' },
      property: { ru: '35 см', uz: '35 sm', en: '35 cm' },
      out_price: 79000,
      weight: 800,
    },
  ],
  combo_groups: [],
};

/** GET /v2/product/lunch-combo: a combo of two groups. */
const COMBO = {
  ...WRAP,
  id: '91d0898e-8a9f-5f0b-b8eb-38e5cd9839de',
  slug: 'lunch-combo',
  type: 'combo',
  has_modifier: false,
  image: null,
  ...DETAIL_EXTRA,
  variants: [],
  combo_groups: [
    {
      id: '8b6ce4be-569c-5821-bfde-f39549dd9a63',
      title: { ru: 'Основное', uz: 'Asosiy', en: 'Main' },
      variants: [
        { id: '4807c5cf-2341-563a-8193-f3b57db9ccb5', product_id: WRAP_ID, title: WRAP.title, out_price: 0 },
        {
          id: '6c2f1b0d-8e4a-5f3b-9d5c-7b0e1f2a3b4c',
          product_id: '7d3f2c1e-9f5b-5a4c-8e6d-8c1f2a3b4c5d',
          title: { ru: 'Шашлык', uz: 'Shashlik', en: 'Shashlik' },
          out_price: 3000,
        },
      ],
    },
  ],
};

/** GET /v2/menu-products?branch_id=...: the wrap is on the menu, the pastry on the stop list. */
const MENU = {
  menu_id: MENU_ID,
  branch_id: BRANCH_ID,
  categories: [
    {
      ...WRAPS,
      products: [
        { ...WRAP, in_stop: false },
        { ...WRAP, id: '1f2e3d4c-5b6a-5978-8a9b-0c1d2e3f4a5b', slug: 'tandoor-pastry', in_stop: true },
      ],
    },
  ],
  tags: [SPICY],
};

/** GET /v2/modifier?product_id=<beef wrap>: an extra cheese and a sauce to choose. */
const MODIFIERS = {
  product_modifiers: {
    single_modifiers: [
      {
        id: '7d3e450d-3ed2-53c1-b363-961a865632f5',
        name: { ru: 'Сыр', uz: 'Pishloq', en: 'Cheese' },
        price: 5000,
        is_compulsory: false,
        category_name: { ru: 'Добавки', uz: "Qo'shimchalar", en: 'Extras' },
        max_amount: 2,
        in_stop: false,
      },
    ],
    group_modifiers: [
      {
        id: 'da3d6c64-3278-5d4a-9530-bcd4ed4c25ff',
        name: { ru: 'Соус', uz: 'Sous', en: 'Sauce' },
        min_amount: 1,
        max_amount: 2,
        variants: [
          {
            id: 'e132eb57-0191-56dc-a962-c865b1367c7d',
            title: { ru: 'Чесночный', uz: 'Sarimsoqli', en: 'Garlic' },
            out_price: 0,
            in_stop: true,
          },
        ],
      },
    ],
  },
};

/** GET /v3/auto-add-product: napkins with every delivery. */
const AUTO_ADD = {
  products: [
    {
      product: {
        ...WRAP,
        id: '3ab1e5f2-5245-59d3-84aa-f3c96d70a1fe',
        slug: 'napkins',
        out_price: 0,
        tags: [],
        categories: [],
      },
      quantity: 1,
      delivery_type: 'delivery',
      min_order_price: 0,
    },
  ],
};

/** GET /v1/user_reviews?product_id=... */
const REVIEWS = {
  count: 3,
  reviews: [
    {
      id: 'fb4fc737-acd1-5efd-bc37-1e981093823e',
      rating: 4,
      review_message: 'Вкусно',
      created_at: '2026-11-24T22:35:15.184Z',
      client_name: 'Dilnoza',
    },
  ],
};

const responses: [string, z.ZodType, unknown][] = [
  ['an origin product with its sizes', ZProductDetail, PIZZA],
  ['a combo with its groups', ZProductDetail, COMBO],
  ['a menu with its stop list', ZMenuProductsResponse, MENU],
  ['the modifiers of a product', ZModifierResponse, MODIFIERS],
  ['the auto-added products', ZAutoAddResponse, AUTO_ADD],
  ['the reviews of a product', ZReviewListResponse, REVIEWS],
];

describe('product contracts accept what the API answers and the storefront asks', () => {
  it.each<[string, z.ZodType, unknown]>([
    ...responses,
    ['the product list', ZProductListResponse, { count: 9, products: [WRAP] }],
    [
      'only the fields asked for (and the id)',
      ZProductListResponse,
      { count: 9, products: [{ id: WRAP_ID, title: WRAP.title, out_price: 32000 }] },
    ],
    ['a menu of the city, before a branch is chosen', ZMenuProductsResponse, { ...MENU, branch_id: null }],
    [
      'a product without modifiers',
      ZModifierResponse,
      { product_modifiers: { single_modifiers: [], group_modifiers: [] } },
    ],
    [
      'an auto-added product for both order types',
      ZAutoAddResponse,
      changed(AUTO_ADD, ['products', 0, 'delivery_type'], null),
    ],
    [
      'a search of the storefront',
      ZProductListQuery,
      { search: 'плов', page: '1', limit: '20', menu_id: MENU_ID },
    ],
    [
      'a list of some fields and types',
      ZProductListQuery,
      { fields: 'title,out_price', product_types: 'simple,combo' },
    ],
    [
      // Every option of the group switched off chain-wide: the combo cannot be ordered ('Unavailable').
      'a combo with a group of nothing left to pick',
      ZProductDetail,
      changed(COMBO, ['combo_groups', 0, 'variants'], []),
    ],
    ['a product by slug on a menu', ZProductParams, { id: 'shashlik-lamb' }],
    ['a product on a menu', ZProductDetailQuery, { menu_id: MENU_ID }],
    ['the menu of a branch', ZMenuProductsQuery, { branch_id: BRANCH_ID }],
    ['the menu of a city', ZMenuProductsQuery, { menu_id: MENU_ID }],
    ['the modifiers of a product', ZModifierQuery, { product_id: WRAP_ID }],
    [
      'the auto-added products of an order',
      ZAutoAddQuery,
      { menu_id: MENU_ID, delivery_type: 'self-pickup', order_price: '120000' },
    ],
    ['the reviews of a product', ZReviewListQuery, { product_id: WRAP_ID, related_subject: 'product' }],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it('splits the comma lists of the product query', () => {
    expect(ZProductListQuery.parse({ fields: ' title , out_price,', product_types: 'origin' })).toMatchObject(
      {
        fields: ['title', 'out_price'],
        product_types: ['origin'],
      },
    );
  });

  it('asks for reviews of products unless told, a page of 20', () => {
    expect(ZReviewListQuery.parse({ product_id: WRAP_ID })).toEqual({
      product_id: WRAP_ID,
      related_subject: 'product',
      page: 1,
      limit: 20,
    });
  });
});

describe('product contracts refuse what the API must not take or answer', () => {
  it.each(responses)('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual([]);
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it('the product list may leave out any field of a product but its id (the `fields` parameter)', () => {
    const list = { count: 9, products: [WRAP] };
    expect(omissionsAccepted(ZProductListResponse, list)).toEqual(
      Object.keys(WRAP)
        .filter((key) => key !== 'id')
        .map((key) => `products.0.${key}`),
    );
    expect(wrongTypesAccepted(ZProductListResponse, list)).toEqual([]);
    expectRefused(ZProductListResponse, { count: 1, products: [{ title: WRAP.title }] }, [
      'products',
      0,
      'id',
    ]);
  });

  it.each<[string, Path, unknown]>([
    ['a rating above 5', ['rating'], 5.1],
    ['a negative rating', ['rating'], -0.1],
    ['a fractional price', ['out_price'], 32000.5],
    ['a negative price', ['out_price'], -1],
    ['an unknown type', ['type'], 'pizza'],
    ['negative fats', ['fats'], -1],
    ['a fractional weight', ['weight'], 450.5],
    ['a size of a negative price', ['variants', 1, 'out_price'], -79000],
    ['a size that is not an id', ['variants', 0, 'id'], '25cm'],
  ])('a product: refuses %s', (_name, path, value) => {
    expectRefused(ZProductDetail, changed(PIZZA, path, value), path);
  });

  it.each<[string, Path, unknown]>([
    ['a pick of a negative extra charge', ['combo_groups', 0, 'variants', 1, 'out_price'], -3000],
  ])('a combo: refuses %s', (_name, path, value) => {
    expectRefused(ZProductDetail, changed(COMBO, path, value), path);
  });

  it.each<[string, Path, unknown]>([
    ['a single modifier of a negative price', ['product_modifiers', 'single_modifiers', 0, 'price'], -5000],
    ['a single modifier nobody may take', ['product_modifiers', 'single_modifiers', 0, 'max_amount'], 0],
    ['a group with nothing to choose', ['product_modifiers', 'group_modifiers', 0, 'variants'], []],
    ['a group of a negative minimum', ['product_modifiers', 'group_modifiers', 0, 'min_amount'], -1],
    ['a group of no maximum', ['product_modifiers', 'group_modifiers', 0, 'max_amount'], 0],
  ])('the modifiers: refuse %s', (_name, path, value) => {
    expectRefused(ZModifierResponse, changed(MODIFIERS, path, value), path);
  });

  it.each<[string, z.ZodType, unknown, Path, unknown]>([
    [
      'a stop flag that is not a boolean',
      ZMenuProductsResponse,
      MENU,
      ['categories', 0, 'products', 1, 'in_stop'],
      'yes',
    ],
    ['an auto-added product of no units', ZAutoAddResponse, AUTO_ADD, ['products', 0, 'quantity'], 0],
    [
      'an auto-added product for an unknown order type',
      ZAutoAddResponse,
      AUTO_ADD,
      ['products', 0, 'delivery_type'],
      'courier',
    ],
    ['a review of 6 stars', ZReviewListResponse, REVIEWS, ['reviews', 0, 'rating'], 6],
    ['a review of no stars', ZReviewListResponse, REVIEWS, ['reviews', 0, 'rating'], 0],
    ['a review of 4.5 stars', ZReviewListResponse, REVIEWS, ['reviews', 0, 'rating'], 4.5],
    [
      'a review date without a time',
      ZReviewListResponse,
      REVIEWS,
      ['reviews', 0, 'created_at'],
      '2026-11-24',
    ],
  ])('refuses %s', (_name, schema, sample, path, value) => {
    expectRefused(schema, changed(sample, path, value), path);
  });

  it.each<[string, z.ZodType, unknown, Path]>([
    ['a search over 100 characters', ZProductListQuery, { search: 'a'.repeat(101) }, ['search']],
    ['an unknown field', ZProductListQuery, { fields: 'title,price' }, ['fields']],
    ['an empty field list', ZProductListQuery, { fields: ' , ' }, ['fields']],
    ['an unknown product type', ZProductListQuery, { product_types: 'simple,pizza' }, ['product_types']],
    ['a menu that is not an id', ZProductListQuery, { menu_id: 'tashkent' }, ['menu_id']],
    ['a product path with a slash', ZProductParams, { id: 'plov/../x' }, ['id']],
    ['a menu of neither a menu nor a branch', ZMenuProductsQuery, {}, ['menu_id']],
    ['the modifiers of no product', ZModifierQuery, {}, ['product_id']],
    ['auto-added products of a negative order', ZAutoAddQuery, { order_price: '-1' }, ['order_price']],
    ['auto-added products of a fractional order', ZAutoAddQuery, { order_price: '1.5' }, ['order_price']],
    [
      'auto-added products of an unknown order type',
      ZAutoAddQuery,
      { delivery_type: 'courier' },
      ['delivery_type'],
    ],
    [
      'reviews of something other than a product',
      ZReviewListQuery,
      { product_id: WRAP_ID, related_subject: 'branch' },
      ['related_subject'],
    ],
    ['reviews of no product', ZReviewListQuery, {}, ['product_id']],
  ])('refuses %s', (_name, schema, value, path) => {
    expectRefused(schema, value, path);
  });

  it('the product query takes no control characters in any text', () => {
    expect(
      controlCharacterViolations(ZProductListQuery, {
        search: 'плов',
        fields: 'title,out_price',
        product_types: 'simple,combo',
        menu_id: MENU_ID,
        page: '12',
        limit: '20',
      }),
    ).toEqual([]);
  });
});
