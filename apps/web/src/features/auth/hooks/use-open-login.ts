'use client';

import { useCallback } from 'react';
import { withLoginParam, withoutLoginParams } from '@/lib/paths';

export type TOpenLoginOptions = {
  /** Where to land after signing in (the caller's "onLastConfirm"); defaults to staying here. */
  next?: string;
};

/**
 * Opens sign-in by adding `?login` (and `next`) to the current URL (spec section 2). The native
 * History API keeps it a client-side change: Next's router syncs `useSearchParams` with it, so the
 * dialog opens at once instead of after a server round trip for the same page.
 */
export function useOpenLogin(): (options?: TOpenLoginOptions) => void {
  return useCallback((options?: TOpenLoginOptions) => {
    const { pathname, search } = window.location;
    window.history.pushState(null, '', withLoginParam(pathname, search, options?.next));
    announceLoginUrl();
  }, []);
}

/**
 * Said on `window` after openLogin and closeLogin wrote the URL. Next's router sees a pushState only
 * once its own effect has patched the History API, after the page hydrated; a press on a part of the
 * page hydrated before that changed the URL without Next knowing, and the dialog, which followed
 * `useSearchParams` alone, never opened (seen in CI: auth.spec's sign-in from the dish reviews).
 */
const LOGIN_URL_EVENT = 'app:login-url';

function announceLoginUrl(): void {
  window.dispatchEvent(new Event(LOGIN_URL_EVENT));
}

/** For useSyncExternalStore: calls back when openLogin or closeLogin wrote the URL, and on back/forward. */
export function subscribeLoginUrl(callback: () => void): () => void {
  window.addEventListener(LOGIN_URL_EVENT, callback);
  window.addEventListener('popstate', callback);
  return () => {
    window.removeEventListener(LOGIN_URL_EVENT, callback);
    window.removeEventListener('popstate', callback);
  };
}

/** Closes sign-in: the same URL without `login` and `next`, every other parameter kept. */
export function closeLogin(): void {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(null, '', withoutLoginParams(pathname, search, hash));
  announceLoginUrl();
}

/** The current path and query without the sign-in parameters: where "come back here" points. */
export function currentPathForNext(): string {
  const { pathname, search } = window.location;
  return withoutLoginParams(pathname, search);
}
