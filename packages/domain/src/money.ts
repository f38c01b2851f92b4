/** Interface locales; kept local so the domain has no runtime dependency on the contracts package. */
export type MoneyLocale = 'ru' | 'uz' | 'en';

const NBSP = '\u00a0';

const CURRENCY_LABEL: Record<MoneyLocale, string> = { ru: 'сум', uz: "so'm", en: 'sum' };
// ru and uz group thousands with a (non-breaking) space, en with a comma.
const THOUSANDS_SEPARATOR: Record<MoneyLocale, string> = { ru: NBSP, uz: NBSP, en: ',' };

const groupThousands = (digits: string, separator: string): string =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/**
 * '32 000 сум' (ru), "32 000 so'm" (uz), '32,000 sum' (en). Every space is non-breaking so an
 * amount never wraps inside itself. Money is whole sums, so a fractional amount is a bug upstream:
 * it throws rather than rounding the customer's money silently.
 */
export const formatSum = (amount: number, locale: MoneyLocale): string => {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`formatSum expects a whole number of sums, got ${amount}`);
  }
  const sign = amount < 0 ? '-' : '';
  const grouped = groupThousands(String(Math.abs(amount)), THOUSANDS_SEPARATOR[locale]);
  return `${sign}${grouped}${NBSP}${CURRENCY_LABEL[locale]}`;
};
