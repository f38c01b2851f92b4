import { randomInt, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { ZApiError } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { Env } from '../env.ts';
import { freshIp, freshPhone } from '../modules/customers/customers.fixtures.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { createTestClock } from '../test/clock.ts';
import { deliveryOrderBody, ORDER_FIXTURE, signInTestCustomer, type TestCustomer } from '../test/orders.ts';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from './rate-limit.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Every policy at 2 requests a minute, so each limit is reached in a few requests. */
const SMALL_LIMITS = Object.fromEntries(
  Object.values(RATE_LIMIT_POLICIES).map((p) => [p.env, { max: 2, windowMs: MINUTE }]),
) as Partial<Env>;

const clock = createTestClock();
let t: TestApp;
/** A second API process on the same database (the PostgreSQL store is shared). */
let second: FastifyInstance;

const appOn = (db: TestApp['db'], env: Partial<Env> = {}, logger: BuildAppOptions['logger'] = false) =>
  buildApp({
    db,
    env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR, ...SMALL_LIMITS, ...env },
    logger,
    clock: clock.now,
    runJobs: false,
  });

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now, env: SMALL_LIMITS });
  second = await appOn(t.db);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

type Call = { ip: string; token?: string; language?: string };

function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: object | undefined,
  call: Call,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: call.ip,
    headers: {
      ...CLIENT_HEADERS,
      ...(call.token ? { authorization: call.token } : {}),
      ...(call.language ? { 'accept-language': call.language } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

const phoneLookup = (app: FastifyInstance, call: Call) =>
  inject(app, 'POST', '/v1/customers/phone', { phone: freshPhone() }, call);

function expectLimited(res: LightMyRequestResponse, retryAfter: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  const error = ZApiError.parse(res.json());
  expect(error).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  return error.message;
}

/** Rows in the PostgreSQL store. */
async function storedCounters(): Promise<number> {
  const result = await t.db.db.execute(sql`select count(*)::int as n from rate_limits`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
}

describe('the PostgreSQL store', () => {
  it('counts across two API processes on one database, with Retry-After, until the window ends', async () => {
    const ip = freshIp();
    expect((await phoneLookup(t.app, { ip })).statusCode).toBe(404);
    clock.advance(20 * SECOND);
    expect((await phoneLookup(second, { ip })).statusCode).toBe(404);
    clock.advance(10 * SECOND);
    // The window started with the first request: 30 s of it are left, whichever process answers.
    expect(expectLimited(await phoneLookup(t.app, { ip }), 30)).toBe(
      'Слишком много запросов. Попробуйте снова через 1 минуту',
    );
    expect(expectLimited(await phoneLookup(second, { ip, language: 'en' }), 30)).toBe(
      'Too many requests. Try again in a minute',
    );
    expect(expectLimited(await phoneLookup(second, { ip, language: 'uz' }), 30)).toBe(
      "So'rovlar juda ko'p. 1 daqiqadan so'ng qayta urinib ko'ring",
    );
    // Another address is not held back.
    expect((await phoneLookup(second, { ip: freshIp() })).statusCode).toBe(404);
    clock.advance(30 * SECOND - 1);
    expectLimited(await phoneLookup(t.app, { ip }), 1);
    clock.advance(1);
    expect((await phoneLookup(second, { ip })).statusCode).toBe(404);
    expect((await phoneLookup(t.app, { ip })).statusCode).toBe(404);
    expectLimited(await phoneLookup(t.app, { ip }), 60);
  });

  it('holds against parallel requests on both processes (one atomic upsert per hit)', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => phoneLookup(i % 2 ? second : t.app, { ip })),
    );
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
    clock.advance(MINUTE);
  });

  it('counts an IPv6 client by its /64', async () => {
    const prefix = `2001:db8:${randomInt(0xffff).toString(16)}:1`;
    expect((await phoneLookup(t.app, { ip: `${prefix}::1` })).statusCode).toBe(404);
    expect((await phoneLookup(t.app, { ip: `${prefix}:aaaa:bbbb:cccc:dddd` })).statusCode).toBe(404);
    expectLimited(await phoneLookup(t.app, { ip: `${prefix}::ffff` }), 60);
    expect((await phoneLookup(t.app, { ip: `${prefix.replace(/:1$/, ':2')}::1` })).statusCode).toBe(404);
  });

  it('cleans up the rows of ended windows', async () => {
    await phoneLookup(t.app, { ip: freshIp() });
    expect(await storedCounters()).toBeGreaterThan(0);
    // Every window so far has ended; the next hit (a minute on: the clean-up's turn) removes them.
    clock.advance(2 * MINUTE);
    await phoneLookup(t.app, { ip: freshIp() });
    expect(await storedCounters()).toBe(1);
  });
});

