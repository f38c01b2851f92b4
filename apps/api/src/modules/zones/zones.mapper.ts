import type { TDeliveryZone, TNearBranch } from '@app/contracts';
import type { BranchRow } from '../../db/schema/index.ts';
import { toBranch } from '../branches/branches.mapper.ts';
import type { ZoneWithBranches } from './zones.repository.ts';

export function toZone(row: ZoneWithBranches): TDeliveryZone {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    points: row.points,
    holes: row.holes,
    branch_ids: row.branchIds,
    min_order_amount: row.minOrderAmount,
    free_delivery_order_amount: row.freeDeliveryOrderAmount,
  };
}

export function toNearBranch(row: BranchRow, distance: number, isOpen: boolean): TNearBranch {
  return { ...toBranch(row), distance, is_open: isOpen };
}
