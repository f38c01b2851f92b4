import type {
  TBranchByLocationResponse,
  TCheckPointResponse,
  TDeliveryZonesResponse,
  TNearBranch,
  TNearestBranchResponse,
} from '@app/contracts';
import { firstActive, type GeoLatLong, isBranchOpenNow, nearestBranches, zonesContaining } from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { BranchRow } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { toNearBranch, toZone } from './zones.mapper.ts';
import { listActiveZones, listBranchRows } from './zones.repository.ts';

/**
 * The branches nearest first, each with its distance in whole metres and whether it takes orders at
 * `now` (active, within its hours in Tashkent time and not paused: the domain's isBranchOpenNow).
 */
function rankBranches(point: GeoLatLong, rows: BranchRow[], now: Date): TNearBranch[] {
  const ranked = nearestBranches(
    point,
    rows.map((row) => ({ row, location: { lat: row.lat, long: row.long } })),
  );
  return ranked.map(({ row, distance }) =>
    toNearBranch(
      row,
      distance,
      isBranchOpenNow(
        {
          is_active: row.isActive,
          work_hour_start: row.workHourStart,
          work_hour_end: row.workHourEnd,
          paused_until: row.pausedUntil,
        },
        now,
      ),
    ),
  );
}

/**
 * Which active zones contain the point, of those served by at least one active branch (a paused one
 * counts): exactly the zones /v1/branches/by-location can answer a branch for, so a point the check
 * lets through always has a branch. `all_count` counts every active zone, served or not: it tells
 * "no zones at all" (delivery is not limited) from "outside them", and a chain whose every branch is
 * switched off is out of service everywhere, not unlimited.
 */
export async function checkPoint(
  db: DbOrTx,
  shipperId: string,
  point: GeoLatLong,
): Promise<TCheckPointResponse> {
  const rows = await listActiveZones(db, { shipperId });
  const served = rows.filter((row) => row.hasActiveBranch).map(toZone);
  return { all_count: rows.length, result: zonesContaining(point, served) };
}

export async function getZones(
  db: DbOrTx,
  shipperId: string,
  city?: string,
): Promise<TDeliveryZonesResponse> {
  const zones = (await listActiveZones(db, { shipperId, city })).map(toZone);
  return { count: zones.length, zones };
}

/** Every branch (only those serving `zoneId` when given) ordered by distance from the point. */
export async function getNearestBranches(
  db: DbOrTx,
  shipperId: string,
  point: GeoLatLong,
  zoneId: string | undefined,
  now: Date,
): Promise<TNearestBranchResponse> {
  let ids: string[] | undefined;
  if (zoneId) {
    const [zone] = await listActiveZones(db, { shipperId, id: zoneId });
    if (!zone) throw apiError(404, 'ZONE_NOT_FOUND');
    ids = zone.branchIds;
  }
  return { branches: rankBranches(point, await listBranchRows(db, shipperId, ids), now) };
}

/**
 * The branch that serves a point: the nearest active branch among those of the zones containing it,
 * with the zone it serves there (the first in the chain's order when it serves several). 404
 * 'Restaurant not found' when the point is in no zone or no active branch serves it.
 */
export async function getBranchByLocation(
  db: DbOrTx,
  shipperId: string,
  point: GeoLatLong,
  now: Date,
): Promise<TBranchByLocationResponse> {
  const zones = zonesContaining(point, (await listActiveZones(db, { shipperId })).map(toZone));
  const ids = [...new Set(zones.flatMap((zone) => zone.branch_ids))];
  const branch = firstActive(rankBranches(point, await listBranchRows(db, shipperId, ids), now));
  const zone = branch && zones.find((z) => z.branch_ids.includes(branch.id));
  if (!branch || !zone) throw apiError(404, 'BRANCH_NOT_FOUND');
  return { branch, delivery_zone: zone };
}
