import type { TLocale } from '@app/contracts';
import { LOCALES } from '@app/contracts';

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

/**
 * The customer's language from `Accept-Language` (the storefront sends its current locale there):
 * the first of ru, uz, en named, by quality; ru when none is.
 */
export function localeFromAcceptLanguage(header: string | undefined): TLocale {
  if (!header) return 'ru';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((x) => Number.isFinite(x.quality) && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { lang } of ranked) {
    const found = LOCALES.find((l) => l === lang);
    if (found) return found;
  }
  return 'ru';
}
