import type { TLocale } from '@app/contracts';

/**
 * The texts of the one-time-code SMS. Eskiz delivers only texts matching a template approved for
 * the account, so these change only together with the templates registered there.
 */
const TEMPLATES: Record<TLocale, (brand: string, code: string) => string> = {
  ru: (brand, code) => `${brand}: код для входа ${code}. Никому не сообщайте его.`,
  uz: (brand, code) => `${brand}: kirish kodi ${code}. Uni hech kimga aytmang.`,
  en: (brand, code) => `${brand}: your sign-in code is ${code}. Do not share it with anyone.`,
};

export function codeMessage(locale: TLocale, brand: string, code: string): string {
  return TEMPLATES[locale](brand, code);
}
