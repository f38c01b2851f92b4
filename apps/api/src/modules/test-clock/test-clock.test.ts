import { ZApiError } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { freshIp, freshPhone } from '../customers/customers.fixtures.ts';
import { createOffsetClock } from './test-clock.ts';

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await buildTestApp({ env: { TEST_CLOCK: true } });
  off = await buildTestApp();
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const clock = (t: TestApp, options: { offset?: unknown; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: options.offset === undefined ? 'GET' : 'PUT',
    url: '/v1/dev/clock',
    headers: CLIENT_HEADERS,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    ...(options.offset === undefined ? {} : { payload: { offset_ms: options.offset } }),
  });
const register = (t: TestApp, phone: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/customers/register',
    headers: CLIENT_HEADERS,
    remoteAddress: ip,
    payload: { phone },
  });

describe('createOffsetClock', () => {
  it('is the system time plus the offset it was given', () => {
    let system = 1_000_000;
    const c = createOffsetClock(() => system);
    expect(c.now().getTime()).toBe(1_000_000);
    c.setOffsetMs(61_000);
    system += 5;
    expect(c.now().getTime()).toBe(1_061_005);
    expect(c.offsetMs()).toBe(61_000);
    c.setOffsetMs(0);
    expect(c.now().getTime()).toBe(1_000_005);
  });
});

describe('/v1/dev/clock with TEST_CLOCK=true', () => {
  it("moves the time the API's rules read: a code resend a minute later, without waiting", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await register(on, phone, ip)).statusCode).toBe(200);
    expect(ZApiError.parse((await register(on, phone, ip)).json()).code).toBe('RESEND_TOO_EARLY');

    const moved = await clock(on, { offset: 61_000 });
    expect(moved.statusCode).toBe(200);
    const state = moved.json() as { now: string; offset_ms: number };
    expect(state.offset_ms).toBe(61_000);
    expect(Math.abs(Date.parse(state.now) - (Date.now() + 61_000))).toBeLessThan(5_000);
    expect((await register(on, phone, ip)).statusCode).toBe(200);

    const back = await clock(on, { offset: 0 });
    expect(back.json()).toMatchObject({ offset_ms: 0 });
    expect((await clock(on)).json()).toMatchObject({ offset_ms: 0 });
  });

  it('refuses an offset that is not a whole number of ms within a year', async () => {
    for (const offset of [1.5, '60000', 400 * 24 * 3600 * 1000, null]) {
      const res = await clock(on, { offset });
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).code).toBe('VALIDATION_ERROR');
    }
    expect((await clock(on)).json()).toMatchObject({ offset_ms: 0 });
  });

  it.each(['192.168.1.23', 'fd00::5', '203.0.113.9'])(
    'answers a client at %s as if it did not exist, and leaves the clock alone',
    async (remoteAddress) => {
      for (const res of [
        await clock(on, { remoteAddress }),
        await clock(on, { remoteAddress, offset: 9_000 }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(ZApiError.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
      }
      expect((await clock(on)).json()).toMatchObject({ offset_ms: 0 });
    },
  );
});

describe('/v1/dev/clock without TEST_CLOCK (the default)', () => {
  it('does not exist, and the API reads the system time', async () => {
    expect(off.app.config.TEST_CLOCK).toBe(false);
    for (const res of [await clock(off), await clock(off, { offset: 61_000 })]) {
      expect(res.statusCode).toBe(404);
      expect(ZApiError.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
    }
    expect(Math.abs(off.app.clock().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
