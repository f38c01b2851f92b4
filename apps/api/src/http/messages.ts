import type { TLocale, TLocalizedText } from '@app/contracts';
import { formatSum } from '@app/domain';

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

/** 'Try again in ...': whole seconds under a minute, else whole minutes rounded up. */
const waitInSeconds: Record<TLocale, (seconds: number) => string> = {
  ru: (s) => (s < 60 ? `Попробуйте снова через ${ruPlural(s, RU_SECONDS)}` : waitIn.ru(Math.ceil(s / 60))),
  uz: (s) => (s < 60 ? `${s} soniyadan so'ng qayta urinib ko'ring` : waitIn.uz(Math.ceil(s / 60))),
  en: (s) => (s < 60 ? `Try again in ${enPlural(s, 'second', 'seconds')}` : waitIn.en(Math.ceil(s / 60))),
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
/** A dish named in a message, in the message's language. */
type Titled = { title: TLocalizedText };
/** Fastify's own English description of a client error; en shows it, ru and uz a text of their own. */
type Detail = { detail: string };

/**
 * Who moved an order last and how (STAFF_ORDER_ALREADY_MOVED, issue 13): the step is the history's
 * event ('placed' for the first row), `by` the staff member (null: the server or the customer).
 */
type StaffStep = {
  order: string;
  step: StaffStepKind;
  by: { name: string; role: 'operator' | 'vendor' | 'courier' | 'manager' } | null;
  /** 'HH:mm' in Tashkent. */
  time: string;
};
export type StaffStepKind =
  | 'placed'
  | 'operator-accepted'
  | 'operator-cancelled'
  | 'vendor-accepted'
  | 'vendor-cancelled'
  | 'vendor-ready'
  | 'courier-accepted'
  | 'courier-cancelled'
  | 'courier-picked'
  | 'delivered'
  | 'finished'
  | 'server-cancelled'
  | 'future-due'
  | 'payment-received';
const STEP_DONE: Record<TLocale, Record<StaffStepKind, string>> = {
  ru: {
    placed: 'оформлен',
    'operator-accepted': 'принят',
    'operator-cancelled': 'отменён',
    'vendor-accepted': 'принят кухней',
    'vendor-cancelled': 'отменён',
    'vendor-ready': 'готов',
    'courier-accepted': 'взят курьером',
    'courier-cancelled': 'возвращён курьером',
    'courier-picked': 'забран курьером',
    delivered: 'доставлен',
    finished: 'завершён',
    'server-cancelled': 'отменён',
    'future-due': 'передан в работу',
    'payment-received': 'оплачен',
  },
  uz: {
    placed: 'rasmiylashtirilgan',
    'operator-accepted': 'qabul qilingan',
    'operator-cancelled': 'bekor qilingan',
    'vendor-accepted': 'oshxona tomonidan qabul qilingan',
    'vendor-cancelled': 'bekor qilingan',
    'vendor-ready': 'tayyor',
    'courier-accepted': 'kuryer tomonidan olingan',
    'courier-cancelled': 'kuryer tomonidan qaytarilgan',
    'courier-picked': 'kuryer olib ketgan',
    delivered: 'yetkazilgan',
    finished: 'yakunlangan',
    'server-cancelled': 'bekor qilingan',
    'future-due': 'ishga berilgan',
    'payment-received': "to'langan",
  },
  en: {
    placed: 'placed',
    'operator-accepted': 'accepted',
    'operator-cancelled': 'cancelled',
    'vendor-accepted': 'accepted by the kitchen',
    'vendor-cancelled': 'cancelled',
    'vendor-ready': 'marked ready',
    'courier-accepted': 'taken',
    'courier-cancelled': 'handed back',
    'courier-picked': 'picked up',
    delivered: 'delivered',
    finished: 'finished',
    'server-cancelled': 'cancelled',
    'future-due': 'released to the queue',
    'payment-received': 'paid',
  },
};
const STAFF_ROLE_NAME: Record<TLocale, Record<NonNullable<StaffStep['by']>['role'], string>> = {
  ru: { operator: 'оператор', vendor: 'кухня', courier: 'курьер', manager: 'менеджер' },
  uz: { operator: 'operator', vendor: 'oshxona', courier: 'kuryer', manager: 'menejer' },
  en: { operator: 'operator', vendor: 'kitchen', courier: 'courier', manager: 'manager' },
};
const NOBODY: Record<TLocale, string> = { ru: 'система', uz: 'tizim', en: 'the system' };
const whoDid = (locale: TLocale, p: StaffStep) =>
  p.by ? `${p.by.name} (${STAFF_ROLE_NAME[locale][p.by.role]})` : NOBODY[locale];

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
  // -- rate limits (issue 9): http/rate-limit.ts --
  RATE_LIMITED: texts<{ minutes: number }>({
    ru: (p) => `Слишком много запросов. ${waitIn.ru(p.minutes)}`,
    uz: (p) => `So'rovlar juda ko'p. ${waitIn.uz(p.minutes)}`,
    en: (p) => `Too many requests. ${waitIn.en(p.minutes)}`,
  }),
  SERVICE_UNAVAILABLE: texts({
    ru: () => 'Временно недоступно',
    uz: () => 'Vaqtincha mavjud emas',
    en: () => 'Temporarily unavailable',
  }),
  INTERNAL_ERROR: texts({
    ru: () => 'Внутренняя ошибка сервера',
    uz: () => 'Serverning ichki xatosi',
    en: () => 'Internal server error',
  }),
  // -- HTTP layer and database refusals (issue 9) --
  INVALID_INPUT: texts({
    ru: () => 'Запрос содержит значение, которое нельзя сохранить: проверьте введённые данные',
    uz: () => "So'rovda saqlab bo'lmaydigan qiymat bor: kiritilgan ma'lumotlarni tekshiring",
    en: () => 'The request contains a value that cannot be stored; check what was entered',
  }),
  URI_TOO_LONG: texts({
    ru: () => 'Слишком длинный адрес запроса',
    uz: () => "So'rov manzili juda uzun",
    en: () => 'The request URL is too long',
  }),
  HEADERS_TOO_LARGE: texts({
    ru: () => 'Слишком большие заголовки запроса',
    uz: () => "So'rov sarlavhalari juda katta",
    en: () => 'The request headers are too large',
  }),
  BAD_URL: texts({
    ru: () => 'Неверный адрес запроса',
    uz: () => "So'rov manzili noto'g'ri",
    en: () => 'The request URL is malformed',
  }),
  REQUEST_TIMEOUT: texts({
    ru: () => 'Запрос не пришёл полностью вовремя',
    uz: () => "So'rov o'z vaqtida to'liq kelmadi",
    en: () => 'The request did not arrive in time',
  }),
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
  // -- order life and staff (issue 5) --
  STAFF_ORDER_NOT_FOUND: texts({
    ru: () => 'Заказ не найден',
    uz: () => 'Buyurtma topilmadi',
    en: () => 'Order not found',
  }),
  ORDER_TRANSITION_REFUSED: texts<{ status: string; event: string }>({
    ru: ({ status, event }) => `Заказ в статусе «${status}»: событие «${event}» сейчас невозможно`,
    uz: ({ status, event }) => `Buyurtma «${status}» holatida: «${event}» hodisasi hozir mumkin emas`,
    en: ({ status, event }) => `The order is '${status}': '${event}' does not apply now`,
  }),
  ORDER_EVENT_FORBIDDEN: texts<{ event: string }>({
    ru: ({ event }) => `Ваша роль не может отправлять событие «${event}»`,
    uz: ({ event }) => `Sizning rolingiz «${event}» hodisasini yubora olmaydi`,
    en: ({ event }) => `Your role cannot send '${event}'`,
  }),
  ORDER_EVENT_NOT_FOR_PICKUP: texts<{ event: string }>({
    ru: ({ event }) => `У заказа на самовывоз нет курьерского шага «${event}»`,
    uz: ({ event }) => `Olib ketish buyurtmasida «${event}» kuryer bosqichi yo'q`,
    en: ({ event }) => `A self-pickup order has no courier step '${event}'`,
  }),
  STAFF_ORDER_OTHER_BRANCH: texts({
    ru: () => 'Этот заказ принадлежит другому ресторану',
    uz: () => 'Bu buyurtma boshqa restoranga tegishli',
    en: () => 'This order belongs to another branch',
  }),
  STAFF_ORDER_NOT_YOURS: texts({
    ru: () => 'Этот заказ взял другой курьер или он ещё не взят',
    uz: () => 'Bu buyurtmani boshqa kuryer olgan yoki u hali olinmagan',
    en: () => 'Another courier has this order, or nobody has taken it yet',
  }),
  // -- the staff workspace's orders (issue 13: api-orders) --
  STAFF_CANCEL_REASON_REQUIRED: texts({
    ru: () => 'Укажите причину отмены',
    uz: () => 'Bekor qilish sababini kiriting',
    en: () => 'Give the reason for cancelling',
  }),
  STAFF_ORDER_ALREADY_MOVED: texts<StaffStep>({
    ru: (p) => `Заказ ${p.order} уже ${STEP_DONE.ru[p.step]}: ${whoDid('ru', p)}, в ${p.time}`,
    uz: (p) => `${p.order} buyurtmasi allaqachon ${STEP_DONE.uz[p.step]}: ${whoDid('uz', p)}, soat ${p.time}`,
    en: (p) => `Order ${p.order} was already ${STEP_DONE.en[p.step]} by ${whoDid('en', p)} at ${p.time}`,
  }),
  STAFF_ORDERS_BAD_QUERY: texts({
    ru: () => 'Поиск: номер заказа (B-10001 или 10001) или цифры телефона',
    uz: () => 'Qidiruv: buyurtma raqami (B-10001 yoki 10001) yoki telefon raqamlari',
    en: () => 'Search: an order number (B-10001 or 10001) or digits of a phone',
  }),
  STAFF_UNAUTHORIZED: texts({
    ru: () => 'Войдите как сотрудник',
    uz: () => 'Xodim sifatida kiring',
    en: () => 'Sign in as staff',
  }),
  STAFF_LOGIN_FAILED: texts({
    ru: () => 'Неверный логин или пароль',
    uz: () => "Login yoki parol noto'g'ri",
    en: () => 'Wrong login or password',
  }),
  STAFF_LOGIN_LIMIT: texts<{ seconds: number }>({
    ru: ({ seconds }) => `Слишком много неудачных попыток входа. ${waitInSeconds.ru(seconds)}`,
    uz: ({ seconds }) => `Muvaffaqiyatsiz kirishlar juda ko'p. ${waitInSeconds.uz(seconds)}`,
    en: ({ seconds }) => `Too many failed sign-ins. ${waitInSeconds.en(seconds)}`,
  }),
  STAFF_LOGIN_BUSY: texts({
    ru: () => 'Сейчас слишком много входов одновременно. Попробуйте снова через секунду',
    uz: () => "Hozir bir vaqtda kirishlar juda ko'p. Bir soniyadan so'ng qayta urinib ko'ring",
    en: () => 'Too many sign-ins at once. Try again in a second',
  }),
  // -- order reads and reviews (issue 5) --
  ORDER_NOT_FOUND: texts({
    ru: () => 'Заказ не найден',
    uz: () => 'Buyurtma topilmadi',
    en: () => 'Order not found',
  }),
  ALREADY_REVIEWED: texts({
    ru: () => 'Вы уже оставили отзыв',
    uz: () => 'Siz allaqachon fikr bildirgansiz',
    en: () => 'You have already gave feedback',
  }),
  REVIEW_ORDER_NOT_COMPLETED: texts({
    ru: () => 'Оценить блюдо можно, когда заказ доставлен',
    uz: () => 'Taomni buyurtma yetkazilgandan keyin baholash mumkin',
    en: () => 'You can rate the dish once the order has been delivered',
  }),
  REVIEW_PRODUCT_AUTO_ADDED: texts({
    ru: () => 'Это не блюдо, а то, что добавляется к заказу автоматически: его не оценивают',
    uz: () => "Bu taom emas, buyurtmaga avtomatik qo'shiladigan narsa: u baholanmaydi",
    en: () => 'This was added to the order automatically and is not a dish to rate',
  }),
  REVIEW_PRODUCT_NOT_IN_ORDER: texts({
    ru: () => 'Этого блюда нет в заказе. Закажите его, чтобы оценить',
    uz: () => "Bu taom buyurtmada yo'q. Baholash uchun avval uni buyurtma qiling",
    en: () => 'This dish is not in the order. Place an order to rate the dish',
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
  // -- the manager's workspace (issue 13): branches, stop list, menus, staff accounts, figures, audit --
  STAFF_MANAGE_FORBIDDEN: texts({
    ru: () => 'Ваша роль не может этого делать',
    uz: () => 'Sizning rolingiz buni qila olmaydi',
    en: () => 'Your role cannot do this',
  }),
  STAFF_MANAGE_OTHER_BRANCH: texts({
    ru: () => 'Это относится к другому ресторану',
    uz: () => 'Bu boshqa restoranga tegishli',
    en: () => 'This belongs to another branch',
  }),
  STAFF_MANAGE_CHAIN_ONLY: texts({
    ru: () => 'Это может только менеджер всей сети',
    uz: () => 'Buni faqat butun tarmoq menejeri qila oladi',
    en: () => "Only the whole chain's manager can do this",
  }),
  STAFF_MANAGE_PAUSE_UNTIL: texts({
    ru: () => 'Пауза должна закончиться в будущем, не позже чем через 24 часа',
    uz: () => 'Pauza kelajakda, 24 soatdan kechiktirmay tugashi kerak',
    en: () => 'A pause must end in the future, at most 24 hours from now',
  }),
  STAFF_MANAGE_MODIFIER_NOT_FOUND: texts({
    ru: () => 'Модификатор не найден',
    uz: () => 'Modifikator topilmadi',
    en: () => 'Modifier not found',
  }),
  STAFF_MANAGE_ACCOUNT_NOT_FOUND: texts({
    ru: () => 'Сотрудник не найден',
    uz: () => 'Xodim topilmadi',
    en: () => 'Staff account not found',
  }),
  STAFF_MANAGE_LOGIN_TAKEN: texts({
    ru: () => 'Этот логин уже занят',
    uz: () => 'Bu login band',
    en: () => 'This login is already taken',
  }),
  STAFF_MANAGE_ROLE_BRANCH: texts({
    ru: () => 'Кухне нужен ресторан; у оператора и курьера ресторана нет',
    uz: () => "Oshxonaga restoran kerak; operator va kuryerda restoran bo'lmaydi",
    en: () => 'A kitchen account needs a branch; operators and couriers have none',
  }),
  STAFF_MANAGE_SELF: texts({
    ru: () => 'Нельзя отключить свою учётную запись или понизить свою роль',
    uz: () => "O'z hisobingizni o'chirib yoki rolingizni pasaytirib bo'lmaydi",
    en: () => 'You cannot disable your own account or change your own role or branch',
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

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams<K extends MessageKey> = Parameters<(typeof MESSAGES)[K]['en']>[0];
/** No argument for a text without parameters, exactly one for a text with them. */
export type MessageArgs<K extends MessageKey> = MessageParams<K> extends undefined ? [] : [MessageParams<K>];

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

export function localize<K extends MessageKey>(key: K, locale: TLocale, ...args: MessageArgs<K>): string {
  const render = MESSAGES[key][locale] as (params: MessageArgs<K>[0]) => string;
  return render(args[0]);
}
