import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every answer of this route is personal (a customer's or staff member's data, or a token):
     * `Cache-Control: no-store` whatever its status. Set by the onRoute hook below for guarded and
     * token-answering routes; a route that is personal in another way may set it itself.
     */
    personal?: boolean;
    /**
     * Answered to other origins' `<img>` tags (the storefront loads /images/... from PUBLIC_API_URL):
     * Cross-Origin-Resource-Policy `cross-origin`. Set by the onRoute hook below from
     * `crossOriginPrefixes`.
     */
    crossOriginResource?: boolean;
  }
}

/** HSTS lifetime in production: a year, the value browsers' preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The API serves JSON, images and its documentation: no answer of it may use a powerful browser
 * feature, so each one is switched off (`feature=()`: allowed for no origin, not even our own).
 * Only features today's browsers know, so none of them logs an "unrecognized feature" warning.
 */
const DISABLED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'storage-access',
  'usb',
  'web-share',
  'window-management',
  'xr-spatial-tracking',
] as const;
export const PERMISSIONS_POLICY = DISABLED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/**
 * The policy of JSON answers (and images): they load nothing, are never framed, and no `<base>` or
 * form in them could point anywhere, so a JSON answer opened as a page can do nothing.
 */
const API_CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers of answers written before any route or hook runs (http-layer.ts: Node's parser
 * refusing a request, the router refusing a URL), where helmet never gets a say: the same policy as
 * every JSON answer, never stored.
 */
export const PRE_ROUTING_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/**
 * The one inline style Swagger UI's bundle renders (inside its top bar's logo SVG). Allowed by its
 * hash rather than with 'unsafe-inline'; a new Swagger UI with another logo only loses the logo's
 * colours (and Chromium's console names the new hash).
 */
const SWAGGER_UI_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * Swagger UI's own policy (`staticCSP` of @fastify/swagger-ui, which replaces the one above on the
 * /docs routes): its page loads only its own scripts and styles (no inline script: the initializer
 * is a file), fetches the document from the API itself, and is never framed. Unlike the plugin's
 * default it has no `upgrade-insecure-requests`, which would break the local http demo's /docs.
 * Checked in Chromium: the page renders with no violation reported.
 */
export const DOCS_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", styleHash(SWAGGER_UI_LOGO_STYLE)],
};

export type SecurityHeadersOptions = {
  /** HSTS only then: a local http demo must not pin https on localhost for a year. */
  production: boolean;
  /**
   * Path prefixes answered to other origins' `<img>` tags (the storefront loads /images/... from
   * PUBLIC_API_URL): Cross-Origin-Resource-Policy `cross-origin` there, `same-origin` elsewhere.
   */
  crossOriginPrefixes: readonly string[];
};

const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

function routeHooks(route: RouteOptions): unknown[] {
  return GUARD_HOOKS.flatMap((name) => {
    const hook: unknown = route[name];
    if (hook === undefined || hook === null) return [];
    return Array.isArray(hook) ? hook : [hook];
  });
}

/** Whether a 2xx answer of the route carries an access token (sign-in answers). */
function answersToken(route: RouteOptions): boolean {
  const response = route.schema?.response;
  if (!response || typeof response !== 'object') return false;
  return Object.entries(response).some(
    ([status, schema]) =>
      status.startsWith('2') && schema instanceof z.ZodObject && 'access_token' in schema.shape,
  );
}

/**
 * Personal routes: those behind the customer guard (`app.requireCustomer`), the whole staff API
 * (its sign-in answers a token, every other route is behind the staff guard), and any route whose
 * success answers a token. Decided from the route table, so a new guarded route is covered without
 * anyone remembering to.
 */
