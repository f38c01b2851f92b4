import type { TCustomerAddress } from '@app/contracts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

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
vi.stubGlobal('localStorage', local);
vi.stubGlobal('sessionStorage', new MemoryStorage());

const { useCommonStore } = await import('@/lib/stores/common');
const { useAuthStore } = await import('@/lib/stores/auth');
const { rehydrateAllStores } = await import('@/lib/stores/persist');
const { createApiClient } = await import('@/lib/api-client');
const { syncPointsForCustomer, dropCustomerPoints, pointsOwner, setPointsOwner } = await import(
  './points-sync'
);
const { savePointDetails, removeSavedPoint } = await import('./points-edit');
const { addressButtonAction } = await import('../hooks/use-address-button');
const { useAddressPopover } = await import('./popover-store');

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let routes: Record<string, (call: Call) => { status?: number; body: unknown }> = {};
vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
  const call = {
    method: init.method ?? 'GET',
    path: new URL(url).pathname,
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
  calls.push(call);
  const handler = routes[`${call.method} ${call.path}`];
  if (!handler) return new Response('{"statusCode":404,"code":"NF","message":"no"}', { status: 404 });
  const { status = 200, body } = handler(call);
  return new Response(JSON.stringify(body), { status });
});
const api = createApiClient({ baseUrl: 'http://api.test', shipperId: 's', platformId: 'p' });

const A1 = '00000000-0000-4000-8000-000000000001';
const A2 = '00000000-0000-4000-8000-000000000002';
const server = (id: string, address: string, active: boolean, lat = 41.31): TCustomerAddress => ({
  id,
  name: '',
  address,
  city: 'tashkent',
  location: { lat, long: 69.28 },
  house: '',
  floor: '',
  porch: '',
  apartment: '',
  is_active: active,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
});
const list = (...a: TCustomerAddress[]) => ({ body: { count: a.length, addresses: a } });
const anon = (id: string, address: string, isActive: boolean) => ({
  id,
  location: [41.2, 69.2] as [number, number],
  address,
  name: '',
  city: 'tashkent',
  isActive,
});
const user = { id: 'u1', name: 'A', phone: '998', date_of_birth: null, access_token: 'tok' };
const BRANCH = {
  id: '00000000-0000-4000-8000-00000000b001',
  slug: 'chilonzor',
  menu_id: '00000000-0000-4000-8000-00000000bbbb',
  name: 'Chilonzor',
  address: 'Chilonzor 1',
  location: { lat: 41.28, long: 69.2 },
  delivery_time: 40,
  future_delivery_order_time: 2,
  future_self_pickup_order_time: 1,
  work_hour_start: '10:00',
  work_hour_end: '03:00',
};

beforeAll(async () => {
  await rehydrateAllStores();
});
beforeEach(() => {
  calls = [];
  routes = {};
  local.removeItem('location.points_owner');
  useCommonStore.getState().reset();
  useAuthStore.setState({ user: null });
  useAddressPopover.getState().close();
});

describe('saved points and the account', () => {
  it('at sign-in imports the anonymous points, then the store takes the server list and its active location', async () => {
    useCommonStore.getState().setPoints([anon('x', 'Street 1', false), anon('y', 'Street 2', true)]);
    routes['POST /v1/customer-addresses/import'] = () =>
      list(server(A1, 'Street 1', false), server(A2, 'Street 2', true, 41.25));
    const location = await syncPointsForCustomer(api, 'u1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customer-addresses/import']);
    expect(
      (calls[0]?.body as { addresses: { is_active: boolean }[] } | undefined)?.addresses.map(
        (a) => a.is_active,
      ),
    ).toEqual([false, true]);
    expect(useCommonStore.getState().points.map((p) => p.id)).toEqual([A1, A2]);
    expect(location).toEqual({ lat: 41.25, long: 69.28 });
    expect(useCommonStore.getState().location).toEqual({ lat: 41.25, long: 69.28 });
    expect(pointsOwner()).toBe('u1');
  });

  it('a fresh browser (no points) reads the account list; a copy already owned is not imported again', async () => {
    routes['GET /v1/customer-addresses'] = () => list(server(A1, 'Street 1', true));
    await syncPointsForCustomer(api, 'u1');
    await syncPointsForCustomer(api, 'u1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/customer-addresses',
      'GET /v1/customer-addresses',
    ]);
    expect(useCommonStore.getState().points).toHaveLength(1);
  });

  it('an import refused (too many addresses) falls back to the account list', async () => {
    useCommonStore.getState().setPoints([anon('x', 'Street 1', true)]);
    routes['POST /v1/customer-addresses/import'] = () => ({
      status: 422,
      body: { statusCode: 422, code: 'MAX', message: 'too many' },
    });
    routes['GET /v1/customer-addresses'] = () => list(server(A1, 'Old', true));
    await syncPointsForCustomer(api, 'u1');
    expect(useCommonStore.getState().points.map((p) => p.address)).toEqual(['Old']);
  });

  it('sign-out drops the account copy but keeps anonymous points', () => {
    useCommonStore.getState().setPoints([anon('x', 'Street 1', true)]);
    dropCustomerPoints();
    expect(useCommonStore.getState().points).toHaveLength(1);
    setPointsOwner('u1');
    dropCustomerPoints();
    expect(useCommonStore.getState().points).toEqual([]);
    expect(pointsOwner()).toBeNull();
  });

  it('sign-out also drops the location, zone and delivery branch taken from the account', () => {
    const written: string[] = [];
    const jar = { write: (c: string) => void written.push(c) };
    const store = useCommonStore.getState();
    store.setPoints([anon(A1, 'Street 1', true)]);
    store.setLocation({ lat: 41.2, long: 69.2 });
    store.setDeliveryZoneId('zone-1');
    store.setBranch(BRANCH);
    setPointsOwner('u1');
    dropCustomerPoints(undefined, jar);
    expect(useCommonStore.getState()).toMatchObject({ location: null, deliveryZoneId: null, branch: null });
    expect(written.map((c) => c.split(';')[0])).toEqual(['branch_id=', 'branch_slug=', 'menu_id=']);
  });

  it('sign-out keeps a self-pickup branch (it is not derived from an address)', () => {
    const written: string[] = [];
    const store = useCommonStore.getState();
    store.setDeliveryType('self-pickup');
    store.setBranch(BRANCH);
    store.setLocation({ lat: 41.2, long: 69.2 });
    setPointsOwner('u1');
    dropCustomerPoints(undefined, { write: (c) => void written.push(c) });
    expect(useCommonStore.getState()).toMatchObject({ location: null, branch: BRANCH });
    expect(written).toEqual([]);
  });
});

