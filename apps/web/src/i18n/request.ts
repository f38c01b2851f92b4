import { CHAIN_TIME_ZONE } from '@app/domain';
import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { getMessageFallback, onIntlError } from './fallback';
import { loadMessages } from './messages';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    // Branch hours and dates are the chain's time for everyone, whatever the server's or browser's zone.
    timeZone: CHAIN_TIME_ZONE,
    messages: await loadMessages(locale),
    getMessageFallback,
    onError: onIntlError,
  };
});