/** One request per limited route (any answer but 429 while under its allowance). */
type RouteCase = {
  policy: RateLimitPolicy;
  name: string;
  call: (app: FastifyInstance, call: Call) => Promise<LightMyRequestResponse>;
};

const someId = () => randomUUID();

const ROUTES: RouteCase[] = [
  { policy: 'sign-in', name: 'POST /v1/customers/phone', call: phoneLookup },
  {
    policy: 'sign-in',
    name: 'POST /v1/customers/register',
    call: (app, c) => inject(app, 'POST', '/v1/customers/register', { phone: freshPhone() }, c),
  },
  {
    policy: 'sign-in',
    name: 'POST /v1/customers/login',
    call: (app, c) => inject(app, 'POST', '/v1/customers/login', { phone: freshPhone() }, c),
  },
  {
    policy: 'sign-in',
    name: 'POST /v2/customers/login-without-otp',
    call: (app, c) => inject(app, 'POST', '/v2/customers/login-without-otp', { phone: freshPhone() }, c),
  },
  {
    policy: 'code-confirm',
    name: 'POST /v1/customers/register-confirm',
    call: (app, c) =>
      inject(app, 'POST', '/v1/customers/register-confirm', { phone: freshPhone(), code: '000000' }, c),
  },
  {
    policy: 'code-confirm',
    name: 'POST /v1/customers/confirm-login',
    call: (app, c) =>
      inject(app, 'POST', '/v1/customers/confirm-login', { phone: freshPhone(), code: '000000' }, c),
  },
  {
    policy: 'code-confirm',
    name: 'POST /v1/customers/{id}/phone-confirm',
    call: (app, c) =>
      inject(
        app,
        'POST',
        `/v1/customers/${someId()}/phone-confirm`,
        { phone: freshPhone(), code: '000000' },
        c,
      ),
  },
  {
    policy: 'geocoder',
    name: 'GET /v1/map/geocoder',
    call: (app, c) => inject(app, 'GET', '/v1/map/geocoder?geocode=Chilonzor', undefined, c),
  },
  {
    policy: 'search',
    name: 'GET /v2/product?search=',
    call: (app, c) => inject(app, 'GET', '/v2/product?search=wrap', undefined, c),
  },
  {
    policy: 'pricing',
    name: 'PATCH /v1/fares/compute-price',
    call: (app, c) =>
      inject(
        app,
        'PATCH',
        '/v1/fares/compute-price',
        { branch_id: ORDER_FIXTURE.chilonzor, ...ORDER_FIXTURE.westPoint, order_price: 50_000 },
        c,
      ),
  },
  {
    policy: 'pricing',
    name: 'GET /v2/discount-with-order-price',
    call: (app, c) =>
      inject(
        app,
        'GET',
        '/v2/discount-with-order-price?delivery_type=delivery&order_price=50000',
        undefined,
        c,
      ),
  },
  {
    policy: 'pricing',
    name: 'GET /v2/discount-with-products',
    call: (app, c) => inject(app, 'GET', '/v2/discount-with-products?delivery_type=delivery', undefined, c),
  },
  {
    policy: 'vacancy-application',
    name: 'POST /v1/vacancies/{id}/applications',
    call: (app, c) =>
      inject(
        app,
        'POST',
        `/v1/vacancies/${someId()}/applications`,
        { full_name: 'Aziz Karimov', phone: freshPhone() },
        c,
      ),
  },
  {
    policy: 'quote',
    name: 'POST /v2/ondemand-order/quote',
    call: (app, c) => inject(app, 'POST', '/v2/ondemand-order/quote', deliveryOrderBody(), c),
  },
  {
    policy: 'order',
    name: 'POST /v2/ondemand-order',
    call: (app, c) => inject(app, 'POST', '/v2/ondemand-order', deliveryOrderBody(), c),
  },
  {
    policy: 'review',
    name: 'POST /v1/user_reviews',
    call: (app, c) =>
      inject(
        app,
        'POST',
        '/v1/user_reviews',
        { product_id: ORDER_FIXTURE.products.beefWrap, order_id: someId(), rating: 5 },
        c,
      ),
  },
  {
    policy: 'customer-writes',
    name: 'POST /v1/customer-addresses/{id}/activate',
    call: (app, c) => inject(app, 'POST', `/v1/customer-addresses/${someId()}/activate`, undefined, c),
  },
  // The card's balance may be asked of iiko Cloud on both: the chain's quota is not a customer's loop.
  {
    policy: 'customer-writes',
    name: 'POST /v2/crm/iiko-customer-info',
    call: (app, c) => inject(app, 'POST', '/v2/crm/iiko-customer-info', undefined, c),
  },
  {
    policy: 'customer-writes',
    name: 'GET /v2/crm/loyalty-history',
    call: (app, c) => inject(app, 'GET', '/v2/crm/loyalty-history', undefined, c),
  },
];

