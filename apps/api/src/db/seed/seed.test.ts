import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchKey } from '@app/domain';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import { DEMO_SHIPPER_ID, WEBSITE_PLATFORM_ID } from '../../env.ts';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import { createTestDb } from '../../test/test-db.ts';
import { createDb, type DbHandle } from '../client.ts';
import { migrateDb } from '../migrate.ts';
import {
  deliveryZoneBranches,
  deliveryZones,
  geoPlaces,
  products,
  seedRuns,
  shippers,
} from '../schema/index.ts';
import { refreshSearchKeys } from './catalog.ts';
import { stableId } from './ids.ts';
import {
  LOCATION_SEED_PART,
  PRICING_SEED_PART,
  SEED_VERSION,
  STAFF_SEED_PART,
  seedDatabase,
  seededVersion,
} from './index.ts';

describe('stableId', () => {
  it('is deterministic, a valid RFC uuid (version 5) and different per kind and key', () => {
    const id = stableId('product', 'plov');
    expect(stableId('product', 'plov')).toBe(id);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe('5');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(stableId('category', 'plov')).not.toBe(id);
    expect(stableId('product', 'plov-2')).not.toBe(id);
  });
});

describe('seedDatabase', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const productCount = async () => (await handle.db.select({ n: count() }).from(products))[0]?.n;

  it('writes everything in one transaction: a broken reference leaves the database empty', async () => {
    const broken = {
      ...fixtureCatalog,
      branches: fixtureCatalog.branches.map((b, i) =>
        i === 0 ? { ...b, stop_list: ['no-such-product'] } : b,
      ),
    };
    await expect(seedDatabase(handle.db, { catalog: broken, content: false })).rejects.toThrow(
      /branch chilonzor stop list names unknown product 'no-such-product'/,
    );
    expect(await handle.db.select().from(seedRuns)).toEqual([]);
    expect(await handle.db.select().from(shippers)).toEqual([]);
    expect(await productCount()).toBe(0);
  });

  it('seeds an empty database once, recording the version, and never again', async () => {
    const first = await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(first).toEqual({ seeded: true, version: SEED_VERSION });
    const seededProducts = await productCount();
    expect(seededProducts).toBe(11); // 9 products and the 2 sizes of the origin product
    const edited = stableId('product', 'cola');
    await handle.db.update(products).set({ outPrice: 1 }).where(eq(products.id, edited));
    const second = await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(second).toEqual({ seeded: false, version: SEED_VERSION });
    expect(await productCount()).toBe(seededProducts);
    const [cola] = await handle.db.select().from(products).where(eq(products.id, edited));
    expect(cola?.outPrice).toBe(1);
  });
});

