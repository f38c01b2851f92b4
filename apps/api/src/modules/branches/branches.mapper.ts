import type { TBranch } from '@app/contracts';
import type { BranchRow } from '../../db/schema/index.ts';

export function toBranch(row: BranchRow): TBranch {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    destination: row.destination,
    city: row.city,
    phone: row.phone,
    location: { lat: row.lat, long: row.long },
    menu_id: row.menuId,
    work_hour_start: row.workHourStart,
    work_hour_end: row.workHourEnd,
    delivery_time: row.deliveryTime,
    future_delivery_order_time: row.futureDeliveryOrderTime,
    future_self_pickup_order_time: row.futureSelfPickupOrderTime,
    is_active: row.isActive,
    has_parking: row.hasParking,
    seats_count: row.seatsCount,
    has_playground: row.hasPlayground,
    images: row.images,
    virtual_tour: row.virtualTour,
    paused_until: row.pausedUntil?.toISOString() ?? null,
    delivery_paused_until: row.deliveryPausedUntil?.toISOString() ?? null,
  };
}
