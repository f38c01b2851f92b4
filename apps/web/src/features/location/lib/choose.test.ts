import type { TBranch, TCustomerAddress } from '@app/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

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
vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());

const { useCommonStore } = await import('@/lib/stores/common');
const { useAuthStore } = await import('@/lib/stores/auth');
const { rehydrateAllStores } = await import('@/lib/stores/persist');
const { createApiClient } = await import('@/lib/api-client');
const { applyNearestBranch, confirmDelivery, confirmPickup, selectSavedPoint, toSelectedBranch } =
  await import('./choose');

const ZONE = '00000000-0000-4000-8000-0000000000a1';
/** A zone as GET /v1/check_point_delivery_zones answers it. */
const zoneOf = (id: string) => ({
  id,
  name: 'Zone',
  city: 'tashkent',
  points: [
    { lat: 41.2, lon: 69.1 },
    { lat: 41.4, lon: 69.1 },
    { lat: 41.4, lon: 69.4 },
  ],
  holes: [],
  branch_ids: [],
  min_order_amount: 0,
  free_delivery_order_amount: 0,
});
const text = (s: string) => ({ ru: `${s} ru`, uz: `${s} uz`, en: `${s} en` });
const branch = (slug: string, over: Partial<TBranch> = {}): TBranch => ({
  // A uuid (answers are parsed with the contract): the slug's last six letters in hex.
  id: `00000000-0000-4000-8000-${Buffer.from(slug.slice(-6)).toString('hex').padStart(12, '0')}`,
  slug,
  name: text(slug),
  address: text(`${slug} street`),
  destination: text(''),
  city: 'tashkent',
  phone: '998711234567',
  location: { lat: 41.3, long: 69.27 },
  menu_id: '00000000-0000-4000-8000-00000000bbbb',
  work_hour_start: '10:00',
  work_hour_end: '03:00',
  delivery_time: 40,
  future_delivery_order_time: 2,
  future_self_pickup_order_time: 1,
  is_active: true,
  has_parking: false,
  seats_count: 10,
  has_playground: false,
  images: [],
  virtual_tour: null,
  paused_until: null,
  delivery_paused_until: null,
  ...over,
});
const near = (b: TBranch, distance: number) => ({ ...b, distance, is_open: true });

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
let calls: Call[] = [];
let routes: Record<string, (call: Call) => { status?: number; body: unknown }> = {};

