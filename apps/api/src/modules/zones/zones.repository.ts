import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { branches, deliveryZoneBranches, deliveryZones } from '../../db/schema/index.ts';

export type ZoneFilter = { shipperId: string; city?: string; id?: string };

/** A zone row with the ids of the branches serving it (in the chain's branch order). */
export type ZoneWithBranches = typeof deliveryZones.$inferSelect & { branchIds: string[] };

/**
 * As listed: also whether one of its branches is active, i.e. whether /v1/branches/by-location can
 * answer a branch for a point of the zone (a paused branch counts: a pause is temporary and the
 * customer may schedule; an inactive one does not).
 */
export type ListedZone = ZoneWithBranches & { hasActiveBranch: boolean };

/** The shipper's active zones (optionally of one city or one id), in their order, with their branches. */
export async function listActiveZones(db: DbOrTx, filter: ZoneFilter): Promise<ListedZone[]> {
  const conditions: SQL[] = [eq(deliveryZones.shipperId, filter.shipperId), eq(deliveryZones.isActive, true)];
  if (filter.city) conditions.push(eq(deliveryZones.city, filter.city));
  if (filter.id) conditions.push(eq(deliveryZones.id, filter.id));
  const zones = await db
    .select()
    .from(deliveryZones)
    .where(and(...conditions))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.name), asc(deliveryZones.id));
  if (!zones.length) return [];
  const links = await db
    .select({
      zoneId: deliveryZoneBranches.zoneId,
      branchId: deliveryZoneBranches.branchId,
      branchShipperId: branches.shipperId,
      branchIsActive: branches.isActive,
    })
    .from(deliveryZoneBranches)
    .innerJoin(branches, eq(branches.id, deliveryZoneBranches.branchId))
    .where(
      inArray(
        deliveryZoneBranches.zoneId,
        zones.map((z) => z.id),
      ),
    )
    .orderBy(asc(branches.position), asc(branches.slug));
  const byZone = new Map<string, string[]>();
  // As by-location reads them (listBranchRows): the shipper's own branches, then is_active.
  const withActiveBranch = new Set<string>();
  for (const link of links) {
    byZone.set(link.zoneId, [...(byZone.get(link.zoneId) ?? []), link.branchId]);
    if (link.branchIsActive && link.branchShipperId === filter.shipperId) withActiveBranch.add(link.zoneId);
  }
  return zones.map((zone) => ({
    ...zone,
    branchIds: byZone.get(zone.id) ?? [],
    hasActiveBranch: withActiveBranch.has(zone.id),
  }));
}

/** The shipper's branches (all, or those with the given ids), in the chain's order. */
export async function listBranchRows(db: DbOrTx, shipperId: string, ids?: string[]) {
  if (ids && !ids.length) return [];
  const conditions: SQL[] = [eq(branches.shipperId, shipperId)];
  if (ids) conditions.push(inArray(branches.id, ids));
  return db
    .select()
    .from(branches)
    .where(and(...conditions))
    .orderBy(asc(branches.position), asc(branches.slug));
}
