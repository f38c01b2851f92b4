/**
 * Where the food goes: delivery zones, nearest branch, the geocoder proxy (answers in Yandex's shape
 * whatever the provider), the maps key list, and a signed-in customer's saved addresses.
 */
import { z } from 'zod';
import { ZBranch } from './branch.ts';
import { ZId, ZLatLong, ZPageQuery, ZSingleLineText, ZSum } from './common.ts';

/** A decimal number in a query string: '41.31', '-0.5'. Empty, 'abc', '1e999' and NaN are refused. */
// Spaces around are tolerated; `\s` would also let line breaks and U+2028/2029 through (finding 1).
const DECIMAL = /^ *-?\d{1,3}(\.\d{1,15})? *$/;
const coordinate = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(DECIMAL, `must be a ${what} in degrees`)
    .transform(Number)
    .pipe(z.number().min(min).max(max));
/** Latitude from a query string, -90..90. */
export const ZLatParam = coordinate(-90, 90, 'latitude');
/** Longitude from a query string, -180..180. */
export const ZLongParam = coordinate(-180, 180, 'longitude');

/** A polygon vertex as the platform writes it (`lon`, not `long`). */
export const ZGeoPoint = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
export type TGeoPoint = z.infer<typeof ZGeoPoint>;

export const ZDeliveryZone = z.object({
  id: ZId,
  name: z.string(),
  /** City slug. */
  city: z.string(),
  /** The outer ring, in order; the ring is closed implicitly (the last point joins the first). */
  points: z.array(ZGeoPoint).min(3),
  /** Areas inside the outer ring that are not served (a park, an airport), each a ring. */
  holes: z.array(z.array(ZGeoPoint).min(3)),
  branch_ids: z.array(ZId),
  /** The smallest order this zone accepts, in sums. */
  min_order_amount: ZSum,
  /** From this order amount on delivery is free; 0 means never free. */
  free_delivery_order_amount: ZSum,
});
export type TDeliveryZone = z.infer<typeof ZDeliveryZone>;

/** GET /v1/check_point_delivery_zones */
export const ZCheckPointQuery = z.object({ lat: ZLatParam, lon: ZLongParam });
/** `all_count > 0` with an empty `result`: zones exist, the point is in none of them (out of service area). */
export const ZCheckPointResponse = z.object({
  all_count: z.number().int().nonnegative(),
  result: z.array(ZDeliveryZone),
});
export type TCheckPointResponse = z.infer<typeof ZCheckPointResponse>;

/** GET /v1/delivery-zones: the polygons the map draws. */
export const ZDeliveryZonesQuery = z.object({
  city: z
    .string()
    .regex(/^[a-z-]+$/)
    .optional(),
});
export const ZDeliveryZonesResponse = z.object({
  count: z.number().int().nonnegative(),
  zones: z.array(ZDeliveryZone),
});
export type TDeliveryZonesResponse = z.infer<typeof ZDeliveryZonesResponse>;

/** A branch with how far it is from the asked point and whether it is open right now. */
export const ZNearBranch = ZBranch.extend({
  /** Straight-line distance in metres, rounded. */
  distance: z.number().int().nonnegative(),
  /** Active, within its hours and not paused, now (the domain's isBranchOpenNow). */
  is_open: z.boolean(),
});
export type TNearBranch = z.infer<typeof ZNearBranch>;

/** GET /v1/nearest-branch */
export const ZNearestBranchQuery = z.object({
  lat: ZLatParam,
  long: ZLongParam,
  /** Only the branches serving this zone. */
  delivery_zone_id: ZId.optional(),
});
/** Ordered by distance, nearest first; the storefront takes the first with `is_active`. */
export const ZNearestBranchResponse = z.object({ branches: z.array(ZNearBranch) });
export type TNearestBranchResponse = z.infer<typeof ZNearestBranchResponse>;

/** GET /v1/branches/by-location: the branch that serves a point (nearest active one of its zones). */
export const ZBranchByLocationQuery = z.object({ lat: ZLatParam, long: ZLongParam });
export const ZBranchByLocationResponse = z.object({ branch: ZNearBranch, delivery_zone: ZDeliveryZone });
export type TBranchByLocationResponse = z.infer<typeof ZBranchByLocationResponse>;

