import type { TLocalizedText } from '@app/contracts';
import { formatSum } from '@app/domain';
import { ruPlural, type Titled, texts } from './shared.ts';

/** Placing an order (issue 5): ordering, online payments and the loyalty card (issue 12), pricing, branch pauses and the modifier stop list (issue 13). */
export const ORDERING_MESSAGES = {
  // -- ordering (issue 5) --
  BRANCH_INACTIVE: texts({
    ru: () => 'Этот ресторан сейчас не принимает заказы',
    uz: () => 'Bu restoran hozir buyurtma qabul qilmaydi',
    en: () => 'This restaurant is not taking orders right now',
  }),
  // `reopens`: when it reopens, written the way of each language (domain reopeningTexts).
  BRANCH_CLOSED: texts<{ reopens: TLocalizedText }>({
    ru: ({ reopens }) => `Этот ресторан сейчас закрыт. Пожалуйста, возвращайтесь с ${reopens.ru}`,
    uz: ({ reopens }) => `Bu restoran hozir yopiq. Iltimos, ${reopens.uz} dan keyin qayting`,
    en: ({ reopens }) => `This restaurant is currently closed. Please come back from ${reopens.en}`,
  }),
  FUTURE_TIME_PAST: texts({
    ru: () => 'Выбранное время уже прошло; выберите более позднее',
    uz: () => "Tanlangan vaqt allaqachon o'tgan; kechroq vaqtni tanlang",
    en: () => 'The chosen time has already passed; choose a later one',
  }),
  FUTURE_TIME_TOO_FAR: texts<{ days: number }>({
    ru: ({ days }) =>
      days === 0
        ? 'Заказ на другое время можно оформить только на сегодня'
        : `Заказ можно оформить не больше чем на ${ruPlural(days, ['день', 'дня', 'дней'])} вперёд`,
    uz: ({ days }) =>
      days === 0
        ? 'Boshqa vaqtga buyurtmani faqat bugun uchun berish mumkin'
        : `Buyurtmani ko'pi bilan ${days} kun oldinga berish mumkin`,
    en: ({ days }) =>
      days === 0
        ? 'An order can be scheduled for today only'
        : `An order can be scheduled at most ${days === 1 ? '1 day' : `${days} days`} ahead`,
  }),
  FUTURE_TIME_OUTSIDE_HOURS: texts<{ start: string; end: string }>({
    ru: ({ start, end }) => `В выбранное время ресторан не работает: он открыт с ${start} до ${end}`,
    uz: ({ start, end }) => `Tanlangan vaqtda restoran ishlamaydi: u ${start} dan ${end} gacha ochiq`,
    en: ({ start, end }) => `The restaurant is not open at the chosen time: it works from ${start} to ${end}`,
  }),
  DELIVERY_ADDRESS_REQUIRED: texts({
    ru: () => 'Укажите адрес доставки на карте',
    uz: () => "Yetkazib berish manzilini xaritada ko'rsating",
    en: () => 'Choose the delivery address on the map',
  }),
  ADDRESS_DETAILS_REQUIRED: texts({
    ru: () => 'Укажите квартиру, этаж и подъезд или разрешите курьеру позвонить вам',
    uz: () => "Xonadon, qavat va podyezdni kiriting yoki kuryerga sizga qo'ng'iroq qilishga ruxsat bering",
    en: () => 'Fill in the apartment, floor and entrance, or let the courier call you',
  }),
  MIN_ORDER_PRICE: texts<{ price: number }>({
    ru: ({ price }) => `Минимальная сумма заказа должна быть ${formatSum(price, 'ru')}`,
    uz: ({ price }) => `Buyurtmaning minimal summasi ${formatSum(price, 'uz')} bo'lishi kerak`,
    en: ({ price }) => `The minimum order price must be ${formatSum(price, 'en')}`,
  }),
  // `price`: the most an order may come to (goods and delivery, before discounts).
  MAX_ORDER_PRICE: texts<{ price: number }>({
    ru: ({ price }) =>
      `Сумма заказа не может быть больше ${formatSum(price, 'ru')}; разделите его на несколько заказов`,
    uz: ({ price }) =>
      `Buyurtma summasi ${formatSum(price, 'uz')} dan oshmasligi kerak; uni bir nechta buyurtmaga bo'ling`,
    en: ({ price }) =>
      `An order may not come to more than ${formatSum(price, 'en')}; split it into several orders`,
  }),
  PRODUCT_UNAVAILABLE: texts<Titled>({
    ru: ({ title }) => `Нет в наличии: ${title.ru}`,
    uz: ({ title }) => `Mavjud emas: ${title.uz}`,
    en: ({ title }) => `Unavailable: ${title.en}`,
  }),
  PRODUCT_NOT_ON_MENU: texts<Titled>({
    ru: ({ title }) => `В этом ресторане не продаётся: ${title.ru}. Уберите блюдо из корзины`,
    uz: ({ title }) => `Bu restoranda sotilmaydi: ${title.uz}. Taomni savatdan olib tashlang`,
    en: ({ title }) => `This restaurant does not sell ${title.en}. Remove it from the cart`,
  }),
  ORDER_PRODUCT_NOT_FOUND: texts({
    ru: () => 'Одного из блюд корзины больше нет в меню; уберите его и попробуйте снова',
    uz: () => "Savatdagi taomlardan biri endi menyuda yo'q; uni olib tashlab, qayta urinib ko'ring",
    en: () => 'A dish in the cart is no longer on the menu; remove it and try again',
  }),
  PRODUCT_VARIANT_INVALID: texts<Titled>({
    ru: ({ title }) => `Выберите размер или состав заново: ${title.ru}`,
    uz: ({ title }) => `O'lcham yoki tarkibni qaytadan tanlang: ${title.uz}`,
    en: ({ title }) => `Choose the size or the set's dishes again: ${title.en}`,
  }),
  MODIFIERS_INVALID: texts<Titled>({
    ru: ({ title }) =>
      `Проверьте добавки к блюду «${title.ru}»: выберите обязательные и не больше допустимого`,
    uz: ({ title }) =>
      `"${title.uz}" taomiga qo'shimchalarni tekshiring: majburiylarini tanlang va ruxsat etilganidan oshirmang`,
    en: ({ title }) =>
      `Check the add-ons of "${title.en}": choose the required ones and no more than allowed`,
  }),
  CHANGE_FROM_TOO_SMALL: texts({
    ru: () => 'Нельзя внести сумму меньше суммы заказа.',
    uz: () => "Buyurtma summasidan kam summa kiritib bo'lmaydi.",
    en: () => 'You cannot deposit an amount less than the total amount.',
  }),
  PAYMENT_TYPE_NOT_OFFERED: texts({
    ru: () => 'Этот способ оплаты недоступен; выберите другой',
    uz: () => "Bu to'lov usuli mavjud emas; boshqasini tanlang",
    en: () => 'This payment method is not available; choose another one',
  }),
  // -- online payments (issue 12) --
  ONLINE_PAYMENT_UNAVAILABLE: texts({
    ru: () => 'Оплата онлайн этим способом сейчас недоступна; выберите другой способ оплаты',
    uz: () => "Bu usulda onlayn to'lov hozir mavjud emas; boshqa to'lov usulini tanlang",
    en: () => 'Paying online this way is not available right now; choose another payment method',
  }),
  ONLINE_PAYMENT_NOTHING_TO_PAY: texts({
    ru: () => 'Онлайн оплачивать нечего: бонусы покрывают весь заказ; выберите оплату при получении',
    uz: () =>
      "Onlayn to'lanadigan summa qolmadi: bonuslar butun buyurtmani qoplaydi; qabul qilishda to'lovni tanlang",
    en: () => 'Nothing is left to pay online: bonuses cover the whole order; choose payment on receipt',
  }),
  LOYALTY_NOT_A_PAYMENT_TYPE: texts({
    ru: () => 'Бонусами можно оплатить только часть заказа; выберите, как оплатить остальное',
    uz: () =>
      "Bonuslar bilan buyurtmaning faqat bir qismini to'lash mumkin; qolganini qanday to'lashni tanlang",
    en: () => 'Bonuses pay only part of an order; choose how to pay the rest',
  }),
  IDEMPOTENCY_KEY_REUSED: texts({
    ru: () => 'Этот запрос уже отправлялся с другими данными; обновите страницу и попробуйте снова',
    uz: () =>
      "Bu so'rov allaqachon boshqa ma'lumotlar bilan yuborilgan; sahifani yangilab, qayta urinib ko'ring",
    en: () => 'This request was already sent with other data; reload the page and try again',
  }),
  ORDER_IN_PROGRESS: texts({
    ru: () => 'Заказ уже оформляется; подождите немного',
    uz: () => 'Buyurtma allaqachon rasmiylashtirilmoqda; biroz kuting',
    en: () => 'Your order is already being placed; please wait a moment',
  }),
  // -- pricing (issue 5) --
  ADDRESS_OUT_OF_ZONE: texts({
    ru: () => 'Адрес не входит в зону обслуживания. Вы можете оформить самовывоз или указать другой адрес',
    uz: () =>
      "Manzil xizmat ko'rsatish hududiga kirmaydi. Olib ketishni tanlashingiz yoki boshqa manzil ko'rsatishingiz mumkin",
    en: () =>
      'The address is not within the service area. You can order pickup or specify a different address',
  }),
  BRANCH_NOT_SERVING_ZONE: texts({
    ru: () => 'Этот ресторан не доставляет в эту зону',
    uz: () => 'Bu restoran ushbu hududga yetkazib bermaydi',
    en: () => 'This restaurant does not deliver to this zone',
  }),
  FARE_NOT_FOUND: texts({
    ru: () => 'Стоимость доставки в эту зону не задана',
    uz: () => 'Bu hududga yetkazib berish narxi belgilanmagan',
    en: () => 'The delivery price for this zone is not set',
  }),
  PROMO_CODE_NOT_FOUND: texts({
    ru: () => 'Промокод не найден',
    uz: () => 'Promokod topilmadi',
    en: () => 'Promocode is not found',
  }),
  PROMO_CODE_NOT_FOR_YOU: texts({
    ru: () => 'Этот промокод не для вас',
    uz: () => 'Bu promokod siz uchun emas',
    en: () => 'Promocode is not for you',
  }),
  PROMO_CODE_ALREADY_USED: texts({
    ru: () => 'Вы уже воспользовались этой скидкой',
    uz: () => 'Siz bu chegirmadan allaqachon foydalangansiz',
    en: () => 'You already used this discount',
  }),
  PROMO_CODE_EXHAUSTED: texts({
    ru: () => 'Промокод больше не действует: его использовали максимальное число раз',
    uz: () => "Promokod endi amal qilmaydi: undan eng ko'p marta foydalanilgan",
    en: () => 'This promocode has been used up',
  }),
  PROMO_CODE_NOT_APPLICABLE: texts({
    ru: () => 'Промокод не действует для этого заказа',
    uz: () => 'Promokod bu buyurtmaga amal qilmaydi',
    en: () => 'This promocode does not apply to this order',
  }),
  PROMO_CODE_MIN_ORDER: texts({
    ru: () => 'Сумма заказа слишком мала для этого промокода',
    uz: () => 'Bu promokod uchun buyurtma summasi yetarli emas',
    en: () => 'The order amount is too small for this promocode',
  }),
  PROMO_CODE_SIGN_IN: texts({
    ru: () => 'Войдите, чтобы воспользоваться промокодом',
    uz: () => 'Promokoddan foydalanish uchun tizimga kiring',
    en: () => 'Sign in to use this promocode',
  }),
  // -- accumulative (loyalty) card (issue 12) --
  LOYALTY_NOT_OFFERED: texts({
    ru: () => 'Оплата бонусами накопительной карты здесь недоступна',
    uz: () => "Bu yerda jamg'arma karta bonuslari bilan to'lab bo'lmaydi",
    en: () => 'Paying with bonus card points is not available here',
  }),
  LOYALTY_AMOUNT_NOT_HUNDREDS: texts({
    ru: () => 'Сумма бонусов должна быть кратна 100',
    uz: () => "Bonuslar summasi 100 ga karrali bo'lishi kerak",
    en: () => 'The bonus amount must be a multiple of 100',
  }),
  LOYALTY_AMOUNT_ABOVE_CAP: texts<{ price: number }>({
    ru: ({ price }) => `Бонусами можно оплатить не больше ${formatSum(price, 'ru')} этого заказа`,
    uz: ({ price }) =>
      `Bu buyurtmaning ko'pi bilan ${formatSum(price, 'uz')} qismini bonuslar bilan to'lash mumkin`,
    en: ({ price }) => `At most ${formatSum(price, 'en')} of this order can be paid with bonuses`,
  }),
  LOYALTY_AMOUNT_ABOVE_BALANCE: texts<{ price: number }>({
    ru: ({ price }) => `На вашей карте только ${formatSum(price, 'ru')} бонусов`,
    uz: ({ price }) => `Kartangizda faqat ${formatSum(price, 'uz')} bonus bor`,
    en: ({ price }) => `Your card holds only ${formatSum(price, 'en')} in bonuses`,
  }),
  LOYALTY_UNAVAILABLE: texts({
    ru: () => 'Накопительная карта сейчас недоступна; попробуйте позже или оформите заказ без бонусов',
    uz: () => "Jamg'arma karta hozir mavjud emas; keyinroq urinib ko'ring yoki bonuslarsiz buyurtma bering",
    en: () => 'The bonus card cannot be reached now; try again later or order without bonuses',
  }),
  LOYALTY_PHONE_NOT_OWN: texts({
    ru: () => 'Можно узнать баланс только своей карты',
    uz: () => "Faqat o'z kartangiz balansini ko'rish mumkin",
    en: () => "Only your own card's balance can be shown",
  }),
  // -- branch pauses and the modifier stop list, customer side (issue 13) --
  DELIVERY_PAUSED: texts<{ reopens: TLocalizedText }>({
    ru: ({ reopens }) =>
      `Доставка из этого ресторана приостановлена до ${reopens.ru}. Вы можете оформить самовывоз`,
    uz: ({ reopens }) =>
      `Bu restorandan yetkazib berish ${reopens.uz} gacha to'xtatilgan. Olib ketish uchun buyurtma berishingiz mumkin`,
    en: ({ reopens }) => `Delivery from this restaurant is paused until ${reopens.en}. You can order pickup`,
  }),
  MODIFIER_UNAVAILABLE: texts<Titled & { modifier: TLocalizedText }>({
    ru: ({ title, modifier }) =>
      `Нет в наличии: ${modifier.ru} к блюду «${title.ru}». Выберите другую добавку`,
    uz: ({ title, modifier }) =>
      `Mavjud emas: "${title.uz}" taomiga ${modifier.uz}. Boshqa qo'shimchani tanlang`,
    en: ({ title, modifier }) => `Unavailable: ${modifier.en} for "${title.en}". Choose another add-on`,
  }),
};
