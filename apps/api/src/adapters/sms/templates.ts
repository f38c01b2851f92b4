import type { TLocale } from '@app/contracts';
import type { OtpPurpose } from '../../db/schema/index.ts';

type Template = (brand: string, code: string) => string;

/**
 * The texts of the one-time-code SMS: one for signing in (sign-in and registration codes) and one
 * for confirming a new phone number on the profile, each in every language. Eskiz delivers only
 * texts matching a template approved for the account, so these change only together with the
 * templates registered there: all six (two texts in ru, uz and en) must be approved, each with the
 * brand and the code as its variable parts. The phone-change text keeps the sign-in text's shape.
 */
const TEMPLATES: Record<'sign-in' | 'phone-change', Record<TLocale, Template>> = {
  'sign-in': {
    ru: (brand, code) => `${brand}: код для входа ${code}. Никому не сообщайте его.`,
    uz: (brand, code) => `${brand}: kirish kodi ${code}. Uni hech kimga aytmang.`,
    en: (brand, code) => `${brand}: your sign-in code is ${code}. Do not share it with anyone.`,
  },
  'phone-change': {
    ru: (brand, code) => `${brand}: код для смены номера телефона ${code}. Никому не сообщайте его.`,
    uz: (brand, code) => `${brand}: telefon raqamini o'zgartirish kodi ${code}. Uni hech kimga aytmang.`,
    en: (brand, code) => `${brand}: your phone number change code is ${code}. Do not share it with anyone.`,
  },
};

/** The SMS that carries a code, in the customer's language, saying what the code is for. */
export function codeMessage(message: {
  purpose: OtpPurpose;
  locale: TLocale;
  brand: string;
  code: string;
}): string {
  const kind = message.purpose === 'phone-change' ? 'phone-change' : 'sign-in';
  return TEMPLATES[kind][message.locale](message.brand, message.code);
}