// ---------------------------------------------------------------------------------------------
// Geocoder proxy: GET /v1/map/geocoder takes Yandex's parameters and answers in Yandex's shape.

export const GEOCODER_LANGS = ['ru_RU', 'uz_UZ', 'en_US', 'en_RU', 'uk_UA', 'tr_TR'] as const;
export const GEOCODER_KINDS = ['house', 'street', 'metro', 'district', 'locality'] as const;

/** 'lon,lat' as Yandex writes a point (note the order). */
const LON_LAT = /^ *-?\d{1,3}(\.\d+)? *, *-?\d{1,3}(\.\d+)? *$/;

export const ZGeocoderQuery = z.object({
  /** Text to look up, or 'lon,lat' for a reverse lookup. */
  geocode: ZSingleLineText.trim().min(1).max(300),
  format: z.literal('json').default('json'),
  lang: z.enum(GEOCODER_LANGS).default('ru_RU'),
  results: z.coerce.number().int().min(1).max(20).default(5),
  /** Toponym kind wanted (reverse lookups): house, street, metro, district, locality. */
  kind: z.enum(GEOCODER_KINDS).optional(),
  /** Kept for the storefront's call shape ('geo'); no other value changes anything. */
  type: ZSingleLineText.max(20).optional(),
  /** Centre of the search area, 'lon,lat'. */
  ll: z.string().regex(LON_LAT, "must be 'lon,lat'").optional(),
  /** Span of the search area, 'dlon,dlat'. */
  spn: z.string().regex(LON_LAT, "must be 'dlon,dlat'").optional(),
  /** 1: only results inside ll/spn. */
  rspn: z.enum(['0', '1']).optional(),
  /** A result's uri from an earlier answer. */
  uri: ZSingleLineText.max(300).optional(),
});
export type TGeocoderQuery = z.input<typeof ZGeocoderQuery>;
export type TGeocoderParsedQuery = z.output<typeof ZGeocoderQuery>;

export const ZGeocoderComponent = z.object({ kind: z.string(), name: z.string() });
export const ZGeoObject = z.object({
  name: z.string(),
  description: z.string().optional(),
  /** `pos` is 'lon lat' separated by a space (Yandex's order). */
  Point: z.object({ pos: z.string() }),
  metaDataProperty: z.object({
    GeocoderMetaData: z.object({
      kind: z.string(),
      text: z.string(),
      precision: z.string(),
      uri: z.string().optional(),
      Address: z.object({
        country_code: z.string().optional(),
        formatted: z.string(),
        Components: z.array(ZGeocoderComponent),
      }),
    }),
  }),
  boundedBy: z
    .object({ Envelope: z.object({ lowerCorner: z.string(), upperCorner: z.string() }) })
    .optional(),
});
export type TGeoObject = z.infer<typeof ZGeoObject>;

export const ZGeocoderResponse = z.object({
  response: z.object({
    GeoObjectCollection: z.object({
      metaDataProperty: z.object({
        GeocoderResponseMetaData: z.object({
          request: z.string(),
          /** Strings, as Yandex sends them. */
          results: z.string(),
          found: z.string(),
          Point: z.object({ pos: z.string() }).optional(),
        }),
      }),
      featureMember: z.array(z.object({ GeoObject: ZGeoObject })),
    }),
  }),
});
export type TGeocoderResponse = z.infer<typeof ZGeocoderResponse>;

// ---------------------------------------------------------------------------------------------
// Keys of outside map services (GET /v2/api-keys-ids, PUT /v2/api-keys/{id}).

export const API_KEY_TYPES = ['geocoder', 'maps'] as const;
export const ZApiKeyType = z.enum(API_KEY_TYPES);
export const ZApiKeysQuery = ZPageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  type: ZApiKeyType.optional(),
});
/**
 * Key types a browser may be given: a `maps` key is a JavaScript maps key the chain restricts by
 * HTTP referrer at the provider. A `geocoder` key is called by the server alone (GET
 * /v1/map/geocoder) and is never answered (docs/decisions/005-public-map-keys.md).
 */
