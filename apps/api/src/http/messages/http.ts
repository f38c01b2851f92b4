import { type Detail, type Header, texts, waitIn } from './shared.ts';

/** What every endpoint can answer: validation, rate limits (issue 9), the HTTP layer and database refusals. */
export const HTTP_MESSAGES = {
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
  // -- the database too busy to answer now (error-handler.ts, db/pool-size.ts) --
  SERVICE_BUSY: texts({
    ru: () => 'Сервис сейчас перегружен. Повторите через несколько секунд',
    uz: () => "Xizmat hozir band. Bir necha soniyadan keyin qayta urinib ko'ring",
    en: () => 'The service is busy right now. Try again in a few seconds',
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
};
