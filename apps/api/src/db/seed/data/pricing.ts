import type { SeedPricing } from '../pricing.ts';

/**
 * Delivery fares, discounts and promo codes of the demo chain, matching the promotions of
 * ./stocks.ts. Every zone has a fare: delivery costs 15 000 sum in Tashkent (10 000 in Samarkand and
 * Bukhara) for the first 5 km (4 km) from the branch, plus 2 000 (1 500) for every started kilometre
 * beyond; it is free from the zone's free_delivery_order_amount on (./zones.ts: Bukhara never), and
 * self-pickup is free. Days are Tashkent calendar days, inclusive; hours are Tashkent time.
 */
export const pricing: SeedPricing = {
  fares: [
    ...[
      'tashkent-centre',
      'tashkent-chilonzor',
      'tashkent-yunusobod',
      'tashkent-mirzo-ulugbek',
      'tashkent-sergeli',
    ].map((zone) => ({ zone, base_price: 15_000, base_distance_m: 5_000, price_per_km: 2_000 })),
    { zone: 'samarkand-centre', base_price: 10_000, base_distance_m: 4_000, price_per_km: 1_500 },
    { zone: 'bukhara-centre', base_price: 10_000, base_distance_m: 4_000, price_per_km: 1_500 },
  ],
  discounts: [
    {
      // Stock 'free-delivery-from-150000'.
      key: 'free-delivery-from-150000',
      trigger: 'automatic',
      mode: 'free_delivery',
      delivery_type: 'delivery',
      min_order_amount: 150_000,
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      title: {
        ru: 'Бесплатная доставка от 150 000 сум',
        uz: "150 000 so'mdan bepul yetkazib berish",
        en: 'Free delivery on orders from 150,000 sum',
      },
    },
    {
      // Stock 'combo-of-the-week': 49 000 instead of 64 000 in the restaurants and for pickup.
      key: 'combo-of-the-week-pickup',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 15_000,
      applies_to: 'products',
      products: ['combo-plov-lunch'],
      delivery_type: 'self-pickup',
      starts_on: '2026-09-07',
      ends_on: '2026-12-27',
      hour_start: '11:00',
      hour_end: '16:00',
      title: { ru: 'Комбо недели', uz: 'Hafta kombosi', en: 'Combo of the week' },
    },
    {
      key: 'lunch-soups',
      trigger: 'automatic',
      mode: 'percent',
      percent: 10,
      applies_to: 'categories',
      categories: ['soups'],
      hour_start: '11:00',
      hour_end: '15:00',
      title: { ru: 'Супы в обед −10%', uz: "Tushlikda sho'rvalar −10%", en: 'Lunchtime soups −10%' },
    },
    {
      key: 'samarkand-somsa',
      trigger: 'automatic',
      mode: 'fixed',
      amount: 2_000,
      applies_to: 'products',
      products: ['somsa-tandoor'],
      branches: ['samarkand-registan', 'samarkand-university', 'samarkand-siab'],
      title: {
        ru: 'Самаркандская самса дешевле',
        uz: 'Samarqand somsasi arzonroq',
        en: 'Samarkand somsa for less',
      },
    },
    {
      key: 'pay-online-5',
      trigger: 'automatic',
      mode: 'percent',
      percent: 5,
      payment_types: ['payme', 'click'],
      min_order_amount: 100_000,
      max_amount: 20_000,
      title: {
        ru: '5% при оплате через Payme или Click',
        uz: "Payme yoki Click orqali to'lovda 5%",
        en: '5% off when paying with Payme or Click',
      },
    },
    {
      // Stock 'birthday-10-percent-off'.
      key: 'promo-baraka10',
      trigger: 'promo_code',
      mode: 'percent',
      percent: 10,
      max_amount: 100_000,
      starts_on: '2026-01-15',
      ends_on: '2026-12-31',
      title: {
        ru: 'Скидка 10% в день рождения',
        uz: "Tug'ilgan kunda 10% chegirma",
        en: '10% off on your birthday',
      },
    },
    {
      // Stock 'combo-of-the-week': for delivery, with the code COMBO49.
      key: 'promo-combo49',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 15_000,
      applies_to: 'products',
      products: ['combo-plov-lunch'],
      delivery_type: 'delivery',
      starts_on: '2026-09-07',
      ends_on: '2026-12-27',
      hour_start: '11:00',
      hour_end: '16:00',
      title: {
        ru: 'Комбо недели с доставкой',
        uz: 'Hafta kombosi yetkazib berish bilan',
        en: 'Combo of the week, delivered',
      },
    },
    {
      // Stock 'first-order-in-the-app'.
      key: 'promo-app15',
      trigger: 'promo_code',
      mode: 'percent',
      percent: 15,
      max_amount: 50_000,
      starts_on: '2026-03-26',
      ends_on: '2026-12-31',
      title: {
        ru: '15% на первый заказ',
        uz: 'Birinchi buyurtmaga 15%',
        en: '15% off your first order',
      },
    },
    {
      key: 'promo-welcome',
      trigger: 'promo_code',
      mode: 'fixed',
      amount: 20_000,
      title: { ru: 'Подарок 20 000 сум', uz: "20 000 so'm sovg'a", en: 'A 20,000 sum gift' },
    },
  ],
  promo_codes: [
    { code: 'BARAKA10', discount: 'promo-baraka10', per_customer_limit: 1 },
    { code: 'COMBO49', discount: 'promo-combo49', per_customer_limit: null },
    {
      code: 'APP15',
      discount: 'promo-app15',
      per_customer_limit: 1,
      first_order_only: true,
      min_order_amount: 80_000,
    },
    // A demo code anyone can try: up to three orders each, 500 in total, from 100 000 sum.
    {
      code: 'WELCOME',
      discount: 'promo-welcome',
      per_customer_limit: 3,
      total_limit: 500,
      min_order_amount: 100_000,
    },
  ],
};
