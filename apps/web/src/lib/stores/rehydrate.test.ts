import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import {
  ensureHydrated,
  persistOptions,
  registerPersistedStore,
  rehydrateAllStores,
  rehydrateStore,
} from './persist';

type TCounter = { count: number; bump: () => void };

/** A storage whose reads answer only when the test says so (or never). */
function slowStorage(saved: Record<string, string>) {
  const pending: (() => void)[] = [];
  const writes = new Map<string, string>();
  const storage: StateStorage = {
    getItem: (name) =>
      new Promise<string | null>((resolve) => {
        pending.push(() => resolve(saved[name] ?? null));
      }),
    setItem: (name, value) => {
      writes.set(name, value);
    },
    removeItem: (name) => {
      writes.delete(name);
    },
  };
  const answer = () => {
    for (const resolve of pending.splice(0)) resolve();
  };
  return { storage, writes, answer };
}

function counterStore(storage: StateStorage) {
  return createStore<TCounter>()(
    persist((set) => ({ count: 0, bump: () => set((s) => ({ count: s.count + 1 })) }), {
      ...persistOptions<TCounter>('common'),
      storage: createJSONStorage(() => storage),
    }),
  );
}

const saved = { common: JSON.stringify({ version: 1, state: { count: 7 } }) };

describe('rehydrating persisted stores (spec section 9: rehydrate timeout 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the saved state when it arrives in time', async () => {
    const slow = slowStorage(saved);
    const store = counterStore(slow.storage);
    const done = rehydrateStore(store);
    await vi.advanceTimersByTimeAsync(4_000);
    slow.answer();
    await done;
    expect(store.persist.hasHydrated()).toBe(true);
    expect(store.getState().count).toBe(7);
  });

  it('gives up after 5 s: the store is hydrated with its initial state and keeps writing', async () => {
    const slow = slowStorage(saved);
    const store = counterStore(slow.storage);
    const finished = vi.fn();
    store.persist.onFinishHydration(finished);
    const done = rehydrateStore(store);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(store.persist.hasHydrated()).toBe(false);
    expect(finished).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(store.persist.hasHydrated()).toBe(true);
    expect(finished).toHaveBeenCalledOnce();
    expect(store.getState().count).toBe(0);

    store.getState().bump();
    expect(JSON.parse(slow.writes.get('common') ?? 'null')).toMatchObject({
      version: 1,
      state: { count: 1 },
    });

    // The read that answers late does not undo what happened since.
    slow.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().count).toBe(1);
  });

  it('does not wait for a saved state that cannot be read (corrupt JSON)', async () => {
    const broken: StateStorage = {
      getItem: () => '{"version":1,"state":',
      setItem: () => {},
      removeItem: () => {},
    };
    const store = counterStore(broken);
    await rehydrateStore(store);
    expect(store.persist.hasHydrated()).toBe(true);
    expect(store.getState().count).toBe(0);
  });

  it('bounds every registered store when the app hydrates', async () => {
    const slow = slowStorage(saved);
    const store = counterStore(slow.storage);
    registerPersistedStore(store);
    const all = rehydrateAllStores();
    await vi.advanceTimersByTimeAsync(5_000);
    await all;
    expect(store.persist.hasHydrated()).toBe(true);
  });

  it('ensureHydrated reads the saved state once: not again over what the customer did since', async () => {
    const slow = slowStorage(saved);
    const store = counterStore(slow.storage);
    const first = ensureHydrated(store);
    slow.answer();
    await first;
    expect(store.getState().count).toBe(7);
    store.getState().bump();
    // Already hydrated: nothing is read (a read would wait for the storage, and replace 8 with 7).
    await ensureHydrated(store);
    expect(store.getState().count).toBe(8);
  });
});
