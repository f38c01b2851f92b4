import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { ensureImages, imageFilesOf, imageFor } from '../images/images.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { FIXTURE_STAFF_PASSWORD } from '../test/fixture-staff.ts';
import { signInTestCustomer } from '../test/orders.ts';
import { HSTS_MAX_AGE_SECONDS, helmetHeaders, PERMISSIONS_POLICY, withNoStore } from './security-headers.ts';

/**
 * Every route the apps of this file register, as Fastify hands it to onRoute hooks: the route table,
 * with its hooks and schemas (Fastify has no public list of routes, so its factory is wrapped).
 */
const registered = vi.hoisted(() => new Map<object, RouteOptions[]>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  // The factory's overloads collapse to one signature here: buildApp passes a plain options object.
  const original = actual.default as unknown as (options?: object) => FastifyInstance;
  const factory = ((options?: object) => {
    const app = original(options);
    const routes: RouteOptions[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: factory, fastify: factory };
});

/** How many times helmet built its middleware: the headers are worked out at start, not per request. */
const helmetCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('helmet', async (importOriginal) => {
  const actual = await importOriginal<typeof import('helmet')>();
  const counted = ((options?: Parameters<typeof actual.default>[0]) => {
    helmetCalls.count++;
    return actual.default(options);
  }) as typeof actual.default;
  return { ...actual, default: Object.assign(counted, actual.default) };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

/** The headers every answer of the API carries, whatever it is. */
function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const h = res.headers;
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('no-referrer');
  expect(h['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(h['permissions-policy'], label).toBe(PERMISSIONS_POLICY);
  expect(String(h['content-security-policy']), label).toContain("frame-ancestors 'none'");
}

describe('security headers (issue 9, finding 7)', () => {
  it('are on a JSON answer: a CSP that loads nothing, same-origin resources, no HSTS outside production', async () => {
    const res = await t.get('/v1/cities');
    expect(res.statusCode, res.body).toBe(200);
    expectSecurityHeaders(res, 'json');
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    for (const feature of ['camera', 'geolocation', 'microphone', 'payment', 'usb']) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
    // A public read is not personal: its caching is left alone.
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('are on a 404, on an error and on a CORS preflight; CORS still answers', async () => {
    const notFound = await t.get('/v1/nowhere');
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound, '404');
    // Refused by the Shipper/Platform check, an onRequest hook of its own.
    const noHeaders = await t.app.inject({ method: 'GET', url: '/v1/cities' });
    expect(noHeaders.statusCode).toBe(400);
    expectSecurityHeaders(noHeaders, 'missing client headers');
    const badQuery = await t.get('/v2/api-keys-ids?limit=0');
    expect(badQuery.statusCode).toBe(400);
    expectSecurityHeaders(badQuery, 'validation error');

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/cities',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'shipper,platform,authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expectSecurityHeaders(preflight, 'preflight');
    const cors = await t.get('/v1/cities', { origin: 'http://localhost:3000' });
    expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it("let other origins' <img> tags load /images (CORP cross-origin), keeping their long cache", async () => {
    const image = imageFor(
      'products',
      'headers-dish',
      { icon: 'hamburger', background: '#ffeecc' },
      { ru: 'x', uz: 'x', en: 'x' },
    );
    await ensureImages(`${t.app.config.DATA_DIR}/images`, imageFilesOf([image]));
    const res = await t.app.inject({ method: 'GET', url: image.sources[1]?.url ?? '' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, 'image');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('give Swagger UI its own policy (its scripts and styles), and forbid framing it', async () => {
    for (const url of ['/docs/', '/docs/static/swagger-initializer.js', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('send HSTS for a year with subdomains only in production', async () => {
    const production = await buildApp({
      db: t.db,
      env: {
        LOG_LEVEL: 'silent',
        DATA_DIR: t.app.config.DATA_DIR,
        NODE_ENV: 'production',
        SMS_PROVIDER: 'eskiz',
        ESKIZ_EMAIL: 'api@example.uz',
        ESKIZ_PASSWORD: 'eskiz-password',
        OTP_SECRET: randomUUID() + randomUUID(),
        STAFF_DEMO_PASSWORD: undefined,
        // The test app's demo payment keys are refused in production: no online payment here.
        PAYME_KEY: undefined,
        CLICK_SECRET_KEY: undefined,
      },
      logger: false,
      runJobs: false,
    });
    try {
      for (const url of ['/healthz', '/v1/nowhere']) {
        const res = await production.inject({ method: 'GET', url, headers: CLIENT_HEADERS });
        // A year, subdomains included (SECURITY.md).
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(res, url);
      }
    } finally {
      await production.close();
    }
    expect((await t.get('/healthz')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control: no-store on personal answers (issue 9, finding 7)', () => {
  /** A route's hooks that run before its handler. */
  const hooksOf = (route: RouteOptions): unknown[] =>
    (['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const).flatMap((name) => {
      const hook: unknown = route[name];
      return hook ? (Array.isArray(hook) ? hook : [hook]) : [];
    });

  /**
   * Whether a hook is a sign-in guard, found by what it does rather than by name: called with a
   * request that carries no credentials, it refuses with 401.
   */
  async function refusesAnonymous(app: FastifyInstance, hook: unknown): Promise<boolean> {
    if (typeof hook !== 'function') return false;
    const request = { headers: {}, shipperId: CLIENT_HEADERS.shipper, log: app.log };
    try {
      await hook.call(app, request, {}, () => undefined);
      return false;
    } catch (error) {
      return (error as { statusCode?: number }).statusCode === 401;
    }
  }

  /** Operations whose success answers an access token, from the OpenAPI document. */
  function tokenOperations(app: FastifyInstance): Set<string> {
    type Doc = {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    const doc = app.swagger() as unknown as Doc;
    const found = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.responses?.['200']?.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown> }
          | undefined;
        if (schema?.properties && 'access_token' in schema.properties) {
          found.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        }
      }
    }
    return found;
  }

  const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
  const withParams = (url: string) => url.replace(/:\w+/g, () => randomUUID());

  it('is on every answer of every route behind a sign-in guard or answering a token, found in the route table', async () => {
    const routes = registered.get(t.app);
    expect(routes, 'the route table').toBeDefined();
    const tokens = tokenOperations(t.app);
    expect(tokens.size, 'sign-in routes answering a token').toBeGreaterThanOrEqual(4);
    const personal: { method: string; url: string; why: string }[] = [];
    for (const route of routes ?? []) {
      for (const method of methodsOf(route)) {
        if (method === 'HEAD' || method === 'OPTIONS' || route.url.includes('*')) continue;
        let why = tokens.has(`${method} ${route.url}`) ? 'answers a token' : '';
        for (const hook of hooksOf(route)) {
          if (!why && (await refusesAnonymous(t.app, hook))) why = 'guarded';
        }
        if (why) personal.push({ method, url: route.url, why });
      }
    }
    const urls = personal.map((p) => `${p.method} ${p.url}`);
    // The guards themselves are found: the customer's and the staff's.
    for (const expected of [
      'GET /v1/customers/me',
      'GET /v2/orders',
      'GET /v2/orders/:id/status-stream',
      'GET /v1/customer-addresses',
      'GET /v1/staff/me',
      'GET /v1/staff/orders',
      'POST /v1/staff/login',
      'POST /v1/customers/confirm-login',
      'POST /v1/customers/register-confirm',
    ]) {
      expect(urls, expected).toContain(expected);
    }
    expect(personal.length).toBeGreaterThanOrEqual(20);

    for (const route of personal) {
      for (const authorization of [undefined, `Bearer ${'0'.repeat(64)}`]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: withParams(route.url),
          headers: {
            ...CLIENT_HEADERS,
            ...(authorization ? { authorization } : {}),
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        expect(
          res.headers['cache-control'],
          `${route.method} ${route.url} (${route.why}): ${res.statusCode}`,
        ).toMatch(/^no-store\b/);
      }
    }
  });

  it('is on personal successes: the profile, the orders, a staff sign-in and its answers', async () => {
    const customer = await signInTestCustomer(t.app);
    for (const url of ['/v1/customers/me', '/v2/orders?type=current', '/v1/customer-addresses']) {
      const res = await t.get(url, { authorization: customer.token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expectSecurityHeaders(res, url);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'operator', password: FIXTURE_STAFF_PASSWORD }),
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const staffToken = login.json().access_token as string;
    const me = await t.get('/v1/staff/me', { authorization: `Bearer ${staffToken}` });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('is on any answer to a request carrying credentials, and nowhere else on public reads', async () => {
    const withToken = await t.get('/v1/cities', { authorization: `Bearer ${'0'.repeat(64)}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['cache-control']).toBe('no-store');
    for (const url of ['/v1/cities', '/healthz', '/v2/api-keys-ids']) {
      expect((await t.get(url)).headers['cache-control'], url).toBeUndefined();
    }
  });

  it("keeps what a route says that no-store does not contradict (the status stream's no-cache, no-transform)", () => {
    expect(withNoStore(undefined)).toBe('no-store');
    expect(withNoStore('no-cache, no-transform')).toBe('no-store, no-cache, no-transform');
    expect(withNoStore('public, max-age=31536000, immutable')).toBe('no-store');
    expect(withNoStore('no-store')).toBe('no-store');
  });
});

describe('helmet headers worked out once (issue 11)', () => {
  /** What helmet's own middleware writes on a real response, per request as @fastify/helmet ran it. */
  async function helmetOnResponse(options: HelmetOptions): Promise<Record<string, string>> {
    const { default: helmet } = await vi.importActual<typeof import('helmet')>('helmet');
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    res.setHeader('X-Powered-By', 'something');
    helmet(options)(res.req, res, (error) => {
      if (error) throw error;
    });
    return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
  }

  const options: HelmetOptions[] = [
    {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      strictTransportSecurity: false,
    },
    {
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
      strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    },
  ];

  it.each(options)('are the headers helmet itself writes on a response (%#)', async (option) => {
    const recorded = helmetHeaders(option);
    const byName = recorded.set.map(([name, value]) => [name.toLowerCase(), value]);
    expect(Object.fromEntries(byName)).toEqual(await helmetOnResponse(option));
    // Written as helmet spells them.
    expect(recorded.set.map(([name]) => name)).toContain('Content-Security-Policy');
    // Helmet takes X-Powered-By away; so does every answer.
    expect(recorded.removed).toEqual(['x-powered-by']);
  });

  it("are not rebuilt per request: helmet's middleware is made at start only", async () => {
    const before = helmetCalls.count;
    for (const url of ['/v1/cities', '/v1/nowhere', '/healthz']) {
      const res = await t.get(url);
      expectSecurityHeaders(res, url);
    }
    expect(helmetCalls.count).toBe(before);
    // The app built in beforeAll made it twice: the same-origin and the cross-origin sets.
    expect(before).toBeGreaterThanOrEqual(2);
  });
});
