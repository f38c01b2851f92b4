import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { branches, deliveryFares, deliveryZones, shippers } from '../../db/schema/index.ts';
import type { DiscountRule } from '../pricing/discount-rules.ts';
import { automaticDiscountsFromJson, automaticDiscountsJson } from '../pricing/pricing.repository.ts';
import type { ZoneWithBranches } from '../zones/zones.repository.ts';

export type OrderPlaceRows = {
  /** What placing and quoting check of the chain (its whole row carries texts, logos and links). */
  shipper: Pick<typeof shippers.$inferSelect, 'id' | 'paymentTypes' | 'minimalOrderPrice'>;
  /** Undefined: no branch of this shipper has that id. */
  branch: typeof branches.$inferSelect | undefined;
  /** Undefined: no zone asked for, or no active zone of this shipper has that id. */
  zone: ZoneWithBranches | undefined;
  /** The zone's fare; undefined: none (or no zone asked for). */
  fare: typeof deliveryFares.$inferSelect | undefined;
  /** The chain's active automatic discounts (listAutomaticDiscounts), for computeDiscounts. */
  automaticDiscounts: DiscountRule[];
};

/**
 * The shipper, the chain's automatic discounts, the branch, and for a delivery the zone (with the
 * branches serving it, in the chain's branch order, as zones.repository's listActiveZones gives it)
 * and its fare: what placing and quoting check first, read in ONE statement instead of six (issue 11,
 * docs/perf/orders.md). Undefined when the shipper does not exist. The callers run the same checks on
 * the rows as before.
 */
const selectPlaceRows = preparedQuery<{ shipperId: string; branchId: string; zoneId: string | null }>()(
  (db, p) =>
    db
      .select({
        shipper: {
          id: shippers.id,
          paymentTypes: shippers.paymentTypes,
          minimalOrderPrice: shippers.minimalOrderPrice,
        },
        branch: branches,
        zone: deliveryZones,
        fare: deliveryFares,
        // A text[] (uuid[] has no parser in node-postgres; text[] parses the same in both drivers).
        // Qualified by hand: the subquery's columns must not be read as the outer query's.
        zoneBranchIds: sql<
          string[] | null
        >`array(select zb.branch_id::text from delivery_zone_branches zb join branches zbb on zbb.id = zb.branch_id where zb.zone_id = "delivery_zones"."id" order by zbb.position, zbb.slug)`,
        // Round 6 (docs/perf/orders.md): the discounts' own statement folded in.
        automaticDiscounts: automaticDiscountsJson(sql`"shippers"."id"`),
      })
      .from(shippers)
      .leftJoin(branches, and(eq(branches.shipperId, shippers.id), eq(branches.id, p('branchId'))))
      // No zone asked for: the zone id is null, which equals nothing, so neither joins a row.
      .leftJoin(
        deliveryZones,
        and(
          eq(deliveryZones.shipperId, shippers.id),
          eq(deliveryZones.id, p('zoneId')),
          eq(deliveryZones.isActive, true),
        ),
      )
      .leftJoin(
        deliveryFares,
        and(eq(deliveryFares.shipperId, shippers.id), eq(deliveryFares.zoneId, p('zoneId'))),
      )
      .where(eq(shippers.id, p('shipperId')))
      .limit(1),
);

/** The place rows (selectPlaceRows above, built once: db/prepared.ts). */
export async function findPlaceRows(
  db: DbOrTx,
  shipperId: string,
  branchId: string,
  zoneId: string | null,
): Promise<OrderPlaceRows | undefined> {
  const [row] = await selectPlaceRows(db, { shipperId, branchId, zoneId });
  if (!row) return undefined;
  return {
    shipper: row.shipper,
    branch: row.branch ?? undefined,
    zone: row.zone ? { ...row.zone, branchIds: row.zoneBranchIds ?? [] } : undefined,
    fare: row.fare ?? undefined,
    automaticDiscounts: automaticDiscountsFromJson(row.automaticDiscounts),
  };
}
