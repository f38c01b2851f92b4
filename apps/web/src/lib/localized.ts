import type { TLocale, TLocalizedText } from '@app/contracts';

/** The text in the given locale; falls back to Russian (the default locale), then to any non-empty text. */
export function pick(text: TLocalizedText | null | undefined, locale: string): string {
  if (!text) return '';
  const value = text[locale as TLocale];
  if (value) return value;
  return text.ru || text.en || text.uz || '';
}
