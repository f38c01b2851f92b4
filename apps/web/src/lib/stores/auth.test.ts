// @vitest-environment jsdom
import { COOKIE_NAMES } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '../cookies';
import type { TAuthUser } from './auth';

const customer = (id: string, token: string): TAuthUser => ({
  id,
  name: 'Aziz',
  phone: '998901234567',
  date_of_birth: null,
  access_token: token,
});

/** What another tab writes to the shared entry (zustand's persist format, version 1). */
const writeAsAnotherTab = (user: TAuthUser | null) => {
  const value = JSON.stringify({ state: { user }, version: 1 });
  localStorage.setItem('auth', value);
  // The browser tells the other tabs, never the writer: dispatched here by hand.
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'auth', newValue: value, storageArea: localStorage }),
  );
};

/** A fresh module graph per test: the store, its listeners and the hydration registry are module state. */
async function load() {
  vi.resetModules();
  const auth = await import('./auth');
  const persist = await import('./persist');
  await persist.rehydrateAllStores();
  return { ...auth, rehydrateAllStores: persist.rehydrateAllStores };
}

const userIdCookie = () => document.cookie.match(/(?:^|; )user_id=([^;]*)/)?.[1];

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  writeCookie(COOKIE_NAMES.userId, null);
});

describe('expireSession: a refused token signs out only its own session (spec section 6)', () => {
  it('signs out the customer whose token was refused, once, and tells the listeners', async () => {
    const { useAuthStore, expireSession, onSessionExpired } = await load();
    useAuthStore.getState().setUser(customer('c1', 'token-1'));
    const expired = vi.fn();
    onSessionExpired(expired);
    expireSession('token-1');
    expireSession('token-1');
    expect(useAuthStore.getState().user).toBeNull();
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}').state.user).toBeNull();
    expect(userIdCookie()).toBeUndefined();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('leaves a newer session alone when an older token is refused', async () => {
    const { useAuthStore, expireSession, onSessionExpired } = await load();
    useAuthStore.getState().setUser(customer('c1', 'token-new'));
    const expired = vi.fn();
    onSessionExpired(expired);
    expireSession('token-old');
    expect(useAuthStore.getState().user?.access_token).toBe('token-new');
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}').state.user.access_token).toBe('token-new');
    expect(userIdCookie()).toBe('c1');
    expect(expired).not.toHaveBeenCalled();
  });

  it('leaves the session another tab stored alone even before its storage event arrives', async () => {
    const { useAuthStore, expireSession } = await load();
    useAuthStore.getState().setUser(customer('c1', 'token-old'));
    // Another tab signed in again; this tab has not heard of it yet.
    localStorage.setItem(
      'auth',
      JSON.stringify({ state: { user: customer('c2', 'token-new') }, version: 1 }),
    );
    expireSession('token-old');
    await vi.waitFor(() => expect(useAuthStore.getState().user?.access_token).toBe('token-new'));
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}').state.user.access_token).toBe('token-new');
  });
});

describe('the auth store follows the other tabs', () => {
  it('reads the shared entry again when another tab signs in or out', async () => {
    const { useAuthStore } = await load();
    expect(useAuthStore.getState().user).toBeNull();
    writeAsAnotherTab(customer('c2', 'token-2'));
    await vi.waitFor(() => expect(useAuthStore.getState().user?.access_token).toBe('token-2'));
    writeAsAnotherTab(null);
    await vi.waitFor(() => expect(useAuthStore.getState().user).toBeNull());
  });

  it('ignores the other keys, and listens once however often the stores hydrate', async () => {
    const { useAuthStore, rehydrateAllStores } = await load();
    await rehydrateAllStores();
    const rehydrate = vi.spyOn(useAuthStore.persist, 'rehydrate');
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: localStorage }));
    expect(rehydrate).not.toHaveBeenCalled();
    writeAsAnotherTab(customer('c3', 'token-3'));
    await vi.waitFor(() => expect(useAuthStore.getState().user?.access_token).toBe('token-3'));
    expect(rehydrate).toHaveBeenCalledTimes(1);
  });
});
