/**
 * What Click sends and what we answer (its SHOP API's fields and error codes): each field's form, the
 * request read from a form or JSON body, the amount compared exactly (click.service.ts runs the checks).
 */

export type ClickMethod = 'prepare' | 'complete';

/** Click's error codes (its documentation's "errors"). */
export const CLICK_ERRORS = {
  success: 0,
  signCheckFailed: -1,
  incorrectAmount: -2,
  actionNotFound: -3,
  alreadyPaid: -4,
  orderNotFound: -5,
  transactionNotFound: -6,
  failedToUpdate: -7,
  badRequest: -8,
  transactionCancelled: -9,
} as const;
export type ClickErrorCode = (typeof CLICK_ERRORS)[keyof typeof CLICK_ERRORS];

/** `error_note`: a protocol text Click logs (its documentation's wording), not a customer message. */
export const ERROR_NOTES: Record<ClickErrorCode, string> = {
  0: 'Success',
  [-1]: 'SIGN CHECK FAILED!',
  [-2]: 'Incorrect parameter amount',
  [-3]: 'Action not found',
  [-4]: 'Already paid',
  [-5]: 'Order does not exist',
  [-6]: 'Transaction does not exist',
  [-7]: 'Failed to update order',
  [-8]: 'Error in request from click',
  [-9]: 'Transaction cancelled',
};

export type ClickPrepareAnswer = {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id: number | null;
  error: ClickErrorCode;
  error_note: string;
};
export type ClickCompleteAnswer = {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_confirm_id: number | null;
  error: ClickErrorCode;
  error_note: string;
};
export type ClickAnswer = ClickPrepareAnswer | ClickCompleteAnswer;

/** The fields Click sends (merchant_prepare_id: Complete only). */
export const CLICK_FIELDS = [
  'click_trans_id',
  'service_id',
  'click_paydoc_id',
  'merchant_trans_id',
  'merchant_prepare_id',
  'amount',
  'action',
  'error',
  'error_note',
  'sign_time',
  'sign_string',
] as const;
type ClickField = (typeof CLICK_FIELDS)[number];

const DIGITS = /^\d{1,20}$/;
const INTEGER = /^-?\d{1,9}$/;
/** A decimal number of sums, as Click writes it ('52000', '52000.00'). */
const AMOUNT = /^-?\d{1,15}(\.\d{1,6})?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused.
export const TEXT = /^[^\u0000-\u001f\u007f]*$/;

/** How each field must look; what does not is -8. */
const FIELD_RULES: Record<ClickField, { test: (value: string) => boolean; required: ClickMethod[] }> = {
  click_trans_id: { test: (v) => DIGITS.test(v), required: ['prepare', 'complete'] },
  service_id: { test: (v) => DIGITS.test(v), required: ['prepare', 'complete'] },
  click_paydoc_id: { test: (v) => DIGITS.test(v), required: ['prepare', 'complete'] },
  merchant_trans_id: {
    test: (v) => v.length >= 1 && v.length <= 100 && TEXT.test(v),
    required: ['prepare', 'complete'],
  },
  merchant_prepare_id: {
    test: (v) => v.length >= 1 && v.length <= 40 && TEXT.test(v),
    required: ['complete'],
  },
  amount: { test: (v) => AMOUNT.test(v), required: ['prepare', 'complete'] },
  action: { test: (v) => INTEGER.test(v), required: ['prepare', 'complete'] },
  error: { test: (v) => INTEGER.test(v), required: ['prepare', 'complete'] },
  error_note: { test: (v) => v.length <= 1000 && TEXT.test(v), required: [] },
  sign_time: {
    test: (v) => v.length >= 1 && v.length <= 40 && TEXT.test(v),
    required: ['prepare', 'complete'],
  },
  sign_string: {
    test: (v) => v.length >= 1 && v.length <= 100 && TEXT.test(v),
    required: ['prepare', 'complete'],
  },
};

/** A field's text: a string as sent, a JSON number as JavaScript writes it; anything else: unreadable. */
export function textOf(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export type ClickRequest = {
  click_trans_id: string;
  service_id: string;
  click_paydoc_id: string;
  merchant_trans_id: string;
  merchant_prepare_id?: string;
  amount: string;
  action: string;
  error: string;
  error_note?: string;
  sign_time: string;
  sign_string: string;
};

/** The request's fields as sent (what a call records; unknown fields are left out, texts bounded). */
export function clickParams(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const params: Record<string, string> = {};
  for (const field of CLICK_FIELDS) {
    const text = textOf((body as Record<string, unknown>)[field]);
    if (typeof text === 'string') params[field] = text.slice(0, 1000);
  }
  return params;
}

export function readRequest(method: ClickMethod, body: unknown): ClickRequest | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const read: Partial<Record<ClickField, string>> = {};
  for (const field of CLICK_FIELDS) {
    const rule = FIELD_RULES[field];
    const text = textOf((body as Record<string, unknown>)[field]);
    if (text === null) return null;
    if (text === undefined) {
      if (rule.required.includes(method)) return null;
      continue;
    }
    if (!rule.test(text)) return null;
    if (field === 'merchant_prepare_id' && method === 'prepare') continue;
    read[field] = text;
  }
  return read as ClickRequest;
}

/** Whether `amount` (Click's decimal text) is positive and within 0.01 of `due` sums; exact, no floats. */
export function amountMatches(amount: string, due: number): boolean {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return false;
  const fraction = (match[3] ?? '').padEnd(2, '0');
  const scale = 10n ** BigInt(fraction.length);
  const value = (BigInt(match[2] ?? '0') * scale + BigInt(fraction)) * (match[1] ? -1n : 1n);
  if (value <= 0n) return false;
  const diff = value - BigInt(due) * scale;
  // |diff| / scale <= 0.01
  return (diff < 0n ? -diff : diff) * 100n <= scale;
}

/** Click's numeric ids echoed as numbers (its answers' type); a text that is no safe integer: null. */
export function idNumber(value: unknown): number | null {
  const text = textOf(value);
  if (typeof text !== 'string' || !DIGITS.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}