describe('the location part (zones and gazetteer, issue 4)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const counts = async () => ({
    zones: (await handle.db.select({ n: count() }).from(deliveryZones))[0]?.n,
    links: (await handle.db.select({ n: count() }).from(deliveryZoneBranches))[0]?.n,
    places: (await handle.db.select({ n: count() }).from(geoPlaces))[0]?.n,
  });
  const versions = async () =>
    (await handle.db.select({ version: seedRuns.version }).from(seedRuns)).map((r) => r.version).sort();
  const zoneCount = fixtureCatalog.zones?.length ?? 0;
  const linkCount = (fixtureCatalog.zones ?? []).reduce((n, z) => n + z.branches.length, 0);
  const placeCount = fixtureCatalog.places?.length ?? 0;

  it('comes with a fresh seed: zones with their branches, places with search keys, the part recorded', async () => {
    expect(zoneCount).toBeGreaterThan(0);
    await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(await counts()).toEqual({ zones: zoneCount, links: linkCount, places: placeCount });
    expect(await versions()).toEqual(
      [SEED_VERSION, LOCATION_SEED_PART, PRICING_SEED_PART, STAFF_SEED_PART].sort(),
    );
    // The part's row is not a version.
    expect(await seededVersion(handle.db)).toBe(SEED_VERSION);
    const [centre] = await handle.db
      .select()
      .from(deliveryZones)
      .where(eq(deliveryZones.id, stableId('zone', 'centre')));
    expect(centre?.points[0]).toEqual({ lat: 41.28, lon: 69.25 });
    expect(centre?.holes).toHaveLength(1);
    const place = fixtureCatalog.places?.[0];
    if (place) {
      const [row] = await handle.db
        .select()
        .from(geoPlaces)
        .where(eq(geoPlaces.id, stableId('place', place.key)));
      expect(row?.searchKey).toContain(searchKey(place.name.uz));
      expect(row?.searchKey).toContain(searchKey(place.name.ru));
      expect(row?.searchSkeleton.length).toBeGreaterThan(0);
    }
  });

  it('joins a database seeded before it existed at the next start, once, without touching the rest', async () => {
    // A database as issue 3 left it: the version row only, no zones or places.
    await handle.db.delete(deliveryZones);
    await handle.db.delete(geoPlaces);
    await handle.db.delete(seedRuns).where(like(seedRuns.version, '%:%'));
    await handle.db.update(shippers).set({ name: 'Kept' }).where(eq(shippers.id, DEMO_SHIPPER_ID));
    expect(await counts()).toEqual({ zones: 0, links: 0, places: 0 });

    const upgraded = await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(upgraded).toEqual({
      seeded: false,
      version: SEED_VERSION,
      added: [LOCATION_SEED_PART, PRICING_SEED_PART, STAFF_SEED_PART],
    });
    expect(await counts()).toEqual({ zones: zoneCount, links: linkCount, places: placeCount });
    expect(await versions()).toEqual(
      [SEED_VERSION, LOCATION_SEED_PART, PRICING_SEED_PART, STAFF_SEED_PART].sort(),
    );
    const [shipper] = await handle.db.select().from(shippers).where(eq(shippers.id, DEMO_SHIPPER_ID));
    expect(shipper?.name).toBe('Kept');

    // Once only: an edited zone stays edited, a deleted one stays deleted.
    const id = stableId('zone', 'west');
    await handle.db.update(deliveryZones).set({ minOrderAmount: 1 }).where(eq(deliveryZones.id, id));
    await handle.db.delete(deliveryZones).where(eq(deliveryZones.id, stableId('zone', 'north')));
    expect(await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false })).toEqual({
      seeded: false,
      version: SEED_VERSION,
    });
    const [west] = await handle.db.select().from(deliveryZones).where(eq(deliveryZones.id, id));
    expect(west?.minOrderAmount).toBe(1);
    expect((await counts()).zones).toBe(zoneCount - 1);
  });

  it('refuses a zone naming an unknown branch, writing nothing', async () => {
    const db = await createTestDb();
    try {
      const broken = {
        ...fixtureCatalog,
        zones: [
          {
            ...(fixtureCatalog.zones?.[0] as NonNullable<typeof fixtureCatalog.zones>[number]),
            branches: ['atlantis'],
          },
        ],
      };
      await expect(seedDatabase(db.db, { catalog: broken, content: false })).rejects.toThrow(
        /zone centre names unknown branch 'atlantis'/,
      );
      expect(await db.db.select().from(seedRuns)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('refreshSearchKeys', () => {
  it('rewrites stale search keys and leaves current ones alone', async () => {
    const handle = await createTestDb();
    try {
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
      expect(await refreshSearchKeys(handle.db)).toBe(0);
      const id = stableId('product', 'beef-wrap');
      await handle.db.update(products).set({ searchKey: 'stale' }).where(eq(products.id, id));
      expect(await refreshSearchKeys(handle.db)).toBe(1);
      const [row] = await handle.db.select().from(products).where(eq(products.id, id));
      expect(row?.searchKey).toContain('lavash');
    } finally {
      await handle.close();
    }
  });
});

describe('a second start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'api-restart-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the data of the first (embedded database on disk, demo data seeded once)', async () => {
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      SEED: 'auto' as const,
      LOG_LEVEL: 'silent' as const,
    };
    const first = await buildApp({ env, logger: false });
    const headers = { shipper: DEMO_SHIPPER_ID, platform: WEBSITE_PLATFORM_ID };
    const shipper = await first.inject({ method: 'GET', url: `/v1/shippers/${DEMO_SHIPPER_ID}`, headers });
    expect(shipper.statusCode).toBe(200);
    await first.db
      .update(shippers)
      .set({ name: 'Renamed between starts' })
      .where(eq(shippers.id, DEMO_SHIPPER_ID));
    await first.close();

    const second = await buildApp({ env, logger: false });
    try {
      const again = await second.inject({
        method: 'GET',
        url: `/v1/shippers/${DEMO_SHIPPER_ID}`,
        headers,
      });
      expect(again.json().name).toBe('Renamed between starts');
      const runs = await second.db.select({ version: seedRuns.version }).from(seedRuns);
      expect(runs.map((r) => r.version).sort()).toEqual(
        [SEED_VERSION, LOCATION_SEED_PART, PRICING_SEED_PART, STAFF_SEED_PART].sort(),
      );
    } finally {
      await second.close();
    }
  });

  it('migrates an existing database without error (migrations are tracked)', async () => {
    const handle = await createDb({ dataDir });
    try {
      await migrateDb(handle);
      await migrateDb(handle);
    } finally {
      await handle.close();
    }
  });
});
