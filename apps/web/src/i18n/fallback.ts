import { type IntlError, IntlErrorCode } from 'next-intl';

/** Spec section 8: a missing translation shows the key itself ("common.nav.about"), never a crash. */
export function getMessageFallback({ namespace, key }: { namespace?: string; key: string }): string {
  return namespace ? `${namespace}.${key}` : key;
}

export function onIntlError(error: IntlError): void {
  // A missing key is caught by the message-parity test; at runtime it must not take the page down.
  if (error.code === IntlErrorCode.MISSING_MESSAGE) {
    if (process.env.NODE_ENV !== 'production') console.warn(error.message);
    return;
  }
  console.error(error);
}