export const BROWSER_API_KEY_TYPES = ['maps'] as const satisfies readonly (typeof API_KEY_TYPES)[number][];
export const ZBrowserApiKey = z.object({
  id: ZId,
  type: z.enum(BROWSER_API_KEY_TYPES),
  key: z.string(),
});
export type TBrowserApiKey = z.infer<typeof ZBrowserApiKey>;
/**
 * `ids`: the row ids of the keys on this page, newest first (never key values); `keys`: the values
 * of those of them a browser may use, in the same order. Unlike the platform the spec was read
 * from, `ids` do not carry key values.
 */
export const ZApiKeysResponse = z.object({
  count: z.number().int().nonnegative(),
  ids: z.array(ZId),
  keys: z.array(ZBrowserApiKey),
});
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;
export const ZApiKeyParams = z.object({ id: ZId });
export const ZApiKeyUpdate = z.object({
  key: ZSingleLineText.trim().min(8).max(200),
  type: ZApiKeyType.optional(),
});
export const ZApiKey = z.object({ id: ZId, type: ZApiKeyType, updated_at: z.iso.datetime() });

// ---------------------------------------------------------------------------------------------
// A signed-in customer's saved addresses (/v1/customer-addresses).

/** At most this many saved addresses per customer. */
export const MAX_CUSTOMER_ADDRESSES = 20;

const shortText = (max: number) => ZSingleLineText.trim().max(max).default('');

export const ZCustomerAddressInput = z.object({
  /** A label the customer gives it: 'Home', 'Work'. */
  name: shortText(60),
  address: ZSingleLineText.trim().min(1).max(300),
  city: shortText(60),
  location: ZLatLong,
  house: shortText(20),
  floor: shortText(20),
  /** Entrance (podyezd); the spec's 'porch (building)'. */
  porch: shortText(20),
  apartment: shortText(20),
});
export type TCustomerAddressInput = z.input<typeof ZCustomerAddressInput>;

/**
 * Only the fields sent change. Written out rather than `ZCustomerAddressInput.partial()`: in zod 4 a
 * `.default('')` still fills an omitted field under `.partial()`, so `{ name }` would have wiped
 * house, floor, porch and apartment (and `{}` would have passed as a change).
 */
const patchText = (max: number) => ZSingleLineText.trim().max(max).optional();
export const ZCustomerAddressPatch = z
  .object({
    name: patchText(60),
    address: ZSingleLineText.trim().min(1).max(300).optional(),
    city: patchText(60),
    location: ZLatLong.optional(),
    house: patchText(20),
    floor: patchText(20),
    porch: patchText(20),
    apartment: patchText(20),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');
export type TCustomerAddressPatch = z.input<typeof ZCustomerAddressPatch>;

export const ZCustomerAddress = z.object({
  id: ZId,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  location: ZLatLong,
  house: z.string(),
  floor: z.string(),
  porch: z.string(),
  apartment: z.string(),
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TCustomerAddress = z.infer<typeof ZCustomerAddress>;

export const ZCustomerAddressParams = z.object({ id: ZId });
/** Every mutation answers the whole list, so the storefront replaces its copy in one step. */
export const ZCustomerAddressList = z.object({
  count: z.number().int().nonnegative(),
  addresses: z.array(ZCustomerAddress),
});
export type TCustomerAddressList = z.infer<typeof ZCustomerAddressList>;

/**
 * POST /v1/customer-addresses/import: the points an anonymous customer kept in the browser join the
 * account at sign-in. Addresses already saved (same text) are not duplicated; an active one
 * becomes the account's active address.
 */
export const ZCustomerAddressImport = z.object({
  addresses: z
    .array(ZCustomerAddressInput.extend({ is_active: z.boolean().default(false) }))
    .max(MAX_CUSTOMER_ADDRESSES),
});
export type TCustomerAddressImport = z.input<typeof ZCustomerAddressImport>;