describe('every limited route', () => {
  /** Two signed-in customers for each route of a customer's policy. */
  const customers = new Map<string, [TestCustomer, TestCustomer]>();
  beforeAll(async () => {
    clock.advance(10 * MINUTE);
    for (const route of ROUTES) {
      if (RATE_LIMIT_POLICIES[route.policy].per !== 'customer') continue;
      customers.set(route.name, [await signInTestCustomer(t.app), await signInTestCustomer(t.app)]);
    }
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))(
    '%s answers 429 with Retry-After after its allowance, and not to someone else',
    async (_name, route) => {
      const pair = customers.get(route.name);
      const perCustomer = pair !== undefined;
      const ip = freshIp();
      const token = pair?.[0].token;
      const allowed = [await route.call(t.app, { ip, token }), await route.call(second, { ip, token })];
      for (const res of allowed) expect(res.statusCode, res.body).not.toBe(429);
      expectLimited(await route.call(t.app, { ip, token }), 60);
      // Someone else: another address, or for a customer's route another customer on the same address.
      const other = pair ? { ip, token: pair[1].token } : { ip: freshIp() };
      expect((await route.call(t.app, other)).statusCode).not.toBe(429);
      if (perCustomer) {
        // The same customer from another address is the same counter.
        expectLimited(await route.call(t.app, { ip: freshIp(), token }), 60);
      }
      clock.advance(MINUTE);
      expect((await route.call(second, { ip, token })).statusCode).not.toBe(429);
      clock.advance(MINUTE);
    },
  );

  it("counts a policy's routes together: the phone lookup, register and login share one allowance", async () => {
    const ip = freshIp();
    expect((await phoneLookup(t.app, { ip })).statusCode).toBe(404);
    expect(
      (await inject(t.app, 'POST', '/v1/customers/login', { phone: freshPhone() }, { ip })).statusCode,
    ).toBe(404);
    expectLimited(await inject(t.app, 'POST', '/v1/customers/register', { phone: freshPhone() }, { ip }), 60);
    clock.advance(MINUTE);
  });

  it('counts product listing only when it searches', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await inject(t.app, 'GET', '/v2/product?limit=5', undefined, { ip })).statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      expect((await inject(t.app, 'GET', '/v2/product?search=wrap', undefined, { ip })).statusCode).toBe(200);
    }
    expectLimited(await inject(t.app, 'GET', '/v2/product?search=plov', undefined, { ip }), 60);
    expect((await inject(t.app, 'GET', '/v2/product?limit=5', undefined, { ip })).statusCode).toBe(200);
    clock.advance(MINUTE);
  });

  it('declares 429 (and 503 where a store failure refuses) in the OpenAPI document', async () => {
    const doc = (await t.get('/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const route of ROUTES) {
      const [method = '', path = ''] = route.name.split(' ');
      const openApiPath = path.replace('?search=', '');
      const responses = doc.paths[openApiPath]?.[method.toLowerCase()]?.responses ?? {};
      expect(Object.keys(responses), route.name).toContain('429');
      if (RATE_LIMIT_POLICIES[route.policy].onStoreError === 'refuse') {
        expect(Object.keys(responses), route.name).toContain('503');
      }
    }
  });
});

