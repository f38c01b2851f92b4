import type { TLocale } from '@app/contracts';
import { LOCALES } from '@app/contracts';

/** The storefront's default language (spec: ru at `/`), also the API's when the client names none. */
export const DEFAULT_LOCALE: TLocale = 'ru';

/**
 * The customer's language from `Accept-Language` (the storefront sends its current locale there): the
 * first of ru, uz, en named, by quality; ru when none is. A region or script subtag does not matter
 * (`en-US` is en, `uz-Latn` is uz), `q=0` refuses a language. One function for error messages and SMS
 * texts alike, so the customer never gets an error in one language and the code in another.
 */
export function localeFromAcceptLanguage(header: string | string[] | undefined): TLocale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LOCALE;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split(/[-_]/)[0] ?? '', quality, index };
    })
    .filter((x) => Number.isFinite(x.quality) && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { lang } of ranked) {
    const found = LOCALES.find((l) => l === lang);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
