import { COOKIE_MAX_AGE, COOKIE_NAMES } from '@app/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, registerPersistedStore } from './persist';

/** The signed-in customer. `name === 'user'` is the platform's placeholder for "name not set yet". */
export type TAuthUser = {
  id: string;
  name: string;
  phone: string;
  date_of_birth: string | null;
  access_token: string;
};

const USER_ID_COOKIE = COOKIE_NAMES.userId;

type TAuthState = {
  user: TAuthUser | null;
  /** Sign-in (issue 3) calls this on completion. */
  setUser: (user: TAuthUser) => void;
  updateName: (name: string) => void;
  logout: () => void;
};

function writeUserCookie(value: string | null): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie =
    value === null
      ? `${USER_ID_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
      : `${USER_ID_COOKIE}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

export const useAuthStore = create<TAuthState>()(
  persist(
    (set) => ({
      user: null,
      setUser: (user) => {
        writeUserCookie(user.id);
        set({ user });
      },
      updateName: (name) => set((state) => (state.user ? { user: { ...state.user, name } } : state)),
      logout: () => {
        writeUserCookie(null);
        set({ user: null });
      },
    }),
    { ...persistOptions<TAuthState>('auth', 'long-term'), partialize: (state) => ({ user: state.user }) },
  ),
);
registerPersistedStore(useAuthStore);
