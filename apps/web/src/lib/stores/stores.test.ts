import { beforeAll, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

const local = new MemoryStorage();
const session = new MemoryStorage();
vi.stubGlobal('localStorage', local);
vi.stubGlobal('sessionStorage', session);

const { useAuthStore } = await import('./auth');
const { useCommonStore, COMMON_DEFAULTS } = await import('./common');
const { useCheckoutStore } = await import('./checkout');
const { useSessionStore } = await import('./session');
const { rehydrateAllStores } = await import('./persist');

const stored = (storage: MemoryStorage, key: string) =>
  JSON.parse(storage.getItem(key) ?? 'null') as { state: Record<string, unknown>; version: number } | null;

beforeAll(async () => {
  await rehydrateAllStores();
});

describe('persisted stores (spec sections 3 and 9)', () => {
  it("take a manager's new working hours for the chosen branch only, and write nothing for the same hours", () => {
    const branch = {
      id: 'b1',
      slug: 'chilonzor',
      menu_id: 'm1',
      name: 'Chilonzor',
      address: 'Bunyodkor 1',
      location: { lat: 41.28, long: 69.2 },
      delivery_time: 40,
      future_delivery_order_time: 2,
      future_self_pickup_order_time: 2,
      work_hour_start: '10:00',
      work_hour_end: '23:00',
    };
    const store = useCommonStore.getState();
    store.setBranch(branch);
    store.setBranchHours('b2', { work_hour_start: '08:00', work_hour_end: '12:00' });
    expect(useCommonStore.getState().branch).toEqual(branch);
    const before = useCommonStore.getState();
    store.setBranchHours('b1', { work_hour_start: '10:00', work_hour_end: '23:00' });
    // The same hours: the state is not replaced (no re-render, no storage write every 4 s).
    expect(useCommonStore.getState()).toBe(before);
    store.setBranchHours('b1', { work_hour_start: '11:00', work_hour_end: '21:30' });
    expect(useCommonStore.getState().branch).toEqual({
      ...branch,
      work_hour_start: '11:00',
      work_hour_end: '21:30',
    });
    expect(stored(local, 'common')?.state.branch).toMatchObject({ work_hour_start: '11:00' });
    store.setBranch(null);
  });

  it('start from the spec defaults', () => {
    expect(useCommonStore.getState().deliveryType).toBe('delivery');
    expect(useCheckoutStore.getState().is_courier_call).toBe(true);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('keep auth and common long-term (localStorage) at version 1', () => {
    useCommonStore.getState().setDeliveryType('self-pickup');
    useAuthStore
      .getState()
      .setUser({ id: 'u1', name: 'Aziz', phone: '998901234567', date_of_birth: null, access_token: 't' });
    expect(stored(local, 'common')).toMatchObject({ version: 1, state: { deliveryType: 'self-pickup' } });
    expect(stored(local, 'auth')).toMatchObject({ version: 1, state: { user: { id: 'u1' } } });
    expect(stored(session, 'common')).toBeNull();
  });

  it('keep checkout and session per browser session (sessionStorage) at version 1', () => {
    useCheckoutStore.getState().setFields({ apartment: '12' });
    useSessionStore.getState().setSession({ addressAccepted: true });
    expect(stored(session, 'checkout')).toMatchObject({
      version: 1,
      state: { apartment: '12', is_courier_call: true },
    });
    expect(stored(session, 'session')).toMatchObject({ version: 1, state: { addressAccepted: true } });
    expect(stored(local, 'checkout')).toBeNull();
  });

  it('does not restore an open map dialog after a reload', () => {
    useCommonStore.getState().setMapModal(true);
    expect(stored(local, 'common')?.state).not.toHaveProperty('isMapModal');
  });

  it('opens the map dialog on the tab asked for; closing it, or opening it plainly, forgets the tab', () => {
    const { setMapModal } = useCommonStore.getState();
    setMapModal(true, 'self-pickup');
    expect(useCommonStore.getState()).toMatchObject({ isMapModal: true, mapTab: 'self-pickup' });
    expect(stored(local, 'common')?.state).not.toHaveProperty('mapTab');
    setMapModal(false);
    expect(useCommonStore.getState()).toMatchObject({ isMapModal: false, mapTab: null });
    setMapModal(true, 'self-pickup');
    setMapModal(true);
    expect(useCommonStore.getState().mapTab).toBeNull();
  });

  it('restores what was stored', async () => {
    local.setItem(
      'common',
      JSON.stringify({ version: 1, state: { ...COMMON_DEFAULTS, orderIds: ['o-1'], deliveryZoneId: 'z' } }),
    );
    await useCommonStore.persist.rehydrate();
    expect(useCommonStore.getState().orderIds).toEqual(['o-1']);
    expect(useCommonStore.getState().deliveryZoneId).toBe('z');
  });

  it('logout clears the user', () => {
    useAuthStore.getState().logout();
    expect(useAuthStore.getState().user).toBeNull();
    expect(stored(local, 'auth')?.state.user).toBeNull();
  });

  it('sets cookie user_id for 30 days at sign-in and deletes it at logout (spec section 4)', () => {
    const written: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        written.push(value);
      },
    });
    try {
      useAuthStore
        .getState()
        .setUser({ id: 'u2', name: 'Aziz', phone: '998901234567', date_of_birth: null, access_token: 't' });
      useAuthStore.getState().logout();
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('localStorage', local);
      vi.stubGlobal('sessionStorage', session);
    }
    expect(written).toEqual([
      'user_id=u2; Max-Age=2592000; Path=/; SameSite=Lax',
      'user_id=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });
});
