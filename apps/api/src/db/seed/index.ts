import { eq, notLike, sql } from 'drizzle-orm';
import { DEFAULT_STAFF_DEMO_PASSWORD, DEMO_SHIPPER_ID } from '../../env.ts';
import type { Db, Tx } from '../client.ts';
import { seedRuns } from '../schema/index.ts';
import { loadCatalog, type SeedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { loadLocation, shipperExists } from './location.ts';
import { loadPricing } from './pricing.ts';
import { loadStaff } from './staff.ts';

/**
 * Written to `seed_runs` with the data. Bump it when the demo data changes shape; an existing
 * database keeps its data (it may hold customers' orders by then): `npm run db:reset` reloads it.
 */
export const SEED_VERSION = '2026-11-22.1';

export type SeedOptions = {
  /** Defaults to the demo chain of ./data (loaded lazily, so tests with their own data never import it). */
  catalog?: SeedCatalog;
  shipperId?: string;
  /** Seeds the marketing content too (./content.ts); tests of the catalogue alone may skip it. */
  content?: boolean;
  now?: Date;
  /** Password of the staff accounts it creates (STAFF_DEMO_PASSWORD); default DEFAULT_STAFF_DEMO_PASSWORD. */
  staffPassword?: string;
  /**
   * Whether to create the demo staff accounts (default true). False in production: their password
   * is public. The staff part is still recorded as done, so a later start never adds them either.
   */
  staff?: boolean;
};

/**
 * Parts of the demo data added after SEED_VERSION's databases were made: each is written (once) to a
 * database seeded before it existed, at its next start, without a reset. Recorded as a `seed_runs`
 * row of its own ('part:n'; the colon tells a part from a version). Bump n only together with a
 * loader that is safe to run over the previous part's rows.
 */
export const LOCATION_SEED_PART = 'location:1';
/** Delivery fares, discounts and promo codes (issue 5); added after LOCATION_SEED_PART (fares name zones). */
export const PRICING_SEED_PART = 'pricing:1';
/**
 * The demo staff accounts, one per role (issue 5); added after PRICING_SEED_PART (a vendor names a
 * branch). 2: the manager (issue 13), added to a database that has part 1's accounts (loadStaff leaves
 * an existing account as it is).
 */
export const STAFF_SEED_PART = 'staff:2';

export type SeedResult = {
  seeded: boolean;
  version: string | null;
  /** Parts added to a database seeded before they existed (see LOCATION_SEED_PART). */
  added?: string[];
};

export async function loadDemoCatalog(): Promise<SeedCatalog> {
  return (await import('./demo-data.ts')).demoCatalog;
}

/** The seed version a database was filled with, or null when it never was (part rows do not count). */
export async function seededVersion(db: Db | Tx): Promise<string | null> {
  const rows = await db
    .select({ version: seedRuns.version })
    .from(seedRuns)
    .where(notLike(seedRuns.version, '%:%'))
    .limit(1);
  return rows[0]?.version ?? null;
}

async function hasPart(db: Db | Tx, part: string): Promise<boolean> {
  const rows = await db.select().from(seedRuns).where(eq(seedRuns.version, part)).limit(1);
  return rows.length > 0;
}

/**
 * Adds the delivery zones and the gazetteer to a database seeded before they existed (idempotent: the
 * part's row is written with the data, in one transaction, and a second caller finds it and skips).
 */
async function addLocationPart(db: Db, options: SeedOptions): Promise<boolean> {
  if (await hasPart(db, LOCATION_SEED_PART)) return false;
  const catalog = options.catalog ?? (await loadDemoCatalog());
  const shipperId = options.shipperId ?? DEMO_SHIPPER_ID;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${seedRuns} in exclusive mode`);
    if (await hasPart(tx, LOCATION_SEED_PART)) return false;
    await tx.insert(seedRuns).values({ version: LOCATION_SEED_PART });
    // A chain that is not there (another shipper's database) gets the row only: nothing to attach to.
    if (await shipperExists(tx, shipperId)) {
      await loadLocation(tx, { zones: catalog.zones, places: catalog.places }, shipperId);
    }
    return true;
  });
}

/**
 * Adds the fares, discounts and promo codes to a database seeded before they existed (idempotent like
 * addLocationPart). Leniently: what the chain has deleted since (a zone, a product) is skipped.
 */
async function addPricingPart(db: Db, options: SeedOptions): Promise<boolean> {
  if (await hasPart(db, PRICING_SEED_PART)) return false;
  const catalog = options.catalog ?? (await loadDemoCatalog());
  const shipperId = options.shipperId ?? DEMO_SHIPPER_ID;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${seedRuns} in exclusive mode`);
    if (await hasPart(tx, PRICING_SEED_PART)) return false;
    await tx.insert(seedRuns).values({ version: PRICING_SEED_PART });
    if (catalog.pricing && (await shipperExists(tx, shipperId))) {
      await loadPricing(tx, catalog.pricing, shipperId, { strict: false });
    }
    return true;
  });
}

