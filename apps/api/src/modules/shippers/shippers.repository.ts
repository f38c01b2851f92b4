import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cities, shippers } from '../../db/schema/index.ts';

export async function shipperExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: shippers.id }).from(shippers).where(eq(shippers.id, id)).limit(1);
  return rows.length > 0;
}

export async function findShipper(db: DbOrTx, id: string) {
  const rows = await db.select().from(shippers).where(eq(shippers.id, id)).limit(1);
  return rows[0];
}

export async function listCities(db: DbOrTx, shipperId: string) {
  return db
    .select()
    .from(cities)
    .where(eq(cities.shipperId, shipperId))
    .orderBy(asc(cities.position), asc(cities.slug));
}
