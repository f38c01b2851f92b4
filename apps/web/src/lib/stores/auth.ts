import { COOKIE_NAMES } from '@app/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { writeCookie } from '../cookies';
import { persistOptions, registerPersistedStore } from './persist';

/** The signed-in customer. `name === 'user'` is the platform's placeholder for "name not set yet". */
export type TAuthUser = {
  id: string;
  name: string;
  phone: string;
  date_of_birth: string | null;
  access_token: string;
};

type TAuthState = {
  user: TAuthUser | null;
  /** Sign-in calls this on completion: stores the customer and sets cookie `user_id` for 30 days. */
  setUser: (user: TAuthUser) => void;
  updateName: (name: string) => void;
  /** Replaces the stored customer's details (name, phone, birth date) and keeps the token. */
  updateProfile: (profile: Pick<TAuthUser, 'name' | 'phone' | 'date_of_birth'>) => void;
  /** Resets the auth state and deletes cookie `user_id` (spec section 4, "Logout"). */
  logout: () => void;
};

export const useAuthStore = create<TAuthState>()(
  persist(
    (set) => ({
      user: null,
      setUser: (user) => {
        writeCookie(COOKIE_NAMES.userId, user.id);
        set({ user });
      },
      updateName: (name) => set((state) => (state.user ? { user: { ...state.user, name } } : state)),
      updateProfile: ({ name, phone, date_of_birth }) =>
        set((state) => (state.user ? { user: { ...state.user, name, phone, date_of_birth } } : state)),
      logout: () => {
        writeCookie(COOKIE_NAMES.userId, null);
        set({ user: null });
      },
    }),
    { ...persistOptions<TAuthState>('auth'), partialize: (state) => ({ user: state.user }) },
  ),
);
registerPersistedStore(useAuthStore);

type TSessionListener = () => void;
const sessionListeners = new Set<TSessionListener>();

/** Called when the API refused the stored token; the sign-in feature shows the toast. */
export function onSessionExpired(listener: TSessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/**
 * A 401 or 403 from the API signs the customer out (spec section 6) and tells them why. Several calls
 * failing at once sign out once: only the first finds a user to sign out.
 */
export function expireSession(): void {
  if (!useAuthStore.getState().user) return;
  useAuthStore.getState().logout();
  for (const listener of sessionListeners) listener();
}
