'use client';

import type { TStaffMember } from '@app/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in staff member of this browser (issue 13): kept apart from the customer's sign-in. */
export type TStaffSession = { staff: TStaffMember; token: string; expiresAt: string };

type TStaffSessionState = {
  session: TStaffSession | null;
  signIn: (session: TStaffSession) => void;
  /** Forgets the session (sign-out, a 401 from the staff API, or an expired token). */
  signOut: () => void;
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
      signIn: (session) => set({ session }),
      signOut: () => set({ session: null }),
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
