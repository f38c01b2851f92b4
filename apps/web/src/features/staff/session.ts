'use client';

import type { TStaffMember } from '@app/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in staff member of this browser (issue 13): kept apart from the customer's sign-in. */
export type TStaffSession = { staff: TStaffMember; token: string; expiresAt: string };

/** Who ended the last session: the member (the sign-out button) or the server (a 401: expired, disabled). */
export type TSessionEnd = 'user' | 'server';

type TStaffSessionState = {
  session: TStaffSession | null;
  /**
   * How the last session of this tab ended, or null (none ended, or a new one began): the sign-in form
   * tells the member the server ended it, rather than leaving them wondering why they are out.
   */
  endedBy: TSessionEnd | null;
  signIn: (session: TStaffSession) => void;
  /**
   * Forgets the session: the sign-out button (`'user'`, the default), or a 401 from the staff API or
   * the stream (`'server'`). The server's word counts only for a session that was there: a 401 on
   * the way out of one already gone does not change how it ended.
   */
  signOut: (by?: TSessionEnd) => void;
};

/** localStorage key of the staff session: a screen kept open all day survives a reload. */
export const STAFF_SESSION_KEY = 'staff-session';

/**
 * The staff workspace's session store. Persisted under its own key (not one of the customer stores of
 * spec section 9), hydrated on the first render of a staff page (`useStaffSession.persist.rehydrate()`).
 */
export const useStaffSession = create<TStaffSessionState>()(
  persist(
    (set) => ({
      session: null,
      endedBy: null,
      signIn: (session) => set({ session, endedBy: null }),
      signOut: (by = 'user') =>
        set((state) =>
          by === 'user'
            ? { session: null, endedBy: 'user' }
            : state.session
              ? { session: null, endedBy: by }
              : {},
        ),
    }),
    {
      name: STAFF_SESSION_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (state) => ({ session: state.session }),
    },
  ),
);

/** The token when the session has not expired yet, else null. */
export function liveStaffToken(now = Date.now()): string | null {
  const { session } = useStaffSession.getState();
  if (!session || Date.parse(session.expiresAt) <= now) return null;
  return session.token;
}
