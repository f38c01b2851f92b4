import type { SeedPricing } from '../db/seed/pricing.ts';

/**
 * Fares, discounts and promo codes of the fixture chain (./fixture-catalog.ts) for the pricing tests.
 * Fares: every active zone but 'closed-only' (so a zone without a fare exists). Discounts are shaped
 * so each test can single one out by branch, order type, payment type, products, day and hour
 * (the tests' clock; Tashkent = UTC+5):
 * - automatic product/category: 'wrap-fixed' 5 000 off beef-wrap; 'hot-lunch' 10% off the category
 *   hot 11:00-15:00; 'pizza-yunusobod' 12.5% off pizza at yunusobod only; 'cola-half' 50% and
 *   'cola-fixed' 1 000 off cola (the larger wins);
 * - automatic order: 'pickup-5' 5% for self-pickup from 100 000; 'march-15k' 15 000 from 300 000 in
 *   March 2026; 'payme-20' 20% capped at 10 000 for payme; 'night-free-delivery' 22:00-02:00;
 *   'switched-off' (inactive) and 'next-year' (2027) never apply;
 * - promo codes: see `promo_codes` below.
 */
export const fixturePricing: SeedPricing = {
  fares: [
    { zone: 'centre', base_price: 10_000, base_distance_m: 3_000, price_per_km: 2_000 },
    { zone: 'west', base_price: 12_000, base_distance_m: 2_000, price_per_km: 3_000 },
    { zone: 'north', base_price: 8_000, base_distance_m: 5_000, price_per_km: 1_000 },
    { zone: 'inactive', base_price: 8_000, base_distance_m: 5_000, price_per_km: 1_000 },
    { zone: 'samarkand', base_price: 9_000, base_distance_m: 3_000, price_per_km: 1_500 },
  ],
  discounts: [
    {
      key: 'wrap-fixed',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 5_000,
      applies_to: 'products',
      products: ['beef-wrap'],
      title: { ru: 'Лаваш дешевле', uz: 'Lavash arzonroq', en: 'Wrap for less' },
    },
    {
      key: 'hot-lunch',
      trigger: 'automatic',
      mode: 'percent',
      percent: 10,
      applies_to: 'categories',
      categories: ['hot'],
      hour_start: '11:00',
      hour_end: '15:00',
      title: { ru: 'Горячее в обед', uz: 'Tushlikda issiq taomlar', en: 'Hot dishes at lunch' },
    },
    {
      key: 'pizza-yunusobod',
      trigger: 'automatic',
      mode: 'percent',
      percent: 12.5,
      applies_to: 'categories',
      categories: ['pizza'],
      branches: ['yunusobod'],
      title: { ru: 'Пицца в Юнусабаде', uz: 'Yunusobodda pitsa', en: 'Pizza in Yunusobod' },
    },
    {
      key: 'cola-half',
      trigger: 'automatic',
      mode: 'percent',
      percent: 50,
      applies_to: 'products',
      products: ['cola'],
      title: { ru: 'Кола за полцены', uz: 'Kola yarim narxda', en: 'Cola at half price' },
    },
    {
      key: 'cola-fixed',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 1_000,
      applies_to: 'products',
      products: ['cola'],
      title: { ru: 'Кола дешевле', uz: 'Kola arzonroq', en: 'Cola for less' },
    },
    {
      key: 'pickup-5',
      trigger: 'automatic',
      mode: 'percent',
      percent: 5,
      delivery_type: 'self-pickup',
      min_order_amount: 100_000,
      title: { ru: 'Самовывоз −5%', uz: 'Olib ketish −5%', en: 'Pickup −5%' },
    },
    {
      key: 'march-15k',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 15_000,
      min_order_amount: 300_000,
      starts_on: '2026-03-01',
      ends_on: '2026-03-31',
      title: { ru: 'Мартовская скидка', uz: 'Mart chegirmasi', en: 'March discount' },
    },
    {
      key: 'payme-20',
      trigger: 'automatic',
      mode: 'percent',
      percent: 20,
      max_amount: 10_000,
      payment_types: ['payme'],
      title: { ru: 'Оплата Payme', uz: "Payme orqali to'lov", en: 'Pay with Payme' },
    },
    {
      key: 'night-free-delivery',
      trigger: 'automatic',
      mode: 'free_delivery',
      delivery_type: 'delivery',
      hour_start: '22:00',
      hour_end: '02:00',
      title: {
        ru: 'Ночью доставка бесплатно',
        uz: 'Tunda yetkazib berish bepul',
        en: 'Free delivery at night',
      },
    },
    {
      key: 'switched-off',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 99_000,
      is_active: false,
      title: { ru: 'Выключена', uz: "O'chirilgan", en: 'Switched off' },
    },
    {
      key: 'next-year',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 50_000,
      starts_on: '2027-01-01',
      title: { ru: 'В следующем году', uz: 'Keyingi yil', en: 'Next year' },
    },
    // Behind promo codes.
    {
      key: 'promo-10',
      trigger: 'promo_code',
      mode: 'percent',
      percent: 10,
      title: { ru: 'Промокод 10%', uz: 'Promokod 10%', en: 'Promo code 10%' },
    },
    {
      key: 'promo-5k',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 5_000,
      title: { ru: 'Промокод 5 000', uz: 'Promokod 5 000', en: 'Promo code 5,000' },
    },
    {
      key: 'promo-first',
      trigger: 'promo_code',
      mode: 'percent',
      percent: 20,
      max_amount: 30_000,
      title: { ru: 'Первый заказ', uz: 'Birinchi buyurtma', en: 'First order' },
    },
    {
      key: 'promo-3k',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 3_000,
      title: { ru: 'Промокод 3 000', uz: 'Promokod 3 000', en: 'Promo code 3,000' },
    },
    {
      key: 'promo-expired',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 3_000,
      ends_on: '2026-01-31',
      title: { ru: 'Истёк', uz: "Muddati o'tgan", en: 'Expired' },
    },
    {
      key: 'promo-pickup-chilonzor',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 7_000,
      delivery_type: 'self-pickup',
      branches: ['chilonzor'],
      hour_start: '10:00',
      hour_end: '18:00',
      title: { ru: 'Самовывоз в Чиланзаре', uz: 'Chilonzorda olib ketish', en: 'Pickup in Chilonzor' },
    },
    {
      key: 'promo-wrap',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 40_000,
      applies_to: 'products',
      products: ['beef-wrap'],
      title: { ru: 'Лаваш в подарок', uz: "Lavash sovg'a", en: 'A free wrap' },
    },
    {
      key: 'promo-free-delivery',
      trigger: 'promo_code',
      mode: 'free_delivery',
      title: { ru: 'Доставка бесплатно', uz: 'Bepul yetkazib berish', en: 'Free delivery' },
    },
  ],
  promo_codes: [
    /** 10% off the order, once per customer (needs a sign-in). */
    { code: 'SAVE10', discount: 'promo-10' },
    /** 5 000 off, no limits: works signed out. */
    { code: 'Open5k', discount: 'promo-5k', per_customer_limit: null },
    /** 20% (at most 30 000) on a first order, once. */
    { code: 'FIRST20', discount: 'promo-first', first_order_only: true },
    /** 5 000 off from 150 000. */
    { code: 'BIG', discount: 'promo-5k', per_customer_limit: null, min_order_amount: 150_000 },
    /** 3 000 off, twice per customer, three times in all. */
    { code: 'TWICE', discount: 'promo-3k', per_customer_limit: 2, total_limit: 3 },
    { code: 'EXPIRED', discount: 'promo-expired', per_customer_limit: null },
    { code: 'OFF', discount: 'promo-3k', per_customer_limit: null, is_active: false },
    /** 7 000 off, self-pickup at chilonzor 10:00-18:00 only. */
    { code: 'PICKUP7', discount: 'promo-pickup-chilonzor', per_customer_limit: null },
    /** 40 000 off a beef wrap (more than its price). */
    { code: 'WRAP', discount: 'promo-wrap', per_customer_limit: null },
    { code: 'FREEDEL', discount: 'promo-free-delivery', per_customer_limit: null },
  ],
};