function isPersonalRoute(app: FastifyInstance, route: RouteOptions): boolean {
  if (route.config?.personal === true) return true;
  if (route.url.startsWith('/v1/staff/') || answersToken(route)) return true;
  // The customer's sign-in guards: requireCustomer, and requireSignedIn (the order routes' one, which
  // keeps who a token belongs to per process).
  const guards = (['requireCustomer', 'requireSignedIn'] as const).flatMap((name) =>
    app.hasDecorator(name) ? [app[name]] : [],
  );
  const hooks = routeHooks(route);
  return guards.some((guard) => hooks.includes(guard));
}

/**
 * `no-store` added to what the route said. A route's own caching words that contradict it (public,
 * max-age, immutable) are dropped; no-cache and no-transform are kept (the status stream's proxies
 * must not buffer or transform it).
 */
export function withNoStore(current: unknown): string {
  const kept = String(current ?? '')
    .split(',')
    .map((directive) => directive.trim().toLowerCase())
    .filter((directive) => ['no-cache', 'no-transform', 'private', 'must-revalidate'].includes(directive));
  return ['no-store', ...kept].join(', ');
}

function isPersonalAnswer(request: FastifyRequest): boolean {
  // An answer to a request that carried credentials is never stored either, whatever the route:
  // it may depend on who asked (pricing with a promo code for this customer, the admin's key write).
  return request.routeOptions.config?.personal === true || request.headers.authorization !== undefined;
}

/** The headers helmet's middleware writes on an answer, and those it removes. */
export type HelmetHeaders = { set: readonly (readonly [string, string])[]; removed: readonly string[] };

/**
 * What helmet's middleware does to an answer with these options, recorded once on a stand-in for
 * the response. Helmet builds its middleware (and parses the CSP's directives) on each call, and
 * @fastify/helmet called it on every request: without that, a cached read costs the API 24-40 % less
 * CPU (issue 11, docs/perf/issue-11.md, session of 14:40). Our options are static (no per-request
 * nonce), so every answer gets the same headers. Throws if helmet did not finish at once (an option that would need
 * the request) or reported an error.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): HelmetHeaders {
  // By the name in lower case (as Node's response keeps them), with helmet's spelling of it.
  const set = new Map<string, readonly [string, string]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      removed.delete(name.toLowerCase());
      set.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not write its headers synchronously');
  return { set: [...set.values()], removed: [...removed] };
}

/**
 * The security headers of every answer (issue 9, finding 7), by helmet's rules: a CSP that loads
 * nothing and forbids framing, X-Frame-Options DENY, nosniff, Referrer-Policy no-referrer,
 * Cross-Origin-Opener-Policy and -Resource-Policy, a Permissions-Policy that switches every powerful
 * feature off, HSTS in production; and `Cache-Control: no-store` on personal answers. The headers
 * are worked out once at start (`helmetHeaders`), not per request.
 *
 * Register it before anything else that adds an onRequest hook: the headers are set in one, and
 * an earlier hook that throws (the Shipper/Platform check) would answer without them.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (options.crossOriginPrefixes.some((prefix) => route.url.startsWith(prefix))) {
      route.config = { ...route.config, crossOriginResource: true };
    }
    if (isPersonalRoute(app, route)) route.config = { ...route.config, personal: true };
  });

  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
      : false,
  };
  const withPermissions = ({ set, removed }: HelmetHeaders): HelmetHeaders => ({
    set: [...set, ['permissions-policy', PERMISSIONS_POLICY]],
    removed,
  });
  const sameOrigin = withPermissions(helmetHeaders(helmetOptions));
  const crossOrigin = withPermissions(
    helmetHeaders({ ...helmetOptions, crossOriginResourcePolicy: { policy: 'cross-origin' } }),
  );

  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config?.crossOriginResource === true ? crossOrigin : sameOrigin;
    // On the raw response, so even an answer sent by a later hook carries them.
    const raw = reply.raw;
    for (const [name, value] of headers.set) raw.setHeader(name, value);
    for (const name of headers.removed) raw.removeHeader(name);
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isPersonalAnswer(request))
      reply.header('cache-control', withNoStore(reply.getHeader('cache-control')));
    return payload;
  });
}
