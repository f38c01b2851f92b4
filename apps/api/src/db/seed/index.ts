import { sql } from 'drizzle-orm';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import type { Db, Tx } from '../client.ts';
import { seedRuns } from '../schema/index.ts';
import { loadCatalog, type SeedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';

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
};

export type SeedResult = { seeded: boolean; version: string | null };

export async function loadDemoCatalog(): Promise<SeedCatalog> {
  return (await import('./demo-data.ts')).demoCatalog;
}

/** The seed version a database was filled with, or null when it never was. */
export async function seededVersion(db: Db | Tx): Promise<string | null> {
  const rows = await db.select({ version: seedRuns.version }).from(seedRuns).limit(1);
  return rows[0]?.version ?? null;
}

/**
 * Loads the demo chain when the database has never been seeded. Everything happens in one
 * transaction, the `seed_runs` row first: a failure leaves the database empty (and the next
 * start tries again), and of two processes starting at once only one seeds (the other blocks
 * on the row, then sees the conflict and skips).
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const existing = await seededVersion(db);
  if (existing) return { seeded: false, version: existing };
  const catalog = options.catalog ?? (await loadDemoCatalog());
  const shipperId = options.shipperId ?? DEMO_SHIPPER_ID;
  return db.transaction(async (tx) => {
    // Nothing may be seeded twice: a row of any version means another process got here first.
    await tx.execute(sql`lock table ${seedRuns} in exclusive mode`);
    const raced = await seededVersion(tx);
    if (raced) return { seeded: false, version: raced };
    await tx.insert(seedRuns).values({ version: SEED_VERSION });
    await loadCatalog(tx, catalog, shipperId, options.now);
    if (options.content !== false) await seedContent(tx, { shipperId });
    return { seeded: true, version: SEED_VERSION };
  });
}
