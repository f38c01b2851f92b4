'use client';

import { ZStaffMember } from '@app/contracts/mini';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { LOCALE_NAMES, SWITCHER_ORDER } from '@/i18n/routing';
import { NO_CONTENT } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query-client';
import { useStaffApi } from '../api';
import { isWorkspacePage, ROLE_SCREEN, SCREEN_KEY, staffRedirect } from '../lib/screens';
import { forgetStaffData } from '../lib/staff-queries';
import type { TStreamState } from '../lib/staff-stream';
import { useStaffSession } from '../session';
import { useStaffStream } from '../use-staff-stream';

let hydrationStarted = false;
let hydrated = false;
const hydrationListeners = new Set<() => void>();

/** Loads the persisted staff session once per tab (the store skips hydration on its own). */
function hydrateSession(): void {
  if (hydrationStarted) return;
  hydrationStarted = true;
  void Promise.resolve(useStaffSession.persist.rehydrate()).then(() => {
    hydrated = true;
    for (const listener of hydrationListeners) listener();
  });
}

function useSessionHydrated(): boolean {
  useEffect(hydrateSession, []);
  return useSyncExternalStore(
    (listener) => {
      hydrationListeners.add(listener);
      return () => hydrationListeners.delete(listener);
    },
    () => hydrated,
    () => false,
  );
}

/** The signed-in member, or null (signed out, or the token has expired). */
export function useStaffMember() {
  const session = useStaffSession((state) => state.session);
  const [now] = useState(() => Date.now());
  if (!session || Date.parse(session.expiresAt) <= now) return null;
  return session.staff;
}

const LIVE_CLASSES: Record<TStreamState, string> = {
  connecting: 'bg-[#fef3c6] text-[#7b3306]',
  live: 'bg-[#d0fae5] text-[#004e3b]',
  reconnecting: 'bg-[#fef3c6] text-[#7b3306]',
  closed: 'bg-[#fef2f2] text-[#9f0712]',
};

function LiveBadge({ state }: { state: TStreamState }) {
  const t = useTranslations('staff.shell.live');
  return (
    <span
      role="status"
      data-live={state}
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold',
        LIVE_CLASSES[state],
      )}
    >
      <span
        aria-hidden="true"
        className={cn('h-2.5 w-2.5 rounded-full', state === 'live' ? 'bg-[#009767]' : 'bg-[#dd7400]')}
      />
      {t(state)}
    </span>
  );
}

function LanguageSwitch() {
  const t = useTranslations('staff.shell');
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t('language')} className="flex items-center gap-1">
      {SWITCHER_ORDER.map((l) => (
        <Link
          key={l}
          href={pathname}
          locale={l}
          lang={l}
          aria-current={l === locale ? 'true' : undefined}
          className={cn(
            'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-2 text-sm font-semibold',
            l === locale ? 'bg-ink text-white' : 'text-ink hover:bg-brand-100',
          )}
        >
          <span aria-hidden="true">{l.toUpperCase()}</span>
          <span className="sr-only">{LOCALE_NAMES[l]}</span>
        </Link>
      ))}
    </nav>
  );
}

function SignedInBar({ live }: { live: TStreamState | null }) {
  const t = useTranslations('staff');
  const staff = useStaffMember();
  const api = useStaffApi();
  const [busy, setBusy] = useState(false);
  if (!staff) return null;
  const screen = SCREEN_KEY[staff.role];
  const signOut = async () => {
    setBusy(true);
    // The token stops working on the server; the session ends here whatever the answer, and with it
    // every cached staff and manager answer (useForgetOnSignOut).
    await api.post('/v1/staff/logout', { schema: NO_CONTENT }).catch(() => undefined);
    useStaffSession.getState().signOut();
    setBusy(false);
  };
  return (
    <>
      <nav aria-label={t('shell.nav')}>
        <Link
          href={ROLE_SCREEN[staff.role]}
          className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold hover:bg-brand-100"
        >
          {t(`shell.screens.${screen}`)}
        </Link>
      </nav>
      {live ? <LiveBadge state={live} /> : null}
      <span className="text-sm text-muted">
        {t('shell.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}
      </span>
      <Button variant="secondary" size="md" onClick={() => void signOut()} busy={busy}>
        {t('shell.signOut')}
      </Button>
    </>
  );
}

/** Checks the stored session once with the API (GET /v1/staff/me): a dead token signs out (401). */
function SessionCheck({ staffId }: { staffId: string }) {
  const api = useStaffApi();
  useQuery({
    queryKey: ['staff', staffId, 'me'],
    queryFn: ({ signal }) => api.get('/v1/staff/me', { schema: async () => ZStaffMember, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return null;
}

/**
 * Every end of a session (the sign-out button, a 401 of any call or of the stream, another member
 * signing in over an expired session) drops all the workspace's cached data, the manager's too.
 */
function useForgetOnSignOut(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useStaffSession.subscribe((state, previous) => {
        const before = previous.session?.staff.id;
        if (before !== undefined && state.session?.staff.id !== before) forgetStaffData(queryClient);
      }),
    [queryClient],
  );
}

function Shell({ children }: { children: ReactNode }) {
  const t = useTranslations('staff');
  useForgetOnSignOut();
  const ready = useSessionHydrated();
  const staff = useStaffMember();
  const pathname = usePathname();
  const router = useRouter();
  const live = useStaffStream(ready && staff ? staff.id : null);
  const target = ready ? staffRedirect(pathname, staff?.role ?? null) : null;
  // Not a page of the workspace: its 404, which needs no session, shows at once (rendered on the
  // server too, so the answer's status is 404).
  const waiting = isWorkspacePage(pathname) && (!ready || target !== null);

  useEffect(() => {
    if (target) router.replace(target);
  }, [target, router]);

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-line bg-white">
        <div className="mx-auto flex max-w-[96rem] flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4">
          <p className="mr-auto text-lg font-bold">{t('shell.brand')}</p>
          {staff && ready ? <SignedInBar live={live} /> : null}
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-[96rem] flex-1 px-3 py-4 sm:px-4">
        {waiting ? (
          <p role="status" className="py-10 text-center text-muted">
            {t('shell.checking')}
          </p>
        ) : (
          <>
            {staff ? <SessionCheck staffId={staff.id} /> : null}
            {children}
          </>
        )}
      </main>
    </>
  );
}

/**
 * The staff workspace's frame (issue 13), around every /staff page: its own header (the role's
 * screen, the live connection, the language, sign-out), the session from localStorage, the one
 * event stream, and the guard that keeps a signed-out visitor on the sign-in and each member on
 * the own role's screen.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <Shell>{children}</Shell>
    </QueryProvider>
  );
}
