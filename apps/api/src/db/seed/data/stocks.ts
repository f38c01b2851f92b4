import type { SeedStock } from '../types.ts';

/**
 * Promotions. Dates are instants in UTC; a promotion that starts "on 3 February" starts at local
 * midnight in Tashkent (UTC+5), hence the 19:00Z of the day before.
 */
export const stocks: SeedStock[] = [
  {
    slug: 'second-lavash-half-price-tuesday',
    title: {
      ru: 'Второй лаваш за полцены по вторникам',
      uz: 'Seshanba kunlari ikkinchi lavash yarim narxda',
      en: 'Second lavash at half price on Tuesdays',
    },
    description: {
      ru: `Каждый вторник берите два лаваша Lavash Lab — второй обойдётся в два раза дешевле. Акция действует в ресторанах, на самовывозе и в доставке.

## Условия

- акция действует по вторникам с 09:00 до 23:59
- скидка 50% применяется к лавашу с меньшей или равной ценой
- в каждой паре скидка действует на один лаваш: за четыре лаваша — две скидки
- участвуют все лаваши Lavash Lab, кроме сетов и комбо
- не суммируется с другими акциями и промокодами`,
      uz: `Har seshanba Lavash Lab'dan ikkita lavash oling — ikkinchisi ikki baravar arzon bo'ladi. Aksiya restoranlarda, olib ketishda va yetkazib berishda amal qiladi.

## Shartlar

- Aksiya seshanba kunlari 09:00 dan 23:59 gacha amal qiladi
- 50 foiz chegirma narxi kamroq yoki teng bo'lgan lavashga qo'llaniladi
- Har bir juftlikda chegirma bitta lavashga beriladi: to'rtta lavashga ikkita chegirma
- Setlar va kombolardan tashqari barcha Lavash Lab lavashlari ishtirok etadi
- Boshqa aksiyalar va promokodlar bilan qo'shilmaydi`,
      en: `Every Tuesday buy two Lavash Lab wraps and the second one costs half as much. The offer works in the restaurants, for pickup and for delivery.

## Conditions

- valid on Tuesdays from 09:00 to 23:59
- the 50% discount applies to the lavash with the lower or equal price
- one discount per pair: four lavash earn two discounts
- all Lavash Lab wraps take part except sets and combos
- cannot be combined with other promotions or promo codes`,
    },
    image: { icon: 'stuffed-flatbread', background: '#fbeede' },
    starts_at: '2026-02-02T19:00:00Z',
    ends_at: null,
    promo_code: null,
  },
  {
    slug: 'free-delivery-from-150000',
    title: {
      ru: 'Бесплатная доставка от 150 000 сум',
      uz: "150 000 so'mdan bepul yetkazib berish",
      en: 'Free delivery on orders from 150,000 sum',
    },
    description: {
      ru: `Закажите на 150 000 сум или больше — и мы привезём заказ бесплатно в любую точку зоны доставки в Ташкенте, Самарканде и Бухаре.

## Условия

- сумма заказа считается после всех скидок и без учёта стоимости доставки
- действует только в пределах зон доставки ресторанов Baraka
- при заказе на меньшую сумму доставка стоит 15 000 сум в Ташкенте и 10 000 сум в Самарканде и Бухаре
- распространяется на заказы на сайте, в приложении и по телефону +998 71 200 10 10`,
      uz: `150 000 so'm va undan ko'proq summaga buyurtma bering — Toshkent, Samarqand va Buxorodagi yetkazib berish hududining istalgan nuqtasiga bepul olib boramiz.

## Shartlar

- Buyurtma summasi barcha chegirmalardan keyin va yetkazib berish narxisiz hisoblanadi
- Faqat Baraka restoranlarining yetkazib berish hududlarida amal qiladi
- Kamroq summadagi buyurtmada yetkazib berish Toshkentda 15 000 so'm, Samarqand va Buxoroda 10 000 so'm turadi
- Sayt, ilova va +998 71 200 10 10 telefoni orqali berilgan buyurtmalarga tatbiq etiladi`,
      en: `Order for 150,000 sum or more and we deliver for free anywhere within the delivery zone in Tashkent, Samarkand and Bukhara.

## Conditions

- the order total is counted after all discounts and without the delivery charge
- valid only within the delivery zones of Baraka restaurants
- below that total, delivery costs 15,000 sum in Tashkent and 10,000 sum in Samarkand and Bukhara
- applies to orders on the website, in the app and by phone at +998 71 200 10 10`,
    },
    image: { icon: 'motor-scooter', background: '#e5f0fa' },
    starts_at: '2025-12-31T19:00:00Z',
    ends_at: '2026-12-31T18:59:59Z',
    promo_code: null,
  },
  {
    slug: 'birthday-10-percent-off',
    title: {
      ru: 'Скидка 10% в день рождения',
      uz: "Tug'ilgan kuningizda 10 foiz chegirma",
      en: '10% off on your birthday',
    },
    description: {
      ru: `Празднуйте с Baraka: в день рождения, а также за три дня до и три дня после него вы получаете скидку 10% на весь заказ.

## Условия

- в ресторане покажите паспорт или ID-карту официанту или кассиру
- на сайте и в приложении введите промокод BARAKA10; дата рождения должна быть указана в профиле
- скидка действует один раз в год на один заказ в зале, на самовывоз или на доставку
- максимальная скидка — 100 000 сум
- не суммируется с другими акциями и промокодами`,
      uz: `Baraka bilan nishonlang: tug'ilgan kuningizda, shuningdek undan uch kun oldin va uch kun keyin butun buyurtmaga 10 foiz chegirma olasiz.

## Shartlar

- Restoranda ofitsiant yoki kassirga pasport yoki ID-kartangizni ko'rsating
- Sayt va ilovada BARAKA10 promokodini kiriting; profilda tug'ilgan sanangiz ko'rsatilgan bo'lishi kerak
- Chegirma yiliga bir marta zaldagi, olib ketiladigan yoki yetkazib beriladigan bitta buyurtmaga amal qiladi
- Eng ko'p chegirma — 100 000 so'm
- Boshqa aksiyalar va promokodlar bilan qo'shilmaydi`,
      en: `Celebrate with Baraka: on your birthday, and for three days before and after it, you get 10% off your whole order.

## Conditions

- in a restaurant, show your passport or ID card to the waiter or cashier
- on the website and in the app, enter the promo code BARAKA10; your date of birth must be filled in in your profile
- the discount works once a year, on one order in the restaurant, for pickup or for delivery
- the largest discount is 100,000 sum
- cannot be combined with other promotions or promo codes`,
    },
    image: { icon: 'birthday-cake', background: '#fdeaf3' },
    starts_at: '2026-01-14T19:00:00Z',
    ends_at: '2026-12-31T18:59:59Z',
    promo_code: 'BARAKA10',
  },
  {
    slug: 'combo-of-the-week',
    title: { ru: 'Комбо недели', uz: 'Hafta kombosi', en: 'Combo of the week' },
    description: {
      ru: `Каждый понедельник шеф собирает новое комбо: горячее, салат, нон и напиток за 49 000 сум вместо 62 000 сум. На этой неделе — ташкентский плов, аччик-чучук, нон и чайник зелёного чая.

## Условия

- состав комбо меняется каждый понедельник и публикуется на сайте и в приложении
- комбо доступно ежедневно с 11:00 до 16:00
- действует в ресторанах и на самовывоз, при доставке — по промокоду COMBO49
- количество комбо в ресторане ограничено, пока они есть в наличии
- замена блюд в составе комбо не предусмотрена`,
      uz: `Har dushanba oshpazimiz yangi kombo tuzadi: issiq taom, salat, non va ichimlik 62 000 so'm o'rniga 49 000 so'm. Bu hafta — Toshkent oshi, achchiq-chuchuk, non va bir choynak ko'k choy.

## Shartlar

- Kombo tarkibi har dushanba yangilanadi va sayt hamda ilovada e'lon qilinadi
- Kombo har kuni 11:00 dan 16:00 gacha mavjud
- Restoranlarda va olib ketishda amal qiladi, yetkazib berishda esa COMBO49 promokodi bilan
- Restorandagi kombolar soni cheklangan, ular tugaguncha amal qiladi
- Kombo tarkibidagi taomlarni almashtirib bo'lmaydi`,
      en: `Every Monday the chef puts together a new combo: a main, a salad, non and a drink for 49,000 sum instead of 62,000 sum. This week it is Tashkent plov, achichuk, non and a pot of green tea.

## Conditions

- the combo changes every Monday and is announced on the website and in the app
- available every day from 11:00 to 16:00
- valid in the restaurants and for pickup; for delivery use the promo code COMBO49
- each restaurant has a limited number of combos, while stocks last
- dishes in the combo cannot be swapped`,
    },
    image: { icon: 'fork-and-knife-with-plate', background: '#eef3e6' },
    starts_at: '2026-09-06T19:00:00Z',
    ends_at: '2026-12-27T18:59:59Z',
    promo_code: 'COMBO49',
  },
  {
    slug: 'first-order-in-the-app',
    title: {
      ru: '15% на первый заказ в приложении',
      uz: 'Ilovadagi birinchi buyurtmaga 15 foiz',
      en: '15% off your first order in the app',
    },
    description: {
      ru: `Скачайте приложение Baraka в App Store или Google Play и получите скидку 15% на первый заказ.

## Условия

- введите промокод APP15 при оформлении заказа в приложении
- минимальная сумма заказа — 80 000 сум
- максимальная скидка — 50 000 сум
- один раз на номер телефона
- не суммируется с другими акциями и промокодами`,
      uz: `Baraka ilovasini App Store yoki Google Play'dan yuklab oling va birinchi buyurtmaga 15 foiz chegirma oling.

## Shartlar

- Ilovada buyurtma rasmiylashtirishda APP15 promokodini kiriting
- Eng kam buyurtma summasi — 80 000 so'm
- Eng ko'p chegirma — 50 000 so'm
- Bitta telefon raqamiga bir marta
- Boshqa aksiyalar va promokodlar bilan qo'shilmaydi`,
      en: `Download the Baraka app from the App Store or Google Play and get 15% off your first order.

## Conditions

- enter the promo code APP15 at checkout in the app
- the minimum order is 80,000 sum
- the largest discount is 50,000 sum
- once per phone number
- cannot be combined with other promotions or promo codes`,
    },
    image: { icon: 'mobile-phone', background: '#e3f4ee' },
    starts_at: '2026-03-25T19:00:00Z',
    ends_at: '2026-12-31T18:59:59Z',
    promo_code: 'APP15',
  },
];
