'use client';

import { type AbstractIntlMessages, type Locale, NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { getMessageFallback, onIntlError } from './fallback';

/**
 * NextIntlClientProvider mounted from client code, so it receives exactly the messages given (a
 * provider rendered by a server component would inherit them all) and can take the fallback functions,
 * which cannot cross the server-client boundary as props.
 */
export function ClientIntlProvider({
  locale,
  timeZone,
  messages,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={messages}
      getMessageFallback={getMessageFallback}
      onError={onIntlError}
    >
      {children}
    </NextIntlClientProvider>
  );
}
