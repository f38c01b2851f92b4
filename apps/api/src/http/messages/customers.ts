import { RU_SECONDS, ruPlural, type SendLimit, texts, waitIn, windowOf } from './shared.ts';

/** One-time codes (issue 3), customers, vacancies and applications. */
export const CUSTOMER_MESSAGES = {
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
};
