/**
 * Answers the API really gave (the API suite's fixture chain, seeded as in apps/api/src/test/app.ts,
 * the clock at noon of 2 March 2026 in Tashkent), trimmed to one item per list and short texts, that
 * the contract tests of several modules start from. Test support only: `index.ts` does not export it.
 */

/** GET /v1/branches/{id} as the API answers it (the test chain's 'chilonzor'). */
export const BRANCH = {
  id: '2a9195a4-7616-5bf8-b6ae-2f6e0bd957ab',
  slug: 'chilonzor',
  name: { ru: 'Филиал chilonzor', uz: 'chilonzor filiali', en: 'chilonzor branch' },
  address: { ru: 'ул. Тестовая, 1', uz: "Test ko'chasi, 1", en: '1 Test street' },
  destination: { ru: 'Напротив парка', uz: "Bog' qarshisida", en: 'Opposite the park' },
  city: 'tashkent',
  phone: '998711234568',
  location: { lat: 41.3, long: 69.2 },
  menu_id: 'b7d2b84f-d231-5d86-8882-d23961bb0b2f',
  work_hour_start: '00:00',
  work_hour_end: '23:59',
  delivery_time: 40,
  future_delivery_order_time: 3,
  future_self_pickup_order_time: 7,
  is_active: true,
  has_parking: true,
  seats_count: 80,
  has_playground: false,
  images: [
    {
      alt: { ru: 'Филиал chilonzor', uz: 'chilonzor filiali', en: 'chilonzor branch' },
      width: 640,
      height: 360,
      url: '/images/r1/branches/chilonzor--house--e2f3e6-640.webp',
      sources: [{ width: 640, url: '/images/r1/branches/chilonzor--house--e2f3e6-640.webp' }],
    },
  ],
  virtual_tour: null,
  paused_until: null,
  delivery_paused_until: null,
};

/** An automatic discount as GET /v2/discount-with-order-price and the order quote list it. */
export const ORDER_DISCOUNT = {
  discount_id: 'e6d2889b-a548-5c30-8a43-aa4031558851',
  discount_type: 'discount',
  discount_mode: 'fixed',
  promo_code: null,
  bonus_product: null,
  discount_price_for_order: 10000,
  discount_title: { ru: 'Лаваш дешевле', uz: 'Lavash arzonroq', en: 'Wrap for less' },
};

/** A promo code's discount beside it (the code as the chain wrote it). */
export const PROMO_DISCOUNT = {
  discount_id: '0b9d7c5e-3f1a-5b2c-8d4e-6f7a8b9c0d1e',
  discount_type: 'promo_code',
  discount_mode: 'fixed',
  promo_code: 'Open5k',
  bonus_product: null,
  discount_price_for_order: 5000,
  discount_title: { ru: 'Скидка 5 000', uz: '5 000 chegirma', en: '5,000 off' },
};