describe('editing and removing points (spec section 4, "Address points")', () => {
  it('anonymous: saving details makes the point the only active one and moves the location to it', async () => {
    useCommonStore
      .getState()
      .setPoints([anon('x', 'Street 1', false), { ...anon('y', 'Street 2', true), location: [41, 69] }]);
    await savePointDetails(api, 'x', { name: ' Home ', house: '5', floor: '2', porch: '1', apartment: '12' });
    const points = useCommonStore.getState().points;
    expect(points[0]).toMatchObject({
      id: 'x',
      name: 'Home',
      house: '5',
      floor: '2',
      porch: '1',
      apartment: '12',
      isActive: true,
    });
    expect(points[1]?.isActive).toBe(false);
    expect(useCommonStore.getState().location).toEqual({ lat: 41.2, long: 69.2 });
    expect(calls).toEqual([]);
  });

  it('signed in: PUT with only the details, the answer replaces the list', async () => {
    useAuthStore.setState({ user });
    useCommonStore.getState().setPoints([anon(A1, 'Street 1', true)]);
    routes[`PUT /v1/customer-addresses/${A1}`] = () => list({ ...server(A1, 'Street 1', true), floor: '3' });
    await savePointDetails(api, A1, { name: '', house: '', floor: '3', porch: '', apartment: '' });
    expect(calls[0]?.body).toEqual({ name: '', house: '', floor: '3', porch: '', apartment: '' });
    expect(useCommonStore.getState().points[0]?.floor).toBe('3');
  });

  it('removing a point clears the location (anonymous and signed in)', async () => {
    useCommonStore.getState().setPoints([anon('x', 'Street 1', true)]);
    useCommonStore.getState().setLocation({ lat: 41.2, long: 69.2 });
    await removeSavedPoint(api, 'x');
    expect(useCommonStore.getState().points).toEqual([]);
    expect(useCommonStore.getState().location).toBeNull();

    useAuthStore.setState({ user });
    useCommonStore.getState().setPoints([anon(A1, 'Street 1', true), anon(A2, 'Street 2', false)]);
    useCommonStore.getState().setLocation({ lat: 41.2, long: 69.2 });
    routes[`DELETE /v1/customer-addresses/${A1}`] = () => list(server(A2, 'Street 2', false));
    await removeSavedPoint(api, A1);
    expect(useCommonStore.getState().points.map((p) => p.id)).toEqual([A2]);
    expect(useCommonStore.getState().location).toBeNull();
  });

  it('a failed server call changes nothing', async () => {
    useAuthStore.setState({ user });
    useCommonStore.getState().setPoints([anon(A1, 'Street 1', true)]);
    await expect(removeSavedPoint(api, A1)).rejects.toMatchObject({ status: 404 });
    expect(useCommonStore.getState().points).toHaveLength(1);
  });
});

describe('the address button (spec section 4)', () => {
  it('opens the popover first: the saved points, or the enter-address prompt when there are none', () => {
    addressButtonAction();
    expect(useAddressPopover.getState()).toMatchObject({ open: true, auto: false, view: { kind: 'enter' } });
    expect(useCommonStore.getState().isMapModal).toBe(false);
    useAddressPopover.getState().close();
    useCommonStore.getState().setPoints([anon('x', 'Street 1', true)]);
    addressButtonAction();
    expect(useAddressPopover.getState().view).toEqual({ kind: 'list' });
  });

  it('opens the map dialog when the popover is already open (and closes the popover)', () => {
    addressButtonAction();
    addressButtonAction();
    expect(useCommonStore.getState().isMapModal).toBe(true);
    expect(useAddressPopover.getState().open).toBe(false);
  });

  it('opens the map dialog straight away in self-pickup mode', () => {
    useCommonStore.getState().setDeliveryType('self-pickup');
    addressButtonAction();
    expect(useCommonStore.getState().isMapModal).toBe(true);
    expect(useAddressPopover.getState().open).toBe(false);
  });
});
