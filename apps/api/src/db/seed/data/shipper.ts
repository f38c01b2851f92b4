import type { SeedShipper } from '../types.ts';

export const shipper: SeedShipper = {
  name: 'Baraka',
  phone: '998712001010',
  work_hour_start: '09:00',
  work_hour_end: '03:00',
  minimal_order_price: 50_000,
  description: {
    ru: 'Baraka — семейные рестораны узбекской кухни и фастфуда в Ташкенте, Самарканде и Бухаре. Плов из казана, шашлык на углях, горячая самса из тандыра и лаваш, который собирают при вас.',
    uz: "Baraka — Toshkent, Samarqand va Buxorodagi oilaviy restoranlar: milliy taomlar va fast-fud. Qozondan palov, cho'g'da pishgan shashlik, tandirdan issiq somsa va ko'z oldingizda o'raladigan lavash.",
    en: 'Baraka is a family restaurant chain in Tashkent, Samarkand and Bukhara serving Uzbek classics and fast food: plov from the kazan, charcoal shashlik, hot tandoor somsa and lavash wrapped while you watch.',
  },
  logo: { icon: 'pot-of-food', background: '#fde8c8' },
  socials: [
    { type: 'telegram', url: 'https://t.me/baraka_uz' },
    { type: 'instagram', url: 'https://www.instagram.com/baraka.uz' },
    { type: 'facebook', url: 'https://www.facebook.com/baraka.uz' },
    { type: 'youtube', url: 'https://www.youtube.com/@baraka_uz' },
  ],
  app_links: {
    app_store: 'https://apps.apple.com/uz/app/baraka-delivery/id6470012345',
    play_market: 'https://play.google.com/store/apps/details?id=uz.baraka.delivery',
  },
  payment_types: ['cash', 'card', 'payme', 'click', 'loyalty'],
  sister_brands: [
    {
      key: 'baraka-coffee',
      name: 'Baraka Coffee',
      url: 'https://barakacoffee.uz',
      logo: { icon: 'hot-beverage', background: '#efe0d2' },
    },
    {
      key: 'lavash-lab',
      name: 'Lavash Lab',
      url: 'https://lavashlab.uz',
      logo: { icon: 'stuffed-flatbread', background: '#fff1c9' },
    },
  ],
};
