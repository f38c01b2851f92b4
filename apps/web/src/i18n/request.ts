import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { getMessageFallback, onIntlError } from './fallback';
import { loadMessages } from './messages';
import { routing } from './routing';

/** Branch hours and dates are Tashkent time for everyone (UTC+5, no DST). */
export const TIME_ZONE = 'Asia/Tashkent';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    timeZone: TIME_ZONE,
    messages: await loadMessages(locale),
    getMessageFallback,
    onError: onIntlError,
  };
});
