/**
 * Business constants and limits from spec section 9 (and the few section 4/5 numbers the UI and API
 * share). One place, so a changed limit changes everywhere at once.
 */

/** One-time sign-in code length. */
export const CODE_LENGTH = 6;
/** The spec's minimum phone length: characters of the masked value once spaces are removed. */
export const PHONE_MIN_LENGTH = 11;
/** Seconds before the "resend code" link appears again. */
export const RESEND_SECONDS = 60;

/** Cookie lifetime: 30 days, in seconds (the unit of `Max-Age`). */
export const COOKIE_MAX_AGE = 2_592_000;
export const COOKIE_NAMES = {
  userId: 'user_id',
  deliveryType: 'delivery_type',
  branchId: 'branch_id',
  branchSlug: 'branch_slug',
  menuId: 'menu_id',
} as const;
export const DEFAULT_DELIVERY_TYPE = 'delivery' as const;

export const SEARCH_DEBOUNCE_MS = 300;
/** How many products the search overlay asks for (page 1). */
export const SEARCH_RESULTS = 7;
export const SEARCH_PAGE = 1;
export const SEARCH_PRODUCT_TYPES = ['simple', 'combo', 'origin'] as const;
/** The overlay's input is focused only after its opening animation. */
export const SEARCH_FOCUS_DELAY_MS = 200;

export const GEOCODE_DEBOUNCE_MS = 700;
export const GEOCODER_RESULTS = 5;
/** The spec's geocoder language; the storefront asks in the page's language (docs/decisions/006). */
export const GEOCODER_LANG = 'ru_RU';
/** Geocoder search span around the map centre: [lon spread, lat spread] in degrees. */
export const GEOCODER_SPAN: [number, number] = [6.5, 6.5];

export const ADDRESS_PROMPT_DELAY_MS = 5_000;
export const GEOLOCATION_TIMEOUT_MS = 60_000;
/** Longest address shown on mobile before it is cut with an ellipsis. */
export const ADDRESS_MAX_CHARS = 40;
export const ADDRESS_LIST_MAX_HEIGHT_PX = 350;

export const BRANCH_LIST_LIMIT = 100;

/** Tashkent city centre as [lat, long]. */
// A plain tuple type, so map libraries taking a mutable [lat, lng] accept it.
export const DEFAULT_MAP_CENTER: [number, number] = [41.311153, 69.279729];
export const MAP_ZOOM = 11;
/** Zoom when the map focuses one branch. */
export const BRANCH_ZOOM = 18;

export const TOAST_DURATION_MS = 5_000;

/** Data cache (spec: "default cache time 5 minutes"): both freshness and garbage collection. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;
const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false;

/**
 * Back-off before retry number `failureCount` (0-based, as react-query counts): doubling from 1 s,
 * capped at 30 s.
 */
export const queryRetryDelay = (failureCount: number): number =>
  Math.min(1_000 * 2 ** Math.max(0, failureCount), QUERY_RETRY_MAX_DELAY_MS);

/** Persisted store names: the first three long-term, the last two per browser session. */
export const PERSIST_LONG_TERM_KEYS = ['auth', 'cart', 'common'] as const;
export const PERSIST_SESSION_KEYS = ['checkout', 'session'] as const;
export const PERSIST_VERSION = 1;
/** A store whose saved state is not read within this starts from its initial state (lib/stores/persist.ts). */
export const PERSIST_REHYDRATE_TIMEOUT_MS = 5_000;

export const CURRENCY = 'UZS';
