/**
 * The storefront's security headers: a Content-Security-Policy with a per-request nonce (built in
 * `proxy.ts` for every page) and the fixed headers every response carries (`next.config.ts`).
 *
 * The customer's access token lives in browser storage, so a script injected into a page could take
 * the account: the policy lets only scripts carrying this response's nonce (Next.js puts it on its own
 * scripts) and the scripts they load ('strict-dynamic') run. Pure functions, no Next.js imports, so
 * the proxy, next.config.ts and the unit tests share them.
 */

/** Leaflet's subdomains for a `{s}` in the tile template (its default 'abc'); map-view passes the same list. */
export const TILE_SUBDOMAINS = ['a', 'b', 'c'] as const;

/**
 * A fresh nonce: 16 random bytes (128 bits, as CSP3 recommends at least), base64. Web Crypto, so it
 * works in the proxy whichever runtime Next gives it.
 */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The origins the browser fetches map tiles from: `{s}` in the host becomes each of Leaflet's
 * subdomains (CSP has no placeholder, and a `*.` wildcard would also allow every other subdomain).
 * `none`: no tiles, no origin.
 */
export function tileOrigins(template: string): string[] {
  if (template === 'none') return [];
  const subdomains = template.includes('{s}') ? TILE_SUBDOMAINS : [''];
  // The other placeholders ({z}, {x}, {y}, {r}) stand in the path, which an origin does not keep.
  const origins = subdomains.map((s) => new URL(template.replaceAll('{s}', s)).origin);
  return [...new Set(origins)];
}

export type TCspOptions = {
  nonce: string;
  /** `next dev`: React's debugging needs eval, the hot reload a websocket, the error overlay inline styles. */
  development: boolean;
  /** PUBLIC_API_URL: the browser's API calls, the status stream, every picture. */
  publicApiUrl: string;
  /** MAP_TILE_URL: a template, or 'none'. */
  mapTileUrl: string;
  /** SITE_URL: an https site asks browsers to upgrade any http sub-request. */
  siteUrl: string;
};

/**
 * sha256 of the one stylesheet that sonner (the toasts, loaded when the page is idle) inserts as a
 * `<style>` element at run time, without a nonce. `security-headers.test.ts` recomputes it from the
 * installed sonner, so an upgrade that changes the stylesheet fails the unit tests, not the toasts.
 */
export const SONNER_STYLE_HASH = "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='";
/**
 * sha256 of the empty text: sonner appends its `<style>` empty and fills it afterwards, and the
 * browser checks the element in both states. An empty stylesheet styles nothing.
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * Builds the policy. Style sources: `<style>` elements need the nonce (Next's own, the top loader's,
 * Radix's scroll lock through `get-nonce`) or a listed hash (sonner's). Style *attributes* stay allowed
 * (`style-src-attr 'unsafe-inline'`): server-rendered markup carries some (the rating stars' width,
 * the sticky category bar's offset), Leaflet's marker HTML too, and hydration does not re-apply a
 * blocked one. An attribute can restyle an element but neither run script nor load from an origin
 * the policy does not allow, so the token stays out of reach.
 */
export function contentSecurityPolicy(options: TCspOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const api = new URL(options.publicApiUrl).origin;
  const site = new URL(options.siteUrl);
  const tiles = tileOrigins(options.mapTileUrl);
  const dev = options.development;

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", nonce, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // In development Next's error overlay and hot reload insert styles without the nonce; a nonce
    // in the list would switch 'unsafe-inline' off, so development lists none.
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce, SONNER_STYLE_HASH, EMPTY_STYLE_HASH],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api, ...tiles],
    'font-src': ["'self'"],
    // The hot reload's websocket is on the dev server's own origin (ws: is not 'self' in every browser).
    'connect-src': [
      "'self'",
      api,
      ...(dev ? [`${site.protocol === 'https:' ? 'wss' : 'ws'}://${site.host}`] : []),
    ],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const parts = Object.entries(directives).map(
    ([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`,
  );
  if (site.protocol === 'https:') parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/**
 * Browser features the site uses: only geolocation, for itself (the address flow offers the
 * browser's position). Everything else is off for the page and any frame.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Headers for every response but the build's own files (`next.config.ts`, HEADER_RULES). They do not
 * depend on the run-time configuration, so they can be fixed at build time. X-Frame-Options repeats the policy's
 * frame-ancestors for browsers that know only the older header.
 */
export const STATIC_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
  // No window the site opens keeps a handle on it, nor it on theirs. On Android it also earns the
  // site a process of its own (Chrome isolates sites that send it; our SMS-code sign-in would not
  // trigger the password heuristic), which keeps the token in storage away from other sites' pages.
  // Its cost, measured: a first visit commits in a fresh process, ~70 ms of LCP in the lab
  // (docs/perf/issue-11.md). Kept for the isolation.
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/**
 * The build's content-hashed files under /_next/static (scripts, styles, fonts): a subresource, never
 * a document, so framing, referrer, feature and opener policies mean nothing there and would only add
 * about 700 bytes to each of the dozen scripts a page loads (a slow mobile network pays for headers
 * too). `nosniff` is the one that matters: a file is never run or applied as another type.
 */
export const BUILD_ASSET_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
];

/**
 * next.config.ts's `headers()`: build assets get BUILD_ASSET_HEADERS, every other response (pages,
 * redirects, icons, sitemap.xml, robots.txt) STATIC_SECURITY_HEADERS.
 */
export const HEADER_RULES = [
  { source: '/_next/static/:path*', headers: [...BUILD_ASSET_HEADERS] },
  { source: '/((?!_next/static/).*)', headers: [...STATIC_SECURITY_HEADERS] },
];

/**
 * HSTS, a year with subdomains, only for a production site served over https: sent from a plain-http
 * or development origin it is ignored at best, and on localhost it would pin the browser to https for
 * every local port. No `preload`: that is a decision for the operator (it cannot be taken back quickly).
 */
export function strictTransportSecurity(options: { production: boolean; siteUrl: string }): string | null {
  if (!options.production || new URL(options.siteUrl).protocol !== 'https:') return null;
  return 'max-age=31536000; includeSubDomains';
}
