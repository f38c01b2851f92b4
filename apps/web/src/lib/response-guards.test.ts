import {
  ZAutoAddResponse,
  ZModifierResponse,
  ZProductListResponse,
  ZReviewListResponse,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  isAutoAddResponse,
  isModifierResponse,
  isProductListResponse,
  isReviewListResponse,
} from './response-guards';

const text = (s: string) => ({ ru: s, uz: s, en: s });
const id = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
const summary = {
  id,
  slug: 'osh',
  title: text('Osh'),
  description: text(''),
  out_price: 32_000,
  type: 'simple',
  has_modifier: false,
  image: null,
  tags: [],
  categories: [],
  rating: 4.5,
  reviews_count: 2,
  weight: 350,
  energy: 600,
  cooking_time: 15,
  popularity: 10,
};

// Each sample is a valid response (the zod contract says so), so the guards are checked against
// the real shapes, then against the wrong answers a browser may get instead.
const samples = [
  {
    name: 'product list',
    guard: isProductListResponse,
    schema: ZProductListResponse,
    good: { count: 1, products: [summary] },
    bad: [{ count: 1, products: [{ slug: 'no-id' }] }, { products: [] }, { count: 1, products: null }],
  },
  {
    name: 'auto-add',
    guard: isAutoAddResponse,
    schema: ZAutoAddResponse,
    good: { products: [{ product: summary, quantity: 1, delivery_type: null, min_order_price: 0 }] },
    bad: [
      { products: [{ product: summary, quantity: 0, min_order_price: 0 }] },
      { products: [{ quantity: 1 }] },
    ],
  },
  {
    name: 'modifiers',
    guard: isModifierResponse,
    schema: ZModifierResponse,
    good: {
      product_modifiers: {
        single_modifiers: [
          {
            id,
            name: text('Sauce'),
            price: 3000,
            is_compulsory: false,
            category_name: text('Sauces'),
            max_amount: 2,
          },
        ],
        group_modifiers: [
          {
            id,
            name: text('Bread'),
            min_amount: 1,
            max_amount: 3,
            variants: [{ id, title: text('Non'), out_price: 0 }],
          },
        ],
      },
    },
    bad: [{ single_modifiers: [], group_modifiers: [] }, { product_modifiers: { single_modifiers: [] } }],
  },
  {
    name: 'reviews',
    guard: isReviewListResponse,
    schema: ZReviewListResponse,
    good: {
      count: 1,
      reviews: [
        { id, rating: 5, review_message: 'Tasty', created_at: '2026-01-01T10:00:00Z', client_name: 'A' },
      ],
    },
    bad: [
      { count: 1, reviews: [{ id, rating: '5', review_message: 'x' }] },
      { count: -1, reviews: [] },
    ],
  },
];

describe('browser response guards', () => {
  for (const { name, guard, schema, good, bad } of samples) {
    it(`accepts a valid ${name} response and refuses wrong ones`, () => {
      expect(schema.safeParse(good).success).toBe(true);
      expect(guard(good)).toBe(true);
      for (const wrong of [...bad, null, 'not json', [], {}]) expect(guard(wrong)).toBe(false);
    });
  }
});
