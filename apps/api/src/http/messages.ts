import type { TLocale } from '@app/contracts';

/**
 * The texts of the API's errors in the storefront's three languages. The storefront shows `message` to
 * the customer (spec section 8), so every error a customer can meet is here in ru, uz (Latin script,
 * ASCII apostrophes) and en; `code` stays the stable English code programs test. Keyed by the code the
 * error answers with (plus INVALID_JSON, a BAD_REQUEST with its own text).
 */
type Texts<P> = Record<TLocale, (params: P) => string>;

/** Lets each entry declare its parameters once and have all three languages checked against them. */
const texts = <P = void>(entry: Texts<P>): Texts<P> => entry;

const ruRules = new Intl.PluralRules('ru');

/** Russian plural of a count: forms for 1 (минуту), 2-4 (минуты), 5+ (минут). */
export function ruPlural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const form = ruRules.select(n);
  return `${n} ${form === 'one' ? one : form === 'few' ? few : many}`;
}

const enPlural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

const RU_MINUTES = ['минуту', 'минуты', 'минут'] as const;
const RU_SECONDS = ['секунду', 'секунды', 'секунд'] as const;
const MINUTES_PER_DAY = 24 * 60;

/** 'Try again in ...': whole minutes, rounded up. */
const waitIn: Record<TLocale, (minutes: number) => string> = {
  ru: (m) => `Попробуйте снова через ${ruPlural(m, RU_MINUTES)}`,
  uz: (m) => `${m} daqiqadan so'ng qayta urinib ko'ring`,
  en: (m) => `Try again in ${m <= 1 ? 'a minute' : `${m} minutes`}`,
};

/** The window of a send limit: '15 minutes' or a day. */
const windowOf: Record<TLocale, (max: number, windowMinutes: number) => string> = {
  ru: (max, w) => `не больше ${max} ${w === MINUTES_PER_DAY ? 'в сутки' : `за ${ruPlural(w, RU_MINUTES)}`}`,
  uz: (max, w) => `${w === MINUTES_PER_DAY ? 'bir kunda' : `${w} daqiqada`} ko'pi bilan ${max} ta`,
  en: (max, w) =>
    `at most ${max} ${w === MINUTES_PER_DAY ? 'in a day' : `in ${enPlural(w, 'minute', 'minutes')}`}`,
};

type SendLimit = { max: number; windowMinutes: number; minutes: number };
type Header = { header: string };
/** Fastify's own English description of a client error; en shows it, ru and uz a text of their own. */
type Detail = { detail: string };

