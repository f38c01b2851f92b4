/**
 * Payme's Merchant API error codes (payments-conformance.md) with the `{ru, uz, en}` texts Payme shows
 * in its cabinet. `data` names the field at fault where there is one.
 */

export const PAYME = {
  NOT_POST: -32300,
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  UNAUTHORIZED: -32504,
  INTERNAL: -32400,
  WRONG_AMOUNT: -31001,
  TRANSACTION_NOT_FOUND: -31003,
  CANNOT_CANCEL: -31007,
  CANNOT_PERFORM: -31008,
  ORDER_NOT_FOUND: -31050,
  ORDER_PAID: -31051,
  ORDER_CANCELLED: -31052,
  ORDER_NOT_PAYME: -31053,
  ORDER_NOT_AWAITING: -31054,
} as const;

export type PaymeErrorCode = (typeof PAYME)[keyof typeof PAYME];

export type PaymeMessage = { ru: string; uz: string; en: string };

const MESSAGES: Record<PaymeErrorCode, PaymeMessage> = {
  [PAYME.NOT_POST]: {
    ru: 'Метод запроса должен быть POST',
    uz: "So'rov usuli POST bo'lishi kerak",
    en: 'The request method must be POST',
  },
  [PAYME.PARSE_ERROR]: {
    ru: 'Тело запроса не является JSON',
    uz: "So'rov tanasi JSON emas",
    en: 'The request body is not JSON',
  },
  [PAYME.INVALID_REQUEST]: {
    ru: 'Неверный запрос: поле отсутствует или имеет неверный тип',
    uz: "Noto'g'ri so'rov: maydon yo'q yoki turi noto'g'ri",
    en: 'Invalid request: a field is missing or of the wrong type',
  },
  [PAYME.METHOD_NOT_FOUND]: {
    ru: 'Метод не найден',
    uz: 'Usul topilmadi',
    en: 'Method not found',
  },
  [PAYME.UNAUTHORIZED]: {
    ru: 'Недостаточно привилегий для выполнения метода',
    uz: 'Usulni bajarish uchun huquqlar yetarli emas',
    en: 'Insufficient privileges to perform the method',
  },
  [PAYME.INTERNAL]: {
    ru: 'Внутренняя ошибка сервера',
    uz: 'Serverning ichki xatosi',
    en: 'Internal server error',
  },
  [PAYME.WRONG_AMOUNT]: {
    ru: 'Неверная сумма',
    uz: "Noto'g'ri summa",
    en: 'Wrong amount',
  },
  [PAYME.TRANSACTION_NOT_FOUND]: {
    ru: 'Транзакция не найдена',
    uz: 'Tranzaksiya topilmadi',
    en: 'Transaction not found',
  },
  [PAYME.CANNOT_CANCEL]: {
    ru: 'Заказ уже передан или доставлен: отменить транзакцию невозможно',
    uz: "Buyurtma allaqachon topshirilgan yoki yetkazilgan: tranzaksiyani bekor qilib bo'lmaydi",
    en: 'The order is already being fulfilled or delivered: the transaction cannot be cancelled',
  },
  [PAYME.CANNOT_PERFORM]: {
    ru: 'Невозможно выполнить операцию',
    uz: "Amalni bajarib bo'lmaydi",
    en: 'The operation cannot be performed',
  },
  [PAYME.ORDER_NOT_FOUND]: {
    ru: 'Заказ не найден',
    uz: 'Buyurtma topilmadi',
    en: 'Order not found',
  },
  [PAYME.ORDER_PAID]: {
    ru: 'Заказ уже оплачен',
    uz: "Buyurtma allaqachon to'langan",
    en: 'The order is already paid',
  },
  [PAYME.ORDER_CANCELLED]: {
    ru: 'Заказ отменён',
    uz: 'Buyurtma bekor qilingan',
    en: 'The order is cancelled',
  },
  [PAYME.ORDER_NOT_PAYME]: {
    ru: 'Заказ не оплачивается через Payme',
    uz: "Buyurtma Payme orqali to'lanmaydi",
    en: 'The order is not paid with Payme',
  },
  [PAYME.ORDER_NOT_AWAITING]: {
    ru: 'Заказ не ожидает оплаты',
    uz: "Buyurtma to'lovni kutmayapti",
    en: 'The order does not await payment',
  },
};

export const paymeMessage = (code: PaymeErrorCode): PaymeMessage => MESSAGES[code];

/** A refusal in Payme's terms: answered as `error: {code, message, data?}` with HTTP 200. */
export class PaymeError extends Error {
  readonly code: PaymeErrorCode;
  readonly data: string | undefined;
  constructor(code: PaymeErrorCode, data?: string) {
    super(`Payme error ${code}${data ? ` (${data})` : ''}`);
    this.name = 'PaymeError';
    this.code = code;
    this.data = data;
  }
}

export const paymeError = (code: PaymeErrorCode, data?: string) => new PaymeError(code, data);

export const isPaymeError = (error: unknown): error is PaymeError => error instanceof PaymeError;
