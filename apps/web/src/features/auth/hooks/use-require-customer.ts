'use client';

import { useEffect, useRef } from 'react';
import { type TAuthUser, useAuthStore } from '@/lib/stores/auth';
import { useAuthHydrated } from './use-auth-hydrated';
import { currentPathForNext, useOpenLogin } from './use-open-login';

export type TRequireCustomer =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null; signIn: () => void }
  | { status: 'signed-in'; user: TAuthUser };

/**
 * For pages that need a signed-in customer (profile, my orders, checkout: spec section 6). The
 * customer lives in the browser, so the page reads it here, not on the server. An anonymous visitor
 * gets the login dialog once, with `next` pointing back at this page, so signing in lands them where
 * they were going; closing the dialog leaves them on the page with a sign-in button (`signIn`).
 */
export function useRequireCustomer(): TRequireCustomer {
  const hydrated = useAuthHydrated();
  const user = useAuthStore((s) => s.user);
  const openLogin = useOpenLogin();
  const decided = useRef(false);

  useEffect(() => {
    if (!hydrated || decided.current) return;
    decided.current = true;
    // Decided once, on arrival: signing out on this page later does not push the dialog up again.
    if (!useAuthStore.getState().user && !new URLSearchParams(window.location.search).has('login')) {
      openLogin({ next: currentPathForNext() });
    }
  }, [hydrated, openLogin]);

  if (!hydrated) return { status: 'loading', user: null };
  if (!user)
    return { status: 'anonymous', user: null, signIn: () => openLogin({ next: currentPathForNext() }) };
  return { status: 'signed-in', user };
}