/**
 * Adds the demo staff accounts to a database seeded before they existed (idempotent like
 * addLocationPart; a vendor whose branch is gone is skipped).
 */
async function addStaffPart(db: Db, options: SeedOptions): Promise<boolean> {
  if (await hasPart(db, STAFF_SEED_PART)) return false;
  const catalog = options.catalog ?? (await loadDemoCatalog());
  const shipperId = options.shipperId ?? DEMO_SHIPPER_ID;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${seedRuns} in exclusive mode`);
    if (await hasPart(tx, STAFF_SEED_PART)) return false;
    await tx.insert(seedRuns).values({ version: STAFF_SEED_PART });
    if (options.staff !== false && catalog.staff && (await shipperExists(tx, shipperId))) {
      await loadStaff(tx, catalog.staff, shipperId, {
        password: options.staffPassword ?? DEFAULT_STAFF_DEMO_PASSWORD,
        strict: false,
      });
    }
    return true;
  });
}

/**
 * Loads the demo chain when the database has never been seeded. Everything happens in one
 * transaction, the `seed_runs` row first: a failure leaves the database empty (and the next
 * start tries again), and of two processes starting at once only one seeds (the other blocks
 * on the row, then sees the conflict and skips).
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const existing = await seededVersion(db);
  if (existing) {
    const added = (await addLocationPart(db, options)) ? [LOCATION_SEED_PART] : [];
    if (await addPricingPart(db, options)) added.push(PRICING_SEED_PART);
    if (await addStaffPart(db, options)) added.push(STAFF_SEED_PART);
    return added.length ? { seeded: false, version: existing, added } : { seeded: false, version: existing };
  }
  const catalog = options.catalog ?? (await loadDemoCatalog());
  const shipperId = options.shipperId ?? DEMO_SHIPPER_ID;
  return db.transaction(async (tx) => {
    // Nothing may be seeded twice: a row of any version means another process got here first.
    await tx.execute(sql`lock table ${seedRuns} in exclusive mode`);
    const raced = await seededVersion(tx);
    if (raced) return { seeded: false, version: raced };
    await tx
      .insert(seedRuns)
      .values([
        { version: SEED_VERSION },
        { version: LOCATION_SEED_PART },
        { version: PRICING_SEED_PART },
        { version: STAFF_SEED_PART },
      ]);
    await loadCatalog(tx, catalog, shipperId, options.now);
    if (options.staff !== false && catalog.staff) {
      await loadStaff(tx, catalog.staff, shipperId, {
        password: options.staffPassword ?? DEFAULT_STAFF_DEMO_PASSWORD,
        strict: true,
      });
    }
    if (options.content !== false) await seedContent(tx, { shipperId });
    return { seeded: true, version: SEED_VERSION };
  });
}
