import { texts } from './shared.ts';

/** An order's life (issue 5): transitions, order reads and reviews. */
export const ORDER_MESSAGES = {
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
};
