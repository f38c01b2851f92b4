import { COOKIE_NAMES } from '@app/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { writeCookie } from '../cookies';
import {
  followOtherTabs,
  persistOptions,
  registerPersistedStore,
  rehydrateStore,
  type TPersistKey,
} from './persist';

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

/** The store's entry in localStorage (every tab of the site shares it). */
const AUTH_KEY = 'auth' satisfies TPersistKey;

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
    { ...persistOptions<TAuthState>(AUTH_KEY), partialize: (state) => ({ user: state.user }) },
  ),
);
registerPersistedStore(useAuthStore);

// Another tab signing in, out or in again writes the shared entry: this tab reads it again, so it
// does not go on with a customer (and token) that is no longer the stored one.
followOtherTabs(AUTH_KEY, useAuthStore);

/**
 * The token of the customer saved in localStorage now (null: none saved), as another tab may have
 * written it before this tab's `storage` event arrived; undefined when it cannot be read.
 */
function savedToken(): string | null | undefined {
  try {
    const raw = localStorage.getItem(AUTH_KEY);
    if (raw === null) return null;
    const saved = JSON.parse(raw) as { state?: { user?: { access_token?: unknown } | null } } | null;
    const token = saved?.state?.user?.access_token;
    return typeof token === 'string' ? token : null;
  } catch {
    return undefined;
  }
}

type TSessionListener = () => void;
const sessionListeners = new Set<TSessionListener>();

/** Called when the API refused the stored token; the sign-in feature shows the toast. */
export function onSessionExpired(listener: TSessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/**
 * A 401 or 403 from the API to a call sent with `token` signs the customer out (spec section 6) and
 * tells them why, but only while `token` is the stored customer's: a refusal of an older token (a
 * call a tab sent before another tab signed in again) leaves the newer session alone. Several calls
 * failing at once sign out once: only the first finds the token's customer to sign out.
 */
export function expireSession(token: string): void {
  if (useAuthStore.getState().user?.access_token !== token) return;
  const saved = savedToken();
  if (typeof saved === 'string' && saved !== token) {
    // Another tab has stored a newer session and its `storage` event is still on its way.
    void rehydrateStore(useAuthStore);
    return;
  }
  useAuthStore.getState().logout();
  for (const listener of sessionListeners) listener();
}
