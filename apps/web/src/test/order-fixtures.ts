import type { TOrderDetail, TOrderLine } from '@app/contracts';

/** Orders for the unit tests of the orders feature; test-only (lint refuses an import from production code). */
export const ORDER_ID = '11111111-2222-4333-8444-555555555555';
export const text = (s: string) => ({ ru: s, uz: s, en: s });

export const sampleOrder = (over: Partial<TOrderDetail> = {}): TOrderDetail => ({
  id: ORDER_ID,
  external_order_id: 'B-10001',
  status: 'new',
  created_at: '2025-03-01T09:00:00.000Z',
  updated_at: '2025-03-01T09:00:00.000Z',
  delivery_type: 'delivery',
  branch: { id: ORDER_ID, slug: 'chilonzor', name: text('Chilonzor') },
  total_price: 52_000,
  items_count: 2,
  payment_type: 'cash',
  paid: false,
  to_address: 'Bunyodkor 1',
  to_location: { lat: 41.3, long: 69.2 },
  accommodation: 'Home',
  apartment: '12',
  building: '3',
  floor: '',
  description: '',
  is_courier_call: true,
  comment: '',
  future_time: null,
  expected_at: '2025-03-01T10:00:00.000Z',
  goods_price: 50_000,
  delivery_price: 7_000,
  delivery_reason: 'distance',
  discount_price: 5_000,
  promo_code: 'SPRING',
  change_from: null,
  courier: null,
  lines: [],
  history: [{ status: 'new', at: '2025-03-01T09:00:00.000Z' }],
  ...over,
});

export const sampleLine = (over: Partial<TOrderLine> = {}): TOrderLine => ({
  id: ORDER_ID,
  product_id: ORDER_ID,
  slug: 'plov',
  type: 'simple',
  title: text('Plov'),
  variants: [],
  modifiers: [],
  quantity: 1,
  unit_price: 50_000,
  total_price: 50_000,
  image_url: null,
  comment: '',
  auto_added: false,
  can_review: true,
  ...over,
});
