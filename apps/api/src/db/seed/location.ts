import { searchKey, searchSkeleton } from '@app/domain';
import { count, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { branches, deliveryZoneBranches, deliveryZones, geoPlaces, shippers } from '../schema/index.ts';
import { stableId } from './ids.ts';
import type { SeedPlace, SeedZone } from './types.ts';

export type LocationData = { zones?: SeedZone[]; places?: SeedPlace[] };

const vertices = (ring: [number, number][]) => ring.map(([lat, lon]) => ({ lat, lon }));

/** What the local geocoder matches for a place: every name, folded to Latin. */
export const placeSearchKey = (name: SeedPlace['name']) => searchKey([name.ru, name.uz, name.en].join(' '));
export const placeSearchSkeleton = (name: SeedPlace['name']) =>
  searchSkeleton([name.ru, name.uz, name.en].join(' '));

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/**
 * Writes one shipper's delivery zones (with the branches serving them) and the local geocoder's
 * gazetteer. Zones name branches by slug; the slugs are looked up in the database (the catalogue is
 * already there, in this transaction or from an earlier seed), so an unknown slug throws and nothing
 * is written. Ids derive from the keys (`stableId('zone' | 'place', key)`); rows already present are
 * left alone, so a second run changes nothing.
 */
export async function loadLocation(tx: Tx, data: LocationData, shipperId: string): Promise<void> {
  const zones = data.zones ?? [];
  const places = data.places ?? [];
  if (zones.length) {
    const rows = await tx
      .select({ id: branches.id, slug: branches.slug })
      .from(branches)
      .where(eq(branches.shipperId, shipperId));
    const branchIds = new Map(rows.map((r) => [r.slug, r.id]));
    const zoneRows: (typeof deliveryZones.$inferInsert)[] = [];
    const linkRows: (typeof deliveryZoneBranches.$inferInsert)[] = [];
    const keys = new Set<string>();
    zones.forEach((zone, position) => {
      if (keys.has(zone.key)) throw new Error(`Seed data: zone key '${zone.key}' is used twice`);
      keys.add(zone.key);
      if (zone.ring.length < 3) throw new Error(`Seed data: zone ${zone.key} needs at least 3 points`);
      const id = stableId('zone', zone.key);
      zoneRows.push({
        id,
        shipperId,
        city: zone.city,
        name: zone.name,
        points: vertices(zone.ring),
        holes: (zone.holes ?? []).map(vertices),
        minOrderAmount: zone.min_order_amount,
        freeDeliveryOrderAmount: zone.free_delivery_order_amount,
        isActive: zone.is_active ?? true,
        position,
      });
      for (const slug of zone.branches) {
        const branchId = branchIds.get(slug);
        if (!branchId) throw new Error(`Seed data: zone ${zone.key} names unknown branch '${slug}'`);
        linkRows.push({ zoneId: id, branchId });
      }
    });
    await insertChunks(zoneRows, (chunk) => tx.insert(deliveryZones).values(chunk).onConflictDoNothing());
    await insertChunks(linkRows, (chunk) =>
      tx.insert(deliveryZoneBranches).values(chunk).onConflictDoNothing(),
    );
  }
  if (places.length) {
    const keys = new Set<string>();
    const placeRows = places.map((place) => {
      if (keys.has(place.key)) throw new Error(`Seed data: place key '${place.key}' is used twice`);
      keys.add(place.key);
      return {
        id: stableId('place', place.key),
        shipperId,
        city: place.city,
        kind: place.kind,
        name: place.name,
        description: place.description,
        lat: place.location.lat,
        long: place.location.long,
        searchKey: placeSearchKey(place.name),
        searchSkeleton: placeSearchSkeleton(place.name),
      };
    });
    await insertChunks(placeRows, (chunk) => tx.insert(geoPlaces).values(chunk).onConflictDoNothing());
  }
}

/** Whether the shipper's chain is in the database (the location part joins only a seeded chain). */
export async function shipperExists(tx: Tx, shipperId: string): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(shippers).where(eq(shippers.id, shipperId));
  return (row?.n ?? 0) > 0;
}