/** Whether a Redis answers at 127.0.0.1:6379 (the API's REDIS_URL in this test). */
const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 1_000 });
  socket.once('connect', () => {
    socket.end();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

describe.skipIf(!redisUp)(
  'the Redis store (REDIS_URL; skipped when no Redis answers at 127.0.0.1:6379)',
  () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await appOn(t.db, { REDIS_URL });
      b = await appOn(t.db, { REDIS_URL });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('counts across two API processes, with Retry-After, until the window (on the app clock) ends', async () => {
      // A random address: a Redis kept between runs still has the keys of the last one for a while.
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const before = await storedCounters();
      expect((await phoneLookup(a, { ip })).statusCode).toBe(404);
      clock.advance(15 * SECOND);
      expect((await phoneLookup(b, { ip })).statusCode).toBe(404);
      expectLimited(await phoneLookup(a, { ip }), 45);
      expectLimited(await phoneLookup(b, { ip }), 45);
      expect((await phoneLookup(b, { ip: `10.${randomInt(256)}.${randomInt(256)}.0` })).statusCode).toBe(404);
      clock.advance(45 * SECOND);
      expect((await phoneLookup(b, { ip })).statusCode).toBe(404);
      // Nothing of it went to PostgreSQL.
      expect(await storedCounters()).toBe(before);
    });
  },
);

describe('when the store fails', () => {
  const lines: Array<{ level: number; msg: string; policy?: string }> = [];
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };

  it('Redis unreachable: refusing policies answer 503, the others let the request through, both logged', async () => {
    const app = await appOn(t.db, { REDIS_URL: 'redis://127.0.0.1:1' }, logger);
    try {
      const ip = freshIp();
      const refused = await inject(app, 'GET', '/v1/map/geocoder?geocode=Chilonzor', undefined, { ip });
      expect(refused.statusCode).toBe(503);
      expect(ZApiError.parse(refused.json()).code).toBe('SERVICE_UNAVAILABLE');
      const through = await inject(app, 'GET', '/v2/product?search=wrap', undefined, { ip });
      expect(through.statusCode).toBe(200);
      expect(lines.some((l) => l.msg === 'rate limit redis unreachable' && l.level === 50)).toBe(true);
      expect(
        lines.filter((l) => l.msg.startsWith('rate limit store failed')).map((l) => [l.msg, l.policy]),
      ).toEqual([
        ['rate limit store failed: request refused', 'geocoder'],
        ['rate limit store failed: request let through', 'search'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('PostgreSQL table gone: the same rule per policy', async () => {
    lines.length = 0;
    const app = await appOn(t.db, {}, logger);
    try {
      await t.db.db.execute(sql`drop table rate_limits`);
      const ip = freshIp();
      const refused = await phoneLookup(app, { ip });
      expect(refused.statusCode).toBe(503);
      expect(ZApiError.parse(refused.json()).code).toBe('SERVICE_UNAVAILABLE');
      const through = await inject(
        app,
        'POST',
        '/v1/customers/confirm-login',
        { phone: freshPhone(), code: '000000' },
        { ip },
      );
      expect(through.statusCode).toBe(400);
      expect(lines.filter((l) => l.msg.startsWith('rate limit store failed')).map((l) => l.policy)).toEqual([
        'sign-in',
        'code-confirm',
      ]);
    } finally {
      await app.close();
    }
  });
});
