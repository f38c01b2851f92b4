import { ZApiError } from '@app/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { freshPhone } from '../modules/customers/customers.fixtures.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { createTestClock } from '../test/clock.ts';

/**
 * TRUST_PROXY (issue 9, finding 10), observed through the phone-lookup limit (3 a minute here):
 * whose X-Forwarded-For decides which address bucket a request counts in.
 */
const LIMIT = { RATE_LIMIT_SIGN_IN: { max: 3, windowMs: 60_000 } };
const PROXY = '127.0.0.1';

const clock = createTestClock();
/** No TRUST_PROXY: the socket's peer is the client. */
let t: TestApp;
/** TRUST_PROXY=127.0.0.1: a reverse proxy on this machine appends the client's address. */
let proxied: FastifyInstance;
/** TRUST_PROXY=2: a load balancer, then a proxy on this machine, each appending what it saw. */
let twoHops: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now, env: LIMIT });
  proxied = await buildApp({
    db: t.db,
    env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR, ...LIMIT, TRUST_PROXY: [PROXY] },
    logger: false,
    clock: clock.now,
    runJobs: false,
  });
  twoHops = await buildApp({
    db: t.db,
    env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR, ...LIMIT, TRUST_PROXY: { hops: 2 } },
    logger: false,
    clock: clock.now,
    runJobs: false,
  });
});
afterAll(async () => {
  await twoHops?.close();
  await proxied?.close();
  await t?.close();
});

const lookup = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/customers/phone',
    remoteAddress,
    headers: { ...CLIENT_HEADERS, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { phone: freshPhone() },
  });

const expectLimited = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(429);
  expect(ZApiError.parse(res.json()).code).toBe('RATE_LIMITED');
};

describe('without TRUST_PROXY', () => {
  it('a client rotating forged X-Forwarded-For values is still counted as its socket address', async () => {
    const client = '203.0.113.50';
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(t.app, client, `198.51.100.${i}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(t.app, client, '198.51.100.99'));
    expectLimited(await lookup(t.app, client, '2001:db8::1, 198.51.100.100'));
    expectLimited(await lookup(t.app, client));
    // Everyone else is another bucket.
    expect((await lookup(t.app, '203.0.113.51', '203.0.113.50')).statusCode).toBe(404);
    clock.advance(60_000);
  });

  it('a proxy in front without TRUST_PROXY makes every customer one bucket (why TRUST_PROXY exists)', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await lookup(t.app, PROXY, `198.51.100.${10 + i}`)).statusCode).toBe(404);
    expectLimited(await lookup(t.app, PROXY, '198.51.100.20'));
    clock.advance(60_000);
  });
});

describe('with TRUST_PROXY=127.0.0.1', () => {
  it('two customers behind the proxy get separate buckets', async () => {
    for (let i = 0; i < 3; i++) expect((await lookup(proxied, PROXY, '198.51.100.30')).statusCode).toBe(404);
    expectLimited(await lookup(proxied, PROXY, '198.51.100.30'));
    expect((await lookup(proxied, PROXY, '198.51.100.31')).statusCode).toBe(404);
    // IPv6 customers behind the proxy count by their /64, like direct ones.
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(proxied, PROXY, `2001:db8:30:1::${i}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(proxied, PROXY, '2001:db8:30:1::ffff'));
    expect((await lookup(proxied, PROXY, '2001:db8:30:2::1')).statusCode).toBe(404);
    clock.advance(60_000);
  });

  it("a client's own forged X-Forwarded-For prefix does not choose its address: only the proxy's entry counts", async () => {
    const real = '198.51.100.40';
    // What the proxy forwards: whatever the client sent, then the address it saw.
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(proxied, PROXY, `1.2.3.${i}, ${real}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(proxied, PROXY, `1.2.3.4, ${real}`));
    expectLimited(await lookup(proxied, PROXY, `127.0.0.1, 10.9.8.7, ${real}`));
    expectLimited(await lookup(proxied, PROXY, real));
    clock.advance(60_000);
  });

  it('a client reaching the API directly (not through the proxy) cannot use X-Forwarded-For either', async () => {
    const direct = '203.0.113.60';
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(proxied, direct, `198.51.100.${50 + i}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(proxied, direct, '198.51.100.59'));
    clock.advance(60_000);
  });
});

describe('with TRUST_PROXY=2 (hops)', () => {
  const BALANCER = '10.0.0.7';

  it('the client is the entry the first of the two proxies appended', async () => {
    // The balancer appends the client, the local proxy appends the balancer.
    for (let i = 0; i < 3; i++) {
      expect((await lookup(twoHops, PROXY, `198.51.100.70, ${BALANCER}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(twoHops, PROXY, `198.51.100.70, ${BALANCER}`));
    // Another customer behind the same two proxies is another bucket.
    expect((await lookup(twoHops, PROXY, `198.51.100.71, ${BALANCER}`)).statusCode).toBe(404);
    clock.advance(60_000);
  });

  it("a client's forged entries in front of the proxies' are not read", async () => {
    const real = '198.51.100.80';
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(twoHops, PROXY, `1.2.3.${i}, ${real}, ${BALANCER}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(twoHops, PROXY, `9.9.9.9, 8.8.8.8, ${real}, ${BALANCER}`));
    clock.advance(60_000);
  });

  it('is what Fastify would otherwise ignore: a bare number trusts nobody', async () => {
    // Without trustProxyOption's function, every customer behind the proxies would be one bucket.
    const { trustProxyOption } = await import('../env.ts');
    const trust = trustProxyOption({ hops: 2 });
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('203.0.113.1', hop))).toEqual([true, true, false]);
  });
});

describe('TRUST_PROXY ranges', () => {
  const start = (value: string) => () => loadEnv({ NODE_ENV: 'development', TRUST_PROXY: value });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/0', '::ffff:0:0/0', '10.0.0.1, 0.0.0.0/0'])(
    'refuses %s at start: a /0 range trusts every address, as the refused true would',
    (value) => {
      expect(start(value)).toThrow(/TRUST_PROXY.*\/0 .*trusts every address/s);
    },
  );

  it('still takes narrower ranges', () => {
    expect(start('10.0.0.0/8, fd00::/8, 203.0.113.0/24')().TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '203.0.113.0/24',
    ]);
  });
});

describe('a forwarded address with a port (ip:port, as Azure writes it)', () => {
  it('counts in the address’s bucket, whatever the source port', async () => {
    const client = '198.51.100.70';
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(proxied, PROXY, `${client}:${40_000 + i}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(proxied, PROXY, `${client}:50000`));
    expectLimited(await lookup(proxied, PROXY, client));
    // [v6]:port likewise, by its /64.
    for (let i = 1; i <= 3; i++) {
      expect((await lookup(proxied, PROXY, `[2001:db8:70:1::${i}]:${40_000 + i}`)).statusCode).toBe(404);
    }
    expectLimited(await lookup(proxied, PROXY, '[2001:db8:70:1::9]:50000'));
    clock.advance(60_000);
  });
});