const fakeFetch = async (url: string, init: RequestInit) => {
  const u = new URL(url);
  const call: Call = {
    method: init.method ?? 'GET',
    path: u.pathname,
    query: u.searchParams,
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
  calls.push(call);
  const handler = routes[`${call.method} ${call.path}`];
  if (!handler)
    return new Response(JSON.stringify({ statusCode: 404, code: 'NF', message: 'no route' }), {
      status: 404,
    });
  const { status = 200, body } = handler(call);
  return new Response(JSON.stringify(body), { status });
};
vi.stubGlobal('fetch', fakeFetch);

const api = createApiClient({
  baseUrl: 'http://api.test',
  shipperId: 's',
  platformId: 'p',
  getToken: () => useAuthStore.getState().user?.access_token,
});
let cookies: string[] = [];
let reloads = 0;
const deps = () => ({
  api,
  locale: 'en',
  reload: () => {
    reloads += 1;
  },
  cookies: { write: (c: string) => cookies.push(c) },
});
const cookie = (name: string) => {
  const last = [...cookies].reverse().find((c) => c.startsWith(`${name}=`));
  return last?.split(';')[0]?.slice(name.length + 1);
};

const amir = branch('amir-temur');
const closedInactive = branch('oybek', { is_active: false });

beforeAll(async () => {
  await rehydrateAllStores();
});
beforeEach(() => {
  calls = [];
  cookies = [];
  reloads = 0;
  routes = {
    'GET /v1/nearest-branch': () => ({ body: { branches: [near(closedInactive, 100), near(amir, 900)] } }),
  };
  useCommonStore.getState().reset();
  useAuthStore.setState({ user: null });
});
afterEach(() => vi.clearAllMocks());

const input = {
  location: { lat: 41.31, long: 69.28 },
  address: 'Amir Temur 1',
  city: 'tashkent',
  deliveryZoneId: ZONE,
};

describe('confirmDelivery, anonymous (spec section 4, "Map dialog")', () => {
  it('saves a new active point, sets location and zone, takes the first ACTIVE nearest branch, cookies, reloads', async () => {
    await confirmDelivery(input, deps());
    const s = useCommonStore.getState();
    expect(s.points).toHaveLength(1);
    expect(s.points[0]).toMatchObject({
      address: 'Amir Temur 1',
      city: 'tashkent',
      isActive: true,
      location: [41.31, 69.28],
    });
    expect(s.location).toEqual({ lat: 41.31, long: 69.28 });
    expect(s.deliveryZoneId).toBe(ZONE);
    expect(s.deliveryType).toBe('delivery');
    expect(s.branch).toMatchObject({
      id: amir.id,
      slug: 'amir-temur',
      name: 'amir-temur en',
      work_hour_end: '03:00',
    });
    expect(cookie('branch_id')).toBe(amir.id);
    expect(cookie('branch_slug')).toBe('amir-temur');
    expect(cookie('menu_id')).toBe(amir.menu_id);
    expect(cookie('delivery_type')).toBe('delivery');
    expect(cookies.every((c) => c.includes('Max-Age=2592000'))).toBe(true);
    expect(reloads).toBe(1);
    const nearest = calls.find((c) => c.path === '/v1/nearest-branch');
    expect(nearest?.query.get('lat')).toBe('41.31');
    expect(nearest?.query.get('long')).toBe('69.28');
    expect(nearest?.query.get('delivery_zone_id')).toBe(ZONE);
  });

  it('selects a saved point with the same address text instead of duplicating it', async () => {
    await confirmDelivery(input, deps());
    await confirmDelivery({ ...input, location: [41.32, 69.29], address: '  amir   temur 1 ' }, deps());
    const s = useCommonStore.getState();
    expect(s.points).toHaveLength(1);
    expect(s.points[0]?.isActive).toBe(true);
    // The new pin lies elsewhere: the saved point moves there, with the location.
    expect(s.points[0]?.location).toEqual([41.32, 69.29]);
    expect(s.location).toEqual({ lat: 41.32, long: 69.29 });
  });

  it('updates the point being edited, which becomes the only active one', async () => {
    await confirmDelivery(input, deps());
    await confirmDelivery({ ...input, address: 'Chilonzor 5' }, deps());
    const first = useCommonStore.getState().points[0];
    expect(useCommonStore.getState().points.map((p) => p.isActive)).toEqual([false, true]);
    await confirmDelivery({ ...input, address: 'Yunusobod 7', editingId: first?.id }, deps());
    const points = useCommonStore.getState().points;
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({ id: first?.id, address: 'Yunusobod 7', isActive: true });
    expect(points[1]?.isActive).toBe(false);
  });

  it('clears the branch and its cookies when no active branch serves the point', async () => {
    useCommonStore.getState().setBranch(toSelectedBranch(amir, 'en'));
    routes['GET /v1/nearest-branch'] = () => ({ body: { branches: [near(closedInactive, 10)] } });
    await confirmDelivery({ ...input, deliveryZoneId: null }, deps());
    expect(useCommonStore.getState().branch).toBeNull();
    expect(cookies.filter((c) => c.includes('Max-Age=0')).map((c) => c.split('=')[0])).toEqual([
      'branch_id',
      'branch_slug',
      'menu_id',
    ]);
    expect(calls[0]?.query.has('delivery_zone_id')).toBe(false);
  });

  it('changes nothing and does not reload when the nearest-branch lookup fails', async () => {
    routes['GET /v1/nearest-branch'] = () => ({
      status: 503,
      body: { statusCode: 503, code: 'X', message: 'down' },
    });
    await expect(confirmDelivery(input, deps())).rejects.toMatchObject({
      status: 503,
      data: { message: 'down' },
    });
    expect(useCommonStore.getState().points).toEqual([]);
    expect(useCommonStore.getState().location).toBeNull();
    expect(reloads).toBe(0);
    expect(cookies).toEqual([]);
  });

  it('refuses an empty address text', async () => {
    await expect(confirmDelivery({ ...input, address: '  ' }, deps())).rejects.toThrow();
    expect(reloads).toBe(0);
  });
});

const serverAddress = (id: string, address: string, active: boolean): TCustomerAddress => ({
  id,
  name: '',
  address,
  city: 'tashkent',
  location: { lat: 41.31, long: 69.28 },
  house: '',
  floor: '2',
  porch: '',
  apartment: '',
  is_active: active,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
});
const A1 = '00000000-0000-4000-8000-000000000001';
const A2 = '00000000-0000-4000-8000-000000000002';
const list = (...a: TCustomerAddress[]) => ({ body: { count: a.length, addresses: a } });

describe('confirmDelivery, signed in: the server list is the truth', () => {
  beforeEach(() => {
    useAuthStore.setState({
      user: { id: 'u', name: 'A', phone: '998', date_of_birth: null, access_token: 'tok' },
    });
  });

  it('creates a new address through the API and replaces the points with its answer', async () => {
    routes['POST /v1/customer-addresses'] = () => list(serverAddress(A1, 'Amir Temur 1', true));
    await confirmDelivery(input, deps());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      address: 'Amir Temur 1',
      city: 'tashkent',
      location: { lat: 41.31, long: 69.28 },
    });
    expect(useCommonStore.getState().points).toEqual([
      expect.objectContaining({ id: A1, isActive: true, floor: '2', location: [41.31, 69.28] }),
    ]);
    expect(reloads).toBe(1);
  });

  /** 'Amir Temur 1' saved at [41.31, 69.28] (A1) and 'Chilonzor 5' (A2), the active one. */
  const saveTwoPoints = () =>
    useCommonStore.getState().setPoints([
      {
        id: A1,
        location: [41.31, 69.28],
        address: 'Amir Temur 1',
        name: '',
        city: 'tashkent',
        isActive: false,
      },
      { id: A2, location: [41.2, 69.2], address: 'Chilonzor 5', name: '', city: 'tashkent', isActive: true },
    ]);

  it('activates the saved address with the same text (no duplicate) and PUTs the edited one', async () => {
    saveTwoPoints();
    routes[`POST /v1/customer-addresses/${A1}/activate`] = () =>
      list(serverAddress(A1, 'Amir Temur 1', true), serverAddress(A2, 'Chilonzor 5', false));
    await confirmDelivery({ ...input, address: 'AMIR TEMUR 1' }, deps());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST /v1/customer-addresses/${A1}/activate`);
    expect(useCommonStore.getState().points.map((p) => p.isActive)).toEqual([true, false]);

    routes[`PUT /v1/customer-addresses/${A2}`] = () =>
      list(serverAddress(A1, 'Amir Temur 1', false), serverAddress(A2, 'New 9', true));
    await confirmDelivery({ ...input, address: 'New 9', editingId: A2 }, deps());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/v1/customer-addresses/${A2}`);
    expect(put?.body).toMatchObject({ address: 'New 9' });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/customer-addresses')).toBe(false);
  });

  it('the same address text at a pin elsewhere: PUTs the new location to that address, not only activates it', async () => {
    saveTwoPoints();
    routes[`PUT /v1/customer-addresses/${A1}`] = () =>
      list(
        { ...serverAddress(A1, 'Amir Temur 1', true), location: { lat: 41.35, long: 69.3 } },
        serverAddress(A2, 'Chilonzor 5', false),
      );
    await confirmDelivery({ ...input, location: [41.35, 69.3], address: 'amir temur 1' }, deps());
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /v1/customer-addresses/${A1}`]);
    expect(writes[0]?.body).toEqual({ location: { lat: 41.35, long: 69.3 } });
    const s = useCommonStore.getState();
    expect(s.points[0]).toMatchObject({ id: A1, isActive: true, location: [41.35, 69.3] });
    expect(s.location).toEqual({ lat: 41.35, long: 69.3 });
  });

  it('a failed save leaves the store untouched and does not reload', async () => {
    routes['POST /v1/customer-addresses'] = () => ({
      status: 422,
      body: { statusCode: 422, code: 'MAX', message: 'too many' },
    });
    await expect(confirmDelivery(input, deps())).rejects.toMatchObject({ status: 422 });
    expect(useCommonStore.getState().points).toEqual([]);
    expect(useCommonStore.getState().branch).toBeNull();
    expect(reloads).toBe(0);
  });
});

describe('confirmPickup', () => {
  it('stores the branch fields, sets branch cookies and delivery_type=self-pickup, reloads', () => {
    confirmPickup(amir, deps());
    const s = useCommonStore.getState();
    expect(s.deliveryType).toBe('self-pickup');
    expect(s.branch).toEqual({
      id: amir.id,
      slug: 'amir-temur',
      menu_id: amir.menu_id,
      name: 'amir-temur en',
      address: 'amir-temur street en',
      location: amir.location,
      delivery_time: 40,
      future_delivery_order_time: 2,
      future_self_pickup_order_time: 1,
      work_hour_start: '10:00',
      work_hour_end: '03:00',
    });
    expect(cookie('delivery_type')).toBe('self-pickup');
    expect(cookie('menu_id')).toBe(amir.menu_id);
    expect(reloads).toBe(1);
  });
});

describe('selectSavedPoint (picking from the address list)', () => {
  beforeEach(() => {
    useCommonStore.getState().setPoints([
      { id: 'p1', location: [41.31, 69.28], address: 'In zone', name: '', city: 'tashkent', isActive: false },
      { id: 'p2', location: [41.3, 68.94], address: 'Outskirts', name: '', city: 'tashkent', isActive: true },
    ]);
  });

  it('zones exist but none holds the point: out-of-zone, nothing changes', async () => {
    routes['GET /v1/check_point_delivery_zones'] = () => ({ body: { all_count: 3, result: [] } });
    await expect(selectSavedPoint('p1', deps())).resolves.toBe('out-of-zone');
    expect(useCommonStore.getState().points.map((p) => p.isActive)).toEqual([false, true]);
    expect(reloads).toBe(0);
  });

  it('in a zone: activates it, takes the zone and the nearest branch of that zone, reloads', async () => {
    routes['GET /v1/check_point_delivery_zones'] = () => ({ body: { all_count: 3, result: [zoneOf(ZONE)] } });
    await expect(selectSavedPoint('p1', deps())).resolves.toBe('selected');
    const s = useCommonStore.getState();
    expect(s.points.map((p) => p.isActive)).toEqual([true, false]);
    expect(s.location).toEqual({ lat: 41.31, long: 69.28 });
    expect(s.deliveryZoneId).toBe(ZONE);
    expect(s.branch?.id).toBe(amir.id);
    expect(calls.find((c) => c.path === '/v1/nearest-branch')?.query.get('delivery_zone_id')).toBe(ZONE);
    expect(reloads).toBe(1);
  });

  it('no zones configured at all: any point is served', async () => {
    routes['GET /v1/check_point_delivery_zones'] = () => ({ body: { all_count: 0, result: [] } });
    await expect(selectSavedPoint('p2', deps())).resolves.toBe('selected');
  });
});

describe("applyNearestBranch (the account's active address arrived, no branch chosen yet)", () => {
  const location = { lat: 41.31, long: 69.28 };

  it('checks the zones first: stores the zone and takes the nearest active branch serving it, no reload', async () => {
    routes['GET /v1/check_point_delivery_zones'] = () => ({ body: { all_count: 3, result: [zoneOf(ZONE)] } });
    await applyNearestBranch(location, deps());
    const s = useCommonStore.getState();
    expect(s.deliveryZoneId).toBe(ZONE);
    expect(s.branch?.id).toBe(amir.id);
    expect(cookie('branch_id')).toBe(amir.id);
    expect(calls.find((c) => c.path === '/v1/nearest-branch')?.query.get('delivery_zone_id')).toBe(ZONE);
    expect(reloads).toBe(0);
  });

  it('zones exist but none holds the address: no zone and no branch', async () => {
    useCommonStore.getState().setDeliveryZoneId(ZONE);
    routes['GET /v1/check_point_delivery_zones'] = () => ({ body: { all_count: 3, result: [] } });
    await applyNearestBranch(location, deps());
    expect(useCommonStore.getState()).toMatchObject({ deliveryZoneId: null, branch: null });
    expect(calls.some((c) => c.path === '/v1/nearest-branch')).toBe(false);
  });
});