export const MESSAGES = {
  // -- zones and branches (issue 4) --
  ZONE_NOT_FOUND: texts({
    ru: () => 'Зона доставки не найдена',
    uz: () => 'Yetkazib berish hududi topilmadi',
    en: () => 'Delivery zone not found',
  }),
  // -- geocoder and api keys (issue 4) --
  GEOCODER_UNAVAILABLE: texts({
    ru: () => 'Временно недоступно',
    uz: () => 'Vaqtincha mavjud emas',
    en: () => 'Temporarily unavailable',
  }),
  GEOCODER_UPSTREAM_ERROR: texts({
    ru: () => 'Сервис поиска адресов ответил с ошибкой; попробуйте позже',
    uz: () => "Manzil qidirish xizmati xato bilan javob berdi; keyinroq urinib ko'ring",
    en: () => 'The address search service answered with an error; try again later',
  }),
  GEOCODER_INVALID_POINT: texts({
    ru: () => 'Координаты вне допустимых пределов: долгота от -180 до 180, широта от -90 до 90',
    uz: () => "Koordinatalar noto'g'ri: uzunlik -180 dan 180 gacha, kenglik -90 dan 90 gacha bo'lishi kerak",
    en: () => 'Coordinates out of range: longitude must be -180 to 180, latitude -90 to 90',
  }),
  API_KEY_NOT_FOUND: texts({
    ru: () => 'Ключ не найден',
    uz: () => 'Kalit topilmadi',
    en: () => 'Key not found',
  }),
  ADMIN_ONLY: texts({
    ru: () => 'Изменять ключи может только администратор',
    uz: () => "Kalitlarni faqat administrator o'zgartira oladi",
    en: () => 'Only an administrator can change keys',
  }),
  // -- saved addresses (issue 4) --
  ADDRESS_NOT_FOUND: texts({
    ru: () => 'Адрес не найден',
    uz: () => 'Manzil topilmadi',
    en: () => 'Address not found',
  }),
  ADDRESS_LIMIT: texts<{ max: number }>({
    ru: ({ max }) =>
      `Можно сохранить не больше ${ruPlural(max, ['адреса', 'адресов', 'адресов'])}; удалите один, чтобы добавить новый`,
    uz: ({ max }) =>
      `Ko'pi bilan ${max} ta manzil saqlash mumkin; yangisini qo'shish uchun bittasini o'chiring`,
    en: ({ max }) => `You can save at most ${max} addresses; delete one to add a new one`,
  }),
  ADDRESS_IMPORT_LIMIT: texts<{ max: number }>({
    ru: ({ max }) =>
      `Адреса из браузера не добавлены: вместе с сохранёнными их стало бы больше ${max}. Удалите лишние и попробуйте снова`,
    uz: ({ max }) =>
      `Brauzerdagi manzillar qo'shilmadi: saqlanganlari bilan birga ular ${max} tadan oshib ketadi. Keraksizlarini o'chirib, qayta urinib ko'ring`,
    en: ({ max }) =>
      `The addresses from this browser were not added: with the saved ones there would be more than ${max}. Delete some and try again`,
  }),
  // One-time codes (issue 3).
  WRONG_CODE: texts({
    ru: () => 'Неверно введён код',
    uz: () => "Kod noto'g'ri kiritildi",
    en: () => 'Wrong code entered',
  }),
  TOO_MANY_ATTEMPTS: texts({
    ru: () => 'Слишком много неверных попыток; запросите новый код',
    uz: () => "Noto'g'ri urinishlar juda ko'p; yangi kod so'rang",
    en: () => 'Too many wrong codes; ask for a new one',
  }),
  CODE_EXPIRED: texts({
    ru: () => 'Срок действия кода истёк или он уже использован; запросите новый',
    uz: () => "Kodning muddati tugagan yoki u allaqachon ishlatilgan; yangisini so'rang",
    en: () => 'The code has expired or was already used; ask for a new one',
  }),
  CODE_NOT_FOUND: texts({
    ru: () => 'Код не отправлялся; запросите новый',
    uz: () => "Kod yuborilmagan; yangisini so'rang",
    en: () => 'No code was sent for this; ask for a new one',
  }),
  RESEND_TOO_EARLY: texts<{ seconds: number }>({
    ru: ({ seconds }) => `Новый код можно запросить через ${ruPlural(seconds, RU_SECONDS)}`,
    uz: ({ seconds }) => `Yangi kodni ${seconds} soniyadan so'ng so'rash mumkin`,
    en: ({ seconds }) => `A new code can be requested in ${seconds} s`,
  }),
  PHONE_LIMIT: texts<SendLimit>({
    ru: (p) =>
      `На этот номер отправлено слишком много кодов (${windowOf.ru(p.max, p.windowMinutes)}). ${waitIn.ru(p.minutes)}`,
    uz: (p) =>
      `Bu raqamga juda ko'p kod yuborildi (${windowOf.uz(p.max, p.windowMinutes)}). ${waitIn.uz(p.minutes)}`,
    en: (p) =>
      `Too many codes sent to this phone number (${windowOf.en(p.max, p.windowMinutes)}). ${waitIn.en(p.minutes)}`,
  }),
  IP_LIMIT: texts<{ max: number; minutes: number }>({
    ru: (p) =>
      `С этой сети запрошено слишком много кодов (не больше ${p.max} в час). ${waitIn.ru(p.minutes)}`,
    uz: (p) =>
      `Bu tarmoqdan juda ko'p kod so'raldi (bir soatda ko'pi bilan ${p.max} ta). ${waitIn.uz(p.minutes)}`,
    en: (p) =>
      `Too many codes requested from this network (at most ${p.max} an hour). ${waitIn.en(p.minutes)}`,
  }),
  SMS_UNAVAILABLE: texts({
    ru: () => 'Временно недоступно',
    uz: () => 'Vaqtincha mavjud emas',
    en: () => 'Temporarily unavailable',
  }),

  // Customers.
  CUSTOMER_NOT_FOUND: texts({
    ru: () => 'Покупателя с этим номером нет; зарегистрируйтесь',
    uz: () => "Bu raqamli mijoz topilmadi; avval ro'yxatdan o'ting",
    en: () => 'No customer with this phone number; register first',
  }),
  CUSTOMER_EXISTS: texts({
    ru: () => 'Покупатель с этим номером уже есть; войдите',
    uz: () => 'Bu raqamli mijoz allaqachon mavjud; tizimga kiring',
    en: () => 'A customer with this phone number already exists; sign in instead',
  }),
  PHONE_TAKEN: texts({
    ru: () => 'Этот номер принадлежит другому покупателю',
    uz: () => 'Bu raqam boshqa mijozga tegishli',
    en: () => 'This phone number belongs to another customer',
  }),
  OTP_REQUIRED: texts({
    ru: () => 'Для входа в этой сети ресторанов нужен одноразовый код',
    uz: () => "Bu restoranlar tarmog'iga kirish uchun bir martalik kod kerak",
    en: () => 'Signing in needs a one-time code for this restaurant chain',
  }),
  FORBIDDEN: texts({
    ru: () => 'Изменить можно только свой профиль',
    uz: () => "Faqat o'z profilingizni o'zgartira olasiz",
    en: () => 'You can change only your own profile',
  }),
  UNAUTHORIZED: texts({
    ru: () => 'Войдите, чтобы продолжить',
    uz: () => 'Davom etish uchun tizimga kiring',
    en: () => 'Sign in to continue',
  }),

  // Vacancies and applications.
  VACANCY_NOT_FOUND: texts({
    ru: () => 'Вакансия не найдена',
    uz: () => 'Vakansiya topilmadi',
    en: () => 'Vacancy not found',
  }),
  VACANCY_CLOSED: texts({
    ru: () => 'Вакансия закрыта и больше не принимает отклики',
    uz: () => 'Vakansiya yopilgan, arizalar endi qabul qilinmaydi',
    en: () => 'This vacancy is closed and no longer takes applications',
  }),
  ALREADY_APPLIED: texts({
    ru: () => 'Отклик с этого номера на эту вакансию уже отправлен',
    uz: () => 'Bu raqamdan ushbu vakansiyaga ariza allaqachon yuborilgan',
    en: () => 'An application from this phone number for this vacancy has already been sent',
  }),

  // Catalogue and content lookups (the storefront shows its own 404 page, but a client may show these).
  BRANCH_NOT_FOUND: texts({
    ru: () => 'Ресторан не найден',
    uz: () => 'Restoran topilmadi',
    en: () => 'Restaurant not found',
  }),
  MENU_NOT_FOUND: texts({
    ru: () => 'Меню не найдено',
    uz: () => 'Menyu topilmadi',
    en: () => 'Menu not found',
  }),
  PRODUCT_NOT_FOUND: texts({
    ru: () => 'Блюдо не найдено',
    uz: () => 'Taom topilmadi',
    en: () => 'Product not found',
  }),
  NEWS_EVENT_NOT_FOUND: texts({
    ru: () => 'Новость не найдена',
    uz: () => 'Yangilik topilmadi',
    en: () => 'News item not found',
  }),
  STOCK_NOT_FOUND: texts({
    ru: () => 'Акция не найдена',
    uz: () => 'Aksiya topilmadi',
    en: () => 'Promotion not found',
  }),
  RECIPE_NOT_FOUND: texts({
    ru: () => 'Рецепт не найден',
    uz: () => 'Retsept topilmadi',
    en: () => 'Recipe not found',
  }),
  PAGE_NOT_FOUND: texts({
    ru: () => 'Страница не найдена',
    uz: () => 'Sahifa topilmadi',
    en: () => 'Page not found',
  }),

  // Every endpoint.
  VALIDATION_ERROR: texts<{ context: string; details: string }>({
    ru: ({ details }) => `Неверные данные: ${details}`,
    uz: ({ details }) => `Noto'g'ri ma'lumotlar: ${details}`,
    en: ({ context, details }) => `Invalid ${context}: ${details}`,
  }),
  MISSING_HEADER: texts<Header>({
    ru: ({ header }) => `Нужен заголовок ${header}`,
    uz: ({ header }) => `${header} sarlavhasi talab qilinadi`,
    en: ({ header }) => `The ${header} header is required`,
  }),
  INVALID_HEADER: texts<Header>({
    ru: ({ header }) => `Заголовок ${header} должен быть uuid`,
    uz: ({ header }) => `${header} sarlavhasi uuid bo'lishi kerak`,
    en: ({ header }) => `The ${header} header must be a uuid`,
  }),
  SHIPPER_NOT_FOUND: texts({
    ru: () => 'Сеть ресторанов не найдена',
    uz: () => "Restoranlar tarmog'i topilmadi",
    en: () => 'Shipper not found',
  }),
  ROUTE_NOT_FOUND: texts<{ method: string; path: string }>({
    ru: ({ method, path }) => `Адрес ${method} ${path} не найден`,
    uz: ({ method, path }) => `${method} ${path} manzili topilmadi`,
    en: ({ method, path }) => `Route ${method} ${path} not found`,
  }),
  NOT_FOUND: texts<Detail>({
    ru: () => 'Не найдено',
    uz: () => 'Topilmadi',
    en: ({ detail }) => detail,
  }),
  BAD_REQUEST: texts<Detail>({
    ru: () => 'Неверный запрос',
    uz: () => "Noto'g'ri so'rov",
    en: ({ detail }) => detail,
  }),
  INVALID_JSON: texts({
    ru: () => 'Тело запроса не является корректным JSON',
    uz: () => "So'rov tanasi to'g'ri JSON emas",
    en: () => 'The request body is not valid JSON',
  }),
  METHOD_NOT_ALLOWED: texts<Detail>({
    ru: () => 'Этот метод здесь не поддерживается',
    uz: () => "Bu usul bu yerda qo'llab-quvvatlanmaydi",
    en: ({ detail }) => detail,
  }),
  NOT_ACCEPTABLE: texts<Detail>({
    ru: () => 'Ответ в таком формате недоступен',
    uz: () => 'Bunday formatdagi javob mavjud emas',
    en: ({ detail }) => detail,
  }),
  PAYLOAD_TOO_LARGE: texts<Detail>({
    ru: () => 'Слишком большой запрос',
    uz: () => "So'rov juda katta",
    en: ({ detail }) => detail,
  }),
  UNSUPPORTED_MEDIA_TYPE: texts<Detail>({
    ru: () => 'Неподдерживаемый тип содержимого',
    uz: () => "Qo'llab-quvvatlanmaydigan kontent turi",
    en: ({ detail }) => detail,
  }),
  TOO_MANY_REQUESTS: texts<Detail>({
    ru: () => 'Слишком много запросов; попробуйте позже',
    uz: () => "So'rovlar juda ko'p; keyinroq urinib ko'ring",
    en: ({ detail }) => detail,
  }),
  INTERNAL_ERROR: texts({
    ru: () => 'Внутренняя ошибка сервера',
    uz: () => 'Serverning ichki xatosi',
    en: () => 'Internal server error',
  }),
  // -- ordering (issue 5) --
  // -- order life and staff (issue 5) --
  // -- order reads and reviews (issue 5) --
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
};

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams<K extends MessageKey> = Parameters<(typeof MESSAGES)[K]['en']>[0];
/** No argument for a text without parameters, exactly one for a text with them. */
export type MessageArgs<K extends MessageKey> = MessageParams<K> extends undefined ? [] : [MessageParams<K>];

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

export function localize<K extends MessageKey>(key: K, locale: TLocale, ...args: MessageArgs<K>): string {
  const render = MESSAGES[key][locale] as (params: MessageArgs<K>[0]) => string;
  return render(args[0]);
}
