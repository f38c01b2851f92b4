import {
  ZApiError,
  ZBranchByLocationResponse,
  ZCheckPointResponse,
  ZDeliveryZonesResponse,
  ZNearestBranchResponse,
} from '@app/contracts';
import { distanceMeters } from '@app/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { branches as branchesTable, deliveryZones } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';

/**
 * Against the fixture zones (src/test/fixture-catalog.ts): 'centre' 41.28..41.34 x 69.25..69.31 with
 * a hole 41.30..41.305 x 69.29..69.30 (yunusobod, oybek), 'west' 41.27..41.33 x 69.15..69.25
 * (chilonzor), 'north' 41.34..41.40 x 69.25..69.32 (yunusobod), 'closed-only' 41.20..41.25 x
 * 69.25..69.31 (oybek, inactive), 'inactive' (switched off) and 'samarkand' (registan).
 * Branches: chilonzor 41.3,69.2 (24 h), yunusobod 41.36,69.29 (10:00-03:00), oybek 41.31,69.28
 * (inactive), registan 39.654,66.975 (10:00-22:00).
 */
// 14:00 in Tashkent: every active branch is open.
const AFTERNOON = new Date('2026-03-01T09:00:00.000Z');
// 05:00 in Tashkent: only the around-the-clock chilonzor is open.
const EARLY_MORNING = new Date('2026-03-01T00:00:00.000Z');

const clock = createTestClock(AFTERNOON);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => clock.set(AFTERNOON));

const zone = (key: string) => stableId('zone', key);
const branch = (slug: string) => stableId('branch', slug);

async function ok(url: string, headers?: Record<string, string>) {
  const res = await t.get(url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function checkPoint(lat: number, lon: number) {
  return ZCheckPointResponse.parse(await ok(`/v1/check_point_delivery_zones?lat=${lat}&lon=${lon}`));
}
const zoneIds = async (lat: number, lon: number) => (await checkPoint(lat, lon)).result.map((z) => z.id);

/** Each bad coordinate answers 400 JSON naming the field, with a message; never 500. */
async function expectBadCoordinates(path: string, latName: string, longName: string, extra = '') {
  const cases: [string, string][] = [
    [`${longName}=69.28`, latName], // missing
    [`${latName}=abc&${longName}=69.28`, latName],
    [`${latName}=&${longName}=69.28`, latName],
    [`${latName}=91&${longName}=69.28`, latName],
    [`${latName}=-90.5&${longName}=69.28`, latName],
    [`${latName}=41.3&${longName}=-181`, longName],
    [`${latName}=41.3&${longName}=180.01`, longName],
    [`${latName}=41.3&${longName}=1e3`, longName],
    [`${latName}=41.3&${longName}=NaN`, longName],
    [`${latName}=41.3`, longName], // missing
  ];
  for (const [query, field] of cases) {
    const res = await t.get(`${path}?${query}${extra}`, { 'accept-language': 'en' });
    expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
    const body = res.json();
    expect(typeof body.message, query).toBe('string');
    expect(body.message.length, query).toBeGreaterThan(0);
    expect(
      body.fields?.map((f: { field: string }) => f.field),
      query,
    ).toContain(field);
  }
}

describe('GET /v1/check_point_delivery_zones', () => {
  it('answers the zone containing a point, with its polygon, branches and amounts', async () => {
    const body = await checkPoint(41.31, 69.27);
    expect(body.all_count).toBe(5); // the switched-off zone does not count
    expect(body.result).toEqual([
      {
        id: zone('centre'),
        name: 'Zone centre',
        city: 'tashkent',
        points: [
          { lat: 41.28, lon: 69.25 },
          { lat: 41.28, lon: 69.31 },
          { lat: 41.34, lon: 69.31 },
          { lat: 41.34, lon: 69.25 },
        ],
        holes: [
          [
            { lat: 41.3, lon: 69.29 },
            { lat: 41.3, lon: 69.3 },
            { lat: 41.305, lon: 69.3 },
            { lat: 41.305, lon: 69.29 },
          ],
        ],
        // In the chain's branch order.
        branch_ids: [branch('yunusobod'), branch('oybek')],
        min_order_amount: 50_000,
        free_delivery_order_amount: 200_000,
      },
    ]);
    expect(await zoneIds(39.65, 66.97)).toEqual([zone('samarkand')]);
  });

  it('tells "outside every zone" by an empty result with all_count > 0', async () => {
    const body = await checkPoint(41.311153, 68.94);
    expect(body).toEqual({ all_count: 5, result: [] });
    // The switched-off zone serves nothing.
    expect(await zoneIds(41.42, 69.28)).toEqual([]);
  });

  it('counts edges as inside, excludes the inside of a hole, and answers every zone sharing an edge', async () => {
    expect(await zoneIds(41.28, 69.28)).toEqual([zone('centre')]); // outer edge
    expect(await zoneIds(41.28, 69.31)).toEqual([zone('centre')]); // vertex
    expect(await zoneIds(41.302, 69.295)).toEqual([]); // in the hole
    expect(await zoneIds(41.3, 69.295)).toEqual([zone('centre')]); // on the hole's edge
    expect(await zoneIds(41.3, 69.25)).toEqual([zone('centre'), zone('west')]); // shared edge, zone order
    expect(await zoneIds(41.34, 69.28)).toEqual([zone('centre'), zone('north')]);
  });

  it('answers 400 for bad coordinates', async () => {
    await expectBadCoordinates('/v1/check_point_delivery_zones', 'lat', 'lon');
  });

  it('needs the client headers', async () => {
    const res = await t.get('/v1/check_point_delivery_zones?lat=41.3&lon=69.2', { shipper: undefined });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json())).toMatchObject({
      code: 'MISSING_HEADER',
      fields: [{ field: 'Shipper' }],
    });
  });
});

