import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import { createTestDb } from '../../test/test-db.ts';
import type { DbHandle } from '../client.ts';
import {
  deliveryFares,
  deliveryZones,
  discountBranches,
  discountCategories,
  discountProducts,
  discounts,
  promoCodes,
  seedRuns,
} from '../schema/index.ts';
import { demoCatalog } from './demo-data.ts';
import { stableId } from './ids.ts';
import { PRICING_SEED_PART, SEED_VERSION, seedDatabase } from './index.ts';
import { promoCodeSeedId } from './pricing.ts';

const pricing = fixtureCatalog.pricing;
if (!pricing) throw new Error('the fixture chain has pricing');

describe('the pricing part (fares, discounts, promo codes, issue 5)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const counts = async () => ({
    fares: (await handle.db.select({ n: count() }).from(deliveryFares))[0]?.n,
    discounts: (await handle.db.select({ n: count() }).from(discounts))[0]?.n,
    codes: (await handle.db.select({ n: count() }).from(promoCodes))[0]?.n,
    links:
      ((await handle.db.select({ n: count() }).from(discountBranches))[0]?.n ?? 0) +
      ((await handle.db.select({ n: count() }).from(discountProducts))[0]?.n ?? 0) +
      ((await handle.db.select({ n: count() }).from(discountCategories))[0]?.n ?? 0),
  });
  const linkCount = pricing.discounts.reduce(
    (n, d) => n + (d.branches?.length ?? 0) + (d.products?.length ?? 0) + (d.categories?.length ?? 0),
    0,
  );
  const expected = {
    fares: pricing.fares.length,
    discounts: pricing.discounts.length,
    codes: pricing.promo_codes.length,
    links: linkCount,
  };

  it('comes with a fresh seed, its part recorded', async () => {
    await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(await counts()).toEqual(expected);
    const parts = await handle.db.select().from(seedRuns).where(eq(seedRuns.version, PRICING_SEED_PART));
    expect(parts).toHaveLength(1);
    const [fare] = await handle.db
      .select()
      .from(deliveryFares)
      .where(eq(deliveryFares.zoneId, stableId('zone', 'centre')));
    expect(fare).toMatchObject({ basePrice: 10_000, baseDistanceM: 3_000, pricePerKm: 2_000 });
    const [pizza] = await handle.db
      .select()
      .from(discounts)
      .where(eq(discounts.id, stableId('discount', 'pizza-yunusobod')));
    expect(pizza?.percent).toBe(12.5);
    const [code] = await handle.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, promoCodeSeedId('open5k')));
    expect(code).toMatchObject({ code: 'Open5k', perCustomerLimit: null, totalLimit: null });
  });

  it('joins a database seeded before it existed at the next start, once, skipping what is gone', async () => {
    await handle.db.delete(deliveryFares);
    await handle.db.delete(discounts);
    await handle.db.delete(seedRuns).where(like(seedRuns.version, 'pricing:%'));
    // The chain has closed a zone since: its fare is skipped, not a failed start.
    await handle.db.delete(deliveryZones).where(eq(deliveryZones.id, stableId('zone', 'north')));

    const upgraded = await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(upgraded).toEqual({ seeded: false, version: SEED_VERSION, added: [PRICING_SEED_PART] });
    expect(await counts()).toEqual({ ...expected, fares: expected.fares - 1 });

    // Once only: an edited fare stays edited, a deleted discount stays deleted.
    const centre = stableId('zone', 'centre');
    await handle.db.update(deliveryFares).set({ basePrice: 1 }).where(eq(deliveryFares.zoneId, centre));
    await handle.db.delete(discounts).where(eq(discounts.id, stableId('discount', 'wrap-fixed')));
    expect(await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false })).toEqual({
      seeded: false,
      version: SEED_VERSION,
    });
    const [fare] = await handle.db.select().from(deliveryFares).where(eq(deliveryFares.zoneId, centre));
    expect(fare?.basePrice).toBe(1);
    expect((await counts()).discounts).toBe(expected.discounts - 1);
  });

  it('refuses, on a fresh seed, a fare naming an unknown zone, writing nothing', async () => {
    const db = await createTestDb();
    try {
      const broken = {
        ...fixtureCatalog,
        pricing: {
          ...pricing,
          fares: [{ zone: 'atlantis', base_price: 1, base_distance_m: 1, price_per_km: 1 }],
        },
      };
      await expect(seedDatabase(db.db, { catalog: broken, content: false })).rejects.toThrow(
        /a fare names unknown zone 'atlantis'/,
      );
      expect(await db.db.select().from(seedRuns)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('gives every demo zone a fare, with all three fare cases possible', () => {
    const zones = demoCatalog.zones ?? [];
    const fares = demoCatalog.pricing?.fares ?? [];
    expect(fares.map((f) => f.zone).sort()).toEqual(zones.map((z) => z.key).sort());
    // Some zone delivers free from a threshold, some never does.
    expect(zones.some((z) => z.free_delivery_order_amount > 0)).toBe(true);
    expect(zones.some((z) => z.free_delivery_order_amount === 0)).toBe(true);
  });
});
