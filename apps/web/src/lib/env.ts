import 'server-only';
import { z } from 'zod';
import type { TBrowserConfig } from './config-provider';

/**
 * Runtime configuration, read when a request is served (not inlined at build time), so one build
 * runs against any API. Only `browserConfig()` reaches client code.
 */
const ZWebEnv = z.object({
  API_URL: z.url().default('http://localhost:4000'),
  PUBLIC_API_URL: z.url().default('http://localhost:4000'),
  SHIPPER_ID: z.uuid().default('5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60'),
  PLATFORM_ID: z.uuid().default('9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d'),
  SITE_URL: z.url().default('http://localhost:3000'),
  /** Raster tiles of the maps ({z}/{x}/{y}); OpenStreetMap's by default. 'none' draws no tiles. */
  MAP_TILE_URL: z
    .union([
      z.literal('none'),
      z
        .string()
        .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL with {z} {x} {y}')
        // The Content-Security-Policy lists the tile origins: a `{s}` becomes Leaflet's subdomains,
        // any other placeholder in the host would leave the origin unknown.
        .regex(/^https?:\/\/(?:[^/{}]|\{s\})+(?:\/|$)/, 'may hold no placeholder but {s} in its host'),
    ])
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .max(300)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  /**
   * The API's change stream, which keeps the storefront's cache fresh (lib/cache/). Unset: API_URL +
   * /v1/catalogue-changes. 'none': no stream, every cached read lives CACHE_FALLBACK_TTL_SECONDS.
   */
  CACHE_STREAM_URL: z.union([z.literal('none'), z.url({ protocol: /^https?$/ })]).optional(),
  /** How long a cached read is served while the change stream is down (0: not at all). */
  CACHE_FALLBACK_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * The cache of rendered public pages (lib/html-cache/): at most this many pages (0: no cache, every
   * page rendered per request) and this many MiB of HTML.
   */
  HTML_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  HTML_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * The render gate (lib/render-gate/): at most this many pages rendered per request at once (what
   * the HTML cache does not answer), at most RENDER_QUEUE_MAX more waiting, each at most
   * RENDER_QUEUE_WAIT_MS; a request beyond that gets a 503. Only under server.mjs (`npm start`).
   */
  RENDER_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(4),
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
  RENDER_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});
export type TWebEnv = Omit<z.infer<typeof ZWebEnv>, 'CACHE_STREAM_URL'> & { CACHE_STREAM_URL: string };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Parses the given variables; throws one error naming every bad variable. Empty strings count as unset. */
export function parseWebEnv(source: Record<string, string | undefined>): TWebEnv {
  const picked = Object.fromEntries(
    Object.keys(ZWebEnv.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const result = ZWebEnv.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    API_URL: trimSlash(env.API_URL),
    PUBLIC_API_URL: trimSlash(env.PUBLIC_API_URL),
    SITE_URL: trimSlash(env.SITE_URL),
    CACHE_STREAM_URL: env.CACHE_STREAM_URL ?? `${trimSlash(env.API_URL)}/v1/catalogue-changes`,
  };
}

let cached: TWebEnv | undefined;
export function env(): TWebEnv {
  cached ??= parseWebEnv(process.env);
  return cached;
}

/** What the browser needs; handed to client code through `ConfigProvider`. */
export function browserConfig(): TBrowserConfig {
  const e = env();
  return {
    apiUrl: e.PUBLIC_API_URL,
    shipperId: e.SHIPPER_ID,
    platformId: e.PLATFORM_ID,
    siteUrl: e.SITE_URL,
    mapTileUrl: e.MAP_TILE_URL === 'none' ? null : e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
  };
}
