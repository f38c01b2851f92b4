import type { TLocale, TLocalizedText } from '@app/contracts';

/**
 * What the API's message catalogue (../messages.ts) is written with: the entry shape checked in all
 * three languages, plurals, and the wait and limit phrases several messages share.
 */
export type Texts<P> = Record<TLocale, (params: P) => string>;

/** Lets each entry declare its parameters once and have all three languages checked against them. */
export const texts = <P = void>(entry: Texts<P>): Texts<P> => entry;

const ruRules = new Intl.PluralRules('ru');

/** Russian plural of a count: forms for 1 (минуту), 2-4 (минуты), 5+ (минут). */
export function ruPlural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const form = ruRules.select(n);
  return `${n} ${form === 'one' ? one : form === 'few' ? few : many}`;
}

export const enPlural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

export const RU_MINUTES = ['минуту', 'минуты', 'минут'] as const;
export const RU_SECONDS = ['секунду', 'секунды', 'секунд'] as const;
export const MINUTES_PER_DAY = 24 * 60;

/** 'Try again in ...': whole minutes, rounded up. */
export const waitIn: Record<TLocale, (minutes: number) => string> = {
  ru: (m) => `Попробуйте снова через ${ruPlural(m, RU_MINUTES)}`,
  uz: (m) => `${m} daqiqadan so'ng qayta urinib ko'ring`,
  en: (m) => `Try again in ${m <= 1 ? 'a minute' : `${m} minutes`}`,
};

/** 'Try again in ...': whole seconds under a minute, else whole minutes rounded up. */
export const waitInSeconds: Record<TLocale, (seconds: number) => string> = {
  ru: (s) => (s < 60 ? `Попробуйте снова через ${ruPlural(s, RU_SECONDS)}` : waitIn.ru(Math.ceil(s / 60))),
  uz: (s) => (s < 60 ? `${s} soniyadan so'ng qayta urinib ko'ring` : waitIn.uz(Math.ceil(s / 60))),
  en: (s) => (s < 60 ? `Try again in ${enPlural(s, 'second', 'seconds')}` : waitIn.en(Math.ceil(s / 60))),
};

/** The window of a send limit: '15 minutes' or a day. */
export const windowOf: Record<TLocale, (max: number, windowMinutes: number) => string> = {
  ru: (max, w) => `не больше ${max} ${w === MINUTES_PER_DAY ? 'в сутки' : `за ${ruPlural(w, RU_MINUTES)}`}`,
  uz: (max, w) => `${w === MINUTES_PER_DAY ? 'bir kunda' : `${w} daqiqada`} ko'pi bilan ${max} ta`,
  en: (max, w) =>
    `at most ${max} ${w === MINUTES_PER_DAY ? 'in a day' : `in ${enPlural(w, 'minute', 'minutes')}`}`,
};

export type SendLimit = { max: number; windowMinutes: number; minutes: number };
export type Header = { header: string };
/** A dish named in a message, in the message's language. */
export type Titled = { title: TLocalizedText };
/** Fastify's own English description of a client error; en shows it, ru and uz a text of their own. */
export type Detail = { detail: string };
