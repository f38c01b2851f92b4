/**
 * Where the food goes: delivery zones (polygons served by branches), the local geocoder's gazetteer
 * of streets, districts and landmarks, keys of outside map services, and customers' saved addresses.
 */
import type { TGeoPoint } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, localized, shipperIdColumn } from './catalog.ts';
import { customers } from './customers.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    /** City slug. */
    city: text('city').notNull(),
    name: text('name').notNull(),
    /** Outer ring, [{lat, lon}], implicitly closed. */
    points: jsonb('points').$type<TGeoPoint[]>().notNull(),
    /** Rings cut out of the zone. */
    holes: jsonb('holes').$type<TGeoPoint[][]>().notNull().default([]),
    minOrderAmount: integer('min_order_amount').notNull(),
    freeDeliveryOrderAmount: integer('free_delivery_order_amount').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('delivery_zones_shipper_idx').on(t.shipperId, t.city, t.position)],
);
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;

/** Which branches cook for a zone. */
export const deliveryZoneBranches = pgTable(
  'delivery_zone_branches',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.branchId] }),
    index('delivery_zone_branches_branch_idx').on(t.branchId),
  ],
);

export const GEO_PLACE_KINDS = ['house', 'street', 'metro', 'district', 'locality', 'landmark'] as const;
export type GeoPlaceKind = (typeof GEO_PLACE_KINDS)[number];

/** The local geocoder's gazetteer: named places of the chain's cities in ru, uz and en. */
export const geoPlaces = pgTable(
  'geo_places',
  {
    id: uuid('id').primaryKey(),
    shipperId: shipperIdColumn(),
    /** City slug. */
    city: text('city').notNull(),
    kind: text('kind').$type<GeoPlaceKind>().notNull(),
    name: localized('name'),
    /** Where it is: 'Yunusobod district, Tashkent'. */
    description: localized('description'),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    /** searchKey() of every name (Latin), for matching typed text in either script. */
    searchKey: text('search_key').notNull(),
    /** searchSkeleton() of every name: consonants only, tolerant of vowel spelling. */
    searchSkeleton: text('search_skeleton').notNull(),
  },
  (t) => [index('geo_places_shipper_idx').on(t.shipperId, t.city)],
);
export type GeoPlaceRow = typeof geoPlaces.$inferSelect;

/** Keys of outside map services (Yandex geocoder, maps JS). Written by staff, never by customers. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    type: text('type').$type<'geocoder' | 'maps'>().notNull(),
    key: text('key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('api_keys_shipper_type_idx').on(t.shipperId, t.type, t.createdAt)],
);

/** A signed-in customer's saved delivery addresses; at most one active per customer. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    house: text('house').notNull().default(''),
    floor: text('floor').notNull().default(''),
    porch: text('porch').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId, t.createdAt),
    // The database itself refuses a second active address, whatever a buggy request does.
    uniqueIndex('customer_addresses_one_active').on(t.customerId).where(sql`${t.isActive}`),
  ],
);
export type CustomerAddressRow = typeof customerAddresses.$inferSelect;
