'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { managerPaths } from '../lib/manager-paths';
import { useStaffSession } from '../lib/staff';

/**
 * Whether the staff session has been read from localStorage. False on the server's render and the
 * first one in the browser (the store persists only in the browser: no `persist` API on the server).
 */
function useSessionHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (useStaffSession.persist.hasHydrated()) {
      setHydrated(true);
      return;
    }
    const stop = useStaffSession.persist.onFinishHydration(() => setHydrated(true));
    void useStaffSession.persist.rehydrate();
    return stop;
  }, []);
  return hydrated;
}

/**
 * The manager's screens only for a signed-in manager: anyone else gets a link to the staff sign-in.
 * The API checks the role of every call anyway; this only spares others a screen of refusals.
 */
export function ManagerGate({ children }: { children: ReactNode }) {
  const t = useTranslations('staff-manage');
  const hydrated = useSessionHydrated();
  const session = useStaffSession((s) => s.session);
  const [now] = useState(() => Date.now());

  if (!hydrated) {
    return (
      <p role="status" className="p-4 text-muted">
        {t('gate.checking')}
      </p>
    );
  }
  const live = session && Date.parse(session.expiresAt) > now ? session : null;
  if (live?.staff.role !== 'manager') {
    return (
      <div className="mx-auto flex max-w-md flex-col items-start gap-4 p-4">
        <p>{live ? t('gate.wrongRole', { role: t(`roles.${live.staff.role}`) }) : t('gate.signedOut')}</p>
        <Link href={managerPaths.signIn()} className={buttonClasses('primary', 'md')}>
          {t('gate.signIn')}
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}
