import type { TLocale } from '@app/contracts';
import { texts, waitInSeconds } from './shared.ts';

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

/** The staff workspace (issue 13): its orders and the manager's screens. */
export const STAFF_MESSAGES = {
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
  // -- the loyalty outbox: bonus movements iiko has not taken --
  STAFF_MANAGE_LOYALTY_NOT_FOUND: texts({
    ru: () => 'Этого движения бонусов уже нет в очереди',
    uz: () => "Bu bonus harakati endi navbatda yo'q",
    en: () => 'This bonus movement is no longer queued',
  }),
  STAFF_MANAGE_LOYALTY_STILL_TRYING: texts({
    ru: () => 'Сервер ещё пытается провести это движение бонусов; дождитесь, пока попытки закончатся',
    uz: () => 'Server bu bonus harakatini hali amalga oshirishga urinmoqda; urinishlar tugashini kuting',
    en: () => 'The server is still trying this bonus movement; wait until its tries have stopped',
  }),
  STAFF_MANAGE_LOYALTY_NOT_UNKNOWN_CHARGE: texts({
    ru: () =>
      '«Не списано» — только для возврата бонусов, списание которых iiko не подтвердил; это движение повторите или отметьте «Учтено вручную»',
    uz: () =>
      "«Yechilmagan» faqat iiko yechilganini tasdiqlamagan bonuslarni qaytarish uchun; bu harakatni qayta urinib ko'ring yoki «Qo'lda hisobga olindi» deb belgilang",
    en: () =>
      'Only the give-back of a charge iiko never confirmed can be marked not charged; try this movement again or mark it settled by hand',
  }),
  STAFF_MANAGE_LOYALTY_CHARGE_TOO_RECENT: texts({
    ru: () =>
      'iiko ещё может провести это списание: отметьте «Не списано» не раньше чем через 5 минут после заказа, проверив iiko ещё раз',
    uz: () =>
      "iiko bu yechishni hali amalga oshirishi mumkin: «Yechilmagan»ni buyurtmadan kamida 5 daqiqa o'tib, iikoni yana tekshirib belgilang",
    en: () =>
      'iiko may still make this chargeoff: mark it not charged no sooner than 5 minutes after the order, once you have looked in iiko again',
  }),
  STAFF_MANAGE_LOYALTY_NO_PROVIDER: texts({
    ru: () =>
      'Карту ведёт сам сервер заказов, iiko не подключён: повторить нельзя, отметьте «Учтено вручную»',
    uz: () =>
      "Kartani buyurtmalar serverining o'zi yuritadi, iiko ulanmagan: qayta urinib bo'lmaydi, «Qo'lda hisobga olindi» deb belgilang",
    en: () =>
      'The card is kept by the ordering server, iiko is not connected: it cannot be tried again; mark it settled by hand',
  }),
};