describe('GET /v1/check_point_delivery_zones and the branches serving a zone', () => {
  const setActive = (slugs: string[], isActive: boolean) =>
    t.db.db.update(branchesTable).set({ isActive }).where(inArray(branchesTable.slug, slugs));
  const byLocationStatus = async (lat: number, long: number) =>
    (await t.get(`/v1/branches/by-location?lat=${lat}&long=${long}`)).statusCode;

  it('leaves out a zone whose every branch is inactive, as by-location does (paused ones still serve)', async () => {
    // 'closed-only' is served by the inactive oybek alone: no branch would take the order.
    expect(await checkPoint(41.22, 69.28)).toEqual({ all_count: 5, result: [] });
    expect(await byLocationStatus(41.22, 69.28)).toBe(404);
    try {
      // Switched on: the answer follows at once (nothing stale is kept).
      await setActive(['oybek'], true);
      expect(await zoneIds(41.22, 69.28)).toEqual([zone('closed-only')]);
      expect(await byLocationStatus(41.22, 69.28)).toBe(200);
      // Paused for an hour: a pause passes and the customer may schedule, so it still serves.
      await t.db.db
        .update(branchesTable)
        .set({ pausedUntil: new Date(AFTERNOON.getTime() + 3_600_000) })
        .where(eq(branchesTable.slug, 'oybek'));
      expect(await zoneIds(41.22, 69.28)).toEqual([zone('closed-only')]);
      expect(await byLocationStatus(41.22, 69.28)).toBe(200);
      // Switched off again.
      await setActive(['oybek'], false);
      expect(await zoneIds(41.22, 69.28)).toEqual([]);
    } finally {
      await t.db.db
        .update(branchesTable)
        .set({ isActive: false, pausedUntil: null })
        .where(eq(branchesTable.slug, 'oybek'));
    }
  });

  it('keeps a zone with one active branch among inactive ones, and drops it when that one goes', async () => {
    // 'centre': yunusobod (active) and oybek (inactive); a shared edge with 'west' (chilonzor).
    expect(await zoneIds(41.3, 69.25)).toEqual([zone('centre'), zone('west')]);
    try {
      await setActive(['yunusobod'], false);
      expect(await zoneIds(41.3, 69.25)).toEqual([zone('west')]);
      expect(await zoneIds(41.31, 69.27)).toEqual([]);
      expect(await byLocationStatus(41.31, 69.27)).toBe(404);
    } finally {
      await setActive(['yunusobod'], true);
    }
    expect(await zoneIds(41.31, 69.27)).toEqual([zone('centre')]);
  });

  it('with every branch inactive, answers "outside" (all_count > 0), never "no zones at all"', async () => {
    const all = ['chilonzor', 'yunusobod', 'registan'];
    try {
      await setActive(all, false);
      for (const [lat, lon] of [
        [41.31, 69.27],
        [41.3, 69.2],
        [39.65, 66.97],
      ] as const) {
        expect(await checkPoint(lat, lon), `${lat},${lon}`).toEqual({ all_count: 5, result: [] });
        expect(await byLocationStatus(lat, lon)).toBe(404);
      }
    } finally {
      await setActive(all, true);
    }
  });
});

