import { ZApiError, ZSmsOutboxResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { freshIp, freshPhone } from './customers.fixtures.ts';

let t: TestApp;
/**
 * The same API trusting proxies on the LAN (TRUST_PROXY=192.168.1.0/24,fd00::/8): a LAN peer's
 * X-Forwarded-For sets request.ip, so a client on that LAN can make request.ip say 127.0.0.1.
 */
let proxied: FastifyInstance;
const phone = freshPhone();

beforeAll(async () => {
  t = await buildTestApp();
  proxied = await buildApp({
    db: t.db,
    env: {
      LOG_LEVEL: 'silent',
      DATA_DIR: t.app.config.DATA_DIR,
      TRUST_PROXY: ['192.168.1.0/24', 'fd00::/8'],
    },
    logger: false,
    runJobs: false,
  });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v1/customers/register',
    remoteAddress: freshIp(),
    headers: CLIENT_HEADERS,
    payload: { phone },
  });
  expect(sent.statusCode).toBe(200);
});
afterAll(async () => {
  await proxied?.close();
  await t?.close();
});

const outbox = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: `/v1/dev/sms-outbox?phone=${phone}`,
    remoteAddress,
    headers: { ...CLIENT_HEADERS, ...headers },
  });

function expectHidden(res: Awaited<ReturnType<typeof outbox>>) {
  expect(res.statusCode).toBe(404);
  const error = ZApiError.parse(res.json());
  expect(error.code).toBe('ROUTE_NOT_FOUND');
  expect(res.body).not.toMatch(/\d{6}/);
}

describe('GET /v1/dev/sms-outbox answers only this machine', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('from %s: the codes', async (address) => {
    const res = await outbox(t.app, address);
    expect(res.statusCode).toBe(200);
    expect(ZSmsOutboxResponse.parse(res.json()).messages).toHaveLength(1);
  });

  it.each(['192.168.1.23', '10.0.0.7', 'fd00::5', '203.0.113.9'])(
    'from a network address (%s): 404 as if the route did not exist',
    async (address) => {
      expectHidden(await outbox(t.app, address));
      // Not even its query is validated for a stranger.
      expectHidden(
        await t.app.inject({
          method: 'GET',
          url: '/v1/dev/sms-outbox?phone=1',
          remoteAddress: address,
          headers: CLIENT_HEADERS,
        }),
      );
    },
  );

  it('a network client forging X-Forwarded-For: 127.0.0.1 behind a trusted proxy is refused', async () => {
    expectHidden(await outbox(proxied, '192.168.1.23', { 'x-forwarded-for': '127.0.0.1' }));
    expectHidden(await outbox(proxied, 'fd00::5', { 'x-forwarded-for': '::1' }));
    // The proxied app does answer a loopback peer, so the refusal above is the peer rule, not the app.
    expect((await outbox(proxied, '127.0.0.1')).statusCode).toBe(200);
  });

  it.each<Record<string, string>>([
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': '127.0.0.1' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
    { via: '1.1 nginx' },
    { 'x-forwarded-proto': 'https' },
  ])(
    'a request a proxy on this machine forwarded (%o) is refused: its client is elsewhere',
    async (headers) => {
      expectHidden(await outbox(t.app, '127.0.0.1', headers));
      expectHidden(await outbox(proxied, '::1', headers));
    },
  );
});
