'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { notify } from '@/components/ui/toasts';
import { LOGIN_NEXT_PARAM, LOGIN_QUERY_PARAM, safeNextPath } from '@/lib/paths';
import { onSessionExpired, useAuthStore } from '@/lib/stores/auth';
import { subscribeLoginUrl } from '../hooks/use-open-login';

// Neither joins the first load (docs/perf/menu-page.md): the dialog (Radix, the sign-in steps) loads
// when `?login` appears, the session check only for a signed-in customer.
const LoginDialog = lazyClient(() => import('./login-dialog').then((m) => m.LoginDialog));
const SessionCheck = lazyClient(() => import('./session-check').then((m) => m.SessionCheck));

const readSearch = () => window.location.search;

function LoginParamWatcher() {
  // Next's parameters re-render this on the router's navigations and give the server's (and the
  // hydration's) answer; the URL itself decides in the browser, so a `?login` written before Next's
  // router patched the History API still opens the dialog (use-open-login.ts).
  const params = useSearchParams();
  const search = new URLSearchParams(
    useSyncExternalStore(subscribeLoginUrl, readSearch, () => params.toString()),
  );
  const open = search.has(LOGIN_QUERY_PARAM);
  const [wanted, setWanted] = useState(open);
  // Once loaded, the dialog stays mounted, so it can animate closed and reopen without a new load.
  if (open && !wanted) setWanted(true);
  return wanted ? <LoginDialog open={open} next={safeNextPath(search.get(LOGIN_NEXT_PARAM))} /> : null;
}

/**
 * Mounted once in the locale layout: the login dialog, open while the URL has `?login`; the check
 * of a stored session; the toast when the API refused the token (spec section 6).
 */
export function AuthSlot() {
  const t = useTranslations('common.auth');
  const signedIn = useAuthStore((s) => s.user !== null);
  useEffect(() => onSessionExpired(() => notify('error', t('sessionExpired'))), [t]);
  return (
    <>
      <Suspense fallback={null}>
        <LoginParamWatcher />
      </Suspense>
      {signedIn ? <SessionCheck /> : null}
    </>
  );
}