describe('GET /v1/delivery-zones', () => {
  it('lists the active zones in order, optionally of one city', async () => {
    const all = ZDeliveryZonesResponse.parse(await ok('/v1/delivery-zones'));
    expect(all.count).toBe(5);
    expect(all.zones.map((z) => z.id)).toEqual(
      ['centre', 'west', 'north', 'closed-only', 'samarkand'].map(zone),
    );
    const samarkand = ZDeliveryZonesResponse.parse(await ok('/v1/delivery-zones?city=samarkand'));
    expect(samarkand.zones.map((z) => z.branch_ids)).toEqual([[branch('registan')]]);
    expect(await ok('/v1/delivery-zones?city=bukhara')).toEqual({ count: 0, zones: [] });
  });

  it('answers 400 for a malformed city', async () => {
    for (const city of ['Tashkent', '', 'a b', '../x']) {
      const res = await t.get(`/v1/delivery-zones?city=${encodeURIComponent(city)}`);
      expect(res.statusCode, city).toBe(400);
      expect(
        ZApiError.parse(res.json()).fields?.map((f) => f.field),
        city,
      ).toEqual(['city']);
    }
  });
});

describe('GET /v1/nearest-branch', () => {
  const nearest = async (query: string) =>
    ZNearestBranchResponse.parse(await ok(`/v1/nearest-branch?${query}`)).branches;

  it('orders every branch by distance, with whole metres, is_active and is_open', async () => {
    const point = { lat: 41.311, long: 69.281 };
    const branches = await nearest(`lat=${point.lat}&long=${point.long}`);
    expect(branches.map((b) => b.slug)).toEqual(['oybek', 'yunusobod', 'chilonzor', 'registan']);
    for (const b of branches) {
      expect(b.distance, b.slug).toBe(Math.round(distanceMeters(point, b.location)));
    }
    expect(branches[0]?.distance).toBeLessThan(200);
    expect(branches.map((b) => [b.slug, b.is_active, b.is_open])).toEqual([
      ['oybek', false, false],
      ['yunusobod', true, true],
      ['chilonzor', true, true],
      ['registan', true, true],
    ]);
    // The whole branch, as /v1/branches answers it.
    const [yunusobod] = (await ok('/v1/branches?city=tashkent&is_active=true')).branches.filter(
      (b: { slug: string }) => b.slug === 'yunusobod',
    );
    expect(branches[1]).toEqual({ ...yunusobod, distance: branches[1]?.distance, is_open: true });
  });

  it('reads is_open from the clock in Tashkent time', async () => {
    clock.set(EARLY_MORNING);
    const branches = await nearest('lat=41.311&long=69.281');
    expect(Object.fromEntries(branches.map((b) => [b.slug, b.is_open]))).toEqual({
      oybek: false,
      yunusobod: false, // 10:00-03:00: closed at 05:00
      chilonzor: true, // around the clock
      registan: false,
    });
    clock.set(new Date('2026-03-01T21:30:00.000Z')); // 02:30: yunusobod still open past midnight
    expect((await nearest('lat=41.311&long=69.281')).find((b) => b.slug === 'yunusobod')?.is_open).toBe(true);
  });

  it('keeps to the branches of a zone when one is given', async () => {
    const centre = await nearest(`lat=41.311&long=69.281&delivery_zone_id=${zone('centre')}`);
    expect(centre.map((b) => b.slug)).toEqual(['oybek', 'yunusobod']);
    const closed = await nearest(`lat=41.22&long=69.28&delivery_zone_id=${zone('closed-only')}`);
    expect(closed.map((b) => [b.slug, b.is_active])).toEqual([['oybek', false]]);
  });

  it('answers 404 for an unknown or switched-off zone, in the customer language', async () => {
    for (const id of [stableId('zone', 'atlantis'), zone('inactive')]) {
      const res = await t.get(`/v1/nearest-branch?lat=41.3&long=69.2&delivery_zone_id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ZONE_NOT_FOUND', message: 'Зона доставки не найдена' });
    }
    const en = await t.get(`/v1/nearest-branch?lat=41.3&long=69.2&delivery_zone_id=${zone('inactive')}`, {
      'accept-language': 'en',
    });
    expect(en.json().message).toBe('Delivery zone not found');
  });

  it('answers 400 for bad coordinates and a malformed zone id', async () => {
    await expectBadCoordinates('/v1/nearest-branch', 'lat', 'long');
    await expectBadCoordinates('/v1/nearest-branch', 'lat', 'long', `&delivery_zone_id=${zone('centre')}`);
    const res = await t.get('/v1/nearest-branch?lat=41.3&long=69.2&delivery_zone_id=centre');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['delivery_zone_id']);
  });
});

describe('GET /v1/branches/by-location', () => {
  const byLocation = async (lat: number, long: number) =>
    ZBranchByLocationResponse.parse(await ok(`/v1/branches/by-location?lat=${lat}&long=${long}`));

  it('answers the nearest active branch of the zone containing the point, with that zone', async () => {
    // oybek is nearer but inactive.
    const centre = await byLocation(41.311, 69.281);
    expect(centre.branch).toMatchObject({ slug: 'yunusobod', is_active: true, is_open: true });
    expect(centre.branch.distance).toBe(
      Math.round(distanceMeters({ lat: 41.311, long: 69.281 }, { lat: 41.36, long: 69.29 })),
    );
    expect(centre.delivery_zone).toMatchObject({ id: zone('centre'), min_order_amount: 50_000 });
    const west = await byLocation(41.3, 69.2);
    expect([west.branch.slug, west.branch.distance, west.delivery_zone.id]).toEqual([
      'chilonzor',
      0,
      zone('west'),
    ]);
    const samarkand = await byLocation(39.65, 66.97);
    expect([samarkand.branch.slug, samarkand.delivery_zone.id]).toEqual(['registan', zone('samarkand')]);
  });

  it('chooses among the branches of every zone containing the point (a shared edge)', async () => {
    // Both 'centre' and 'west': chilonzor (4.2 km) beats yunusobod (7.3 km); oybek (2.7 km) is inactive.
    const edge = await byLocation(41.3, 69.25);
    expect([edge.branch.slug, edge.delivery_zone.id]).toEqual(['chilonzor', zone('west')]);
  });

  it('still answers a closed (but active) branch: opening hours are the storefront notice, not a 404', async () => {
    clock.set(EARLY_MORNING);
    const centre = await byLocation(41.311, 69.281);
    expect(centre.branch).toMatchObject({ slug: 'yunusobod', is_open: false });
  });

  it("answers 404 'Restaurant not found' outside every zone, in a hole, or with no active branch", async () => {
    for (const [lat, long] of [
      [41.311153, 68.94],
      [41.302, 69.295],
      [41.22, 69.28], // 'closed-only': served by the inactive oybek alone
      [41.42, 69.28], // the switched-off zone
    ]) {
      const res = await t.get(`/v1/branches/by-location?lat=${lat}&long=${long}`);
      expect(res.statusCode, `${lat},${long}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'BRANCH_NOT_FOUND', message: 'Ресторан не найден' });
    }
    for (const [language, message] of [
      ['uz', 'Restoran topilmadi'],
      ['en', 'Restaurant not found'],
    ] as const) {
      const res = await t.get('/v1/branches/by-location?lat=41.22&long=69.28', {
        'accept-language': language,
      });
      expect(res.json().message).toBe(message);
    }
  });

  it('wins over /v1/branches/:id, which keeps working', async () => {
    // Were ':id' to catch it, 'by-location' would be an unknown slug: 404, not 400 naming lat.
    const res = await t.get('/v1/branches/by-location');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toContain('lat');
    expect((await ok('/v1/branches/chilonzor')).slug).toBe('chilonzor');
    expect((await ok('/v1/branches/by-location?lat=41.3&long=69.2')).branch.slug).toBe('chilonzor');
  });

  it('answers 400 for bad coordinates', async () => {
    await expectBadCoordinates('/v1/branches/by-location', 'lat', 'long');
  });

  it('is in the API reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/v1/check_point_delivery_zones',
      '/v1/delivery-zones',
      '/v1/nearest-branch',
      '/v1/branches/by-location',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('a chain without zones', () => {
  it('answers all_count 0 (no zones at all is not "out of the service area") and 404 by location', async () => {
    await t.db.db.delete(deliveryZones).where(eq(deliveryZones.city, 'tashkent'));
    await t.db.db.delete(deliveryZones).where(eq(deliveryZones.city, 'samarkand'));
    expect(await checkPoint(41.31, 69.27)).toEqual({ all_count: 0, result: [] });
    expect(await ok('/v1/delivery-zones')).toEqual({ count: 0, zones: [] });
    expect((await t.get('/v1/branches/by-location?lat=41.31&long=69.27')).statusCode).toBe(404);
    // nearest-branch without a zone still orders every branch.
    expect((await ok('/v1/nearest-branch?lat=41.31&long=69.27')).branches).toHaveLength(4);
  });
});
