import { COOKIE_MAX_AGE } from '@app/domain';

/**
 * The one place the storefront reads and writes its own cookies in the browser: `user_id` (auth store),
 * `delivery_type`, `branch_id`, `branch_slug`, `menu_id` (location), read back by the search. Every
 * cookie is first-party, `Path=/`, `SameSite=Lax`, 30 days unless said otherwise (spec section 4).
 * Hand-written rather than js-cookie: it is a dozen lines on every page's first load, and the writers
 * take a jar so tests can see exactly what was written (ARCHITECTURE.md, "What stays hand-written").
 */

/** One `Set-Cookie`-like string for `document.cookie`; a null value deletes the cookie. */
export function cookieString(name: string, value: string | null, maxAge: number = COOKIE_MAX_AGE): string {
  return value === null
    ? `${name}=; Max-Age=0; Path=/; SameSite=Lax`
    : `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Where cookies are written; the browser's `document` by default, a fake in tests. */
export type TCookieJar = { write: (cookie: string) => void };

export const documentCookieJar: TCookieJar = {
  write: (cookie) => {
    if (typeof document === 'undefined') return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
    document.cookie = cookie;
  },
};

/** Sets cookie `name` for 30 days, or deletes it when `value` is null. */
export function writeCookie(name: string, value: string | null, jar: TCookieJar = documentCookieJar): void {
  jar.write(cookieString(name, value));
}

/** A cookie's decoded value from a `Cookie` header or `document.cookie`; null when it is not there. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null; // a malformed escape someone else wrote
    }
  }
  return null;
}
