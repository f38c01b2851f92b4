import { describe, expect, it } from 'vitest';
import { DEMO_SHIPPER_ID, EnvError, loadEnv, REPO_ROOT, WEBSITE_PLATFORM_ID } from './env.ts';

describe('loadEnv', () => {
  it('has a default for everything', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 4000,
      HOST: 'localhost',
      SHIPPER_ID: DEMO_SHIPPER_ID,
      PLATFORM_ID: WEBSITE_PLATFORM_ID,
      CORS_ORIGINS: ['http://localhost:3000'],
      SEED: 'auto',
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(`${REPO_ROOT}.data`);
  });

  it('reads values, splits CORS_ORIGINS and treats blank values as unset', () => {
    const env = loadEnv({
      PORT: '4100',
      DATABASE_URL: 'postgres://u@db:5432/app',
      CORS_ORIGINS: 'http://a.test, https://b.test',
      SEED: 'never',
      LOG_LEVEL: ' ',
    });
    expect(env).toMatchObject({
      PORT: 4100,
      DATABASE_URL: 'postgres://u@db:5432/app',
      CORS_ORIGINS: ['http://a.test', 'https://b.test'],
      SEED: 'never',
      LOG_LEVEL: 'info',
    });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SHIPPER_ID: 'baraka',
        SEED: 'always',
        CORS_ORIGINS: 'nope',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['CORS_ORIGINS', 'DATABASE_URL', 'PORT', 'SEED', 'SHIPPER_ID']);
    expect((error as EnvError).message).toContain('PORT');
  });

  it('defaults sign-in settings: outbox SMS, 30-day tokens, a derived development OTP secret', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      SMS_PROVIDER: 'outbox',
      TOKEN_TTL_DAYS: 30,
      ESKIZ_BASE_URL: 'https://notify.eskiz.uz',
    });
    expect(env.OTP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(loadEnv({}).OTP_SECRET).toBe(env.OTP_SECRET);
    expect(loadEnv({ OTP_SECRET: 'x'.repeat(40) }).OTP_SECRET).toBe('x'.repeat(40));
  });

  it('refuses the outbox SMS provider and a missing OTP_SECRET in production', () => {
    const problems = (source: Record<string, string>) => {
      try {
        loadEnv(source);
        return [];
      } catch (e) {
        expect(e).toBeInstanceOf(EnvError);
        return (e as EnvError).problems;
      }
    };
    const production = problems({ NODE_ENV: 'production' });
    expect(production.map((p) => p.split(':')[0]).sort()).toEqual(['OTP_SECRET', 'SMS_PROVIDER']);
    expect(production.join('\n')).toMatch(/SMS_PROVIDER: 'outbox' .* must not run in production/);
    expect(
      problems({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', OTP_SECRET: 's'.repeat(32) }),
    ).toHaveLength(1);
    expect(
      problems({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'eskiz',
        OTP_SECRET: 's'.repeat(32),
        ESKIZ_EMAIL: 'a@b.uz',
        ESKIZ_PASSWORD: 'p',
      }),
    ).toEqual([]);
  });

  it('names missing Eskiz credentials and bad sign-in values', () => {
    let error: unknown;
    try {
      loadEnv({ SMS_PROVIDER: 'eskiz', TOKEN_TTL_DAYS: '0', OTP_SECRET: 'short', ESKIZ_BASE_URL: 'notify' });
    } catch (e) {
      error = e;
    }
    const names = (error as EnvError).problems.map((p) => p.split(':')[0]).sort();
    expect(names).toEqual([
      'ESKIZ_BASE_URL',
      'ESKIZ_EMAIL',
      'ESKIZ_PASSWORD',
      'OTP_SECRET',
      'TOKEN_TTL_DAYS',
    ]);
  });

  it('defaults the geocoder to the local gazetteer, with no admin token', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      GEOCODER_PROVIDER: 'local',
      YANDEX_GEOCODER_URL: 'https://geocode-maps.yandex.ru/1.x/',
      NOMINATIM_URL: 'https://nominatim.openstreetmap.org',
    });
    expect(env.NOMINATIM_USER_AGENT).toMatch(/^BarakaStorefront\/1\.0 \(/);
    expect(env.ADMIN_TOKEN).toBeUndefined();
    expect(loadEnv({ NOMINATIM_URL: 'http://127.0.0.1:8080/' }).NOMINATIM_URL).toBe('http://127.0.0.1:8080');
    expect(loadEnv({ ADMIN_TOKEN: 't'.repeat(32) }).ADMIN_TOKEN).toBe('t'.repeat(32));
  });

  it('names bad geocoder settings and a short admin token', () => {
    let error: unknown;
    try {
      loadEnv({
        GEOCODER_PROVIDER: 'google',
        NOMINATIM_URL: 'osm',
        YANDEX_GEOCODER_URL: 'yandex',
        ADMIN_TOKEN: 'secret',
      });
    } catch (e) {
      error = e;
    }
    const names = (error as EnvError).problems.map((p) => p.split(':')[0]).sort();
    expect(names).toEqual(['ADMIN_TOKEN', 'GEOCODER_PROVIDER', 'NOMINATIM_URL', 'YANDEX_GEOCODER_URL']);
  });

  it('trusts no proxy by default, and the listed proxies when TRUST_PROXY names them', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1, fd00::/8,Loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['true', /would trust every hop/],
    ['2', /hop count/],
    ['10.0.0.0/33', /not 10\.0\.0\.0\/33/],
    ['proxy.internal', /not proxy\.internal/],
  ])('refuses TRUST_PROXY=%s with a reason', (value, reason) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(reason);
  });

  it('defaults the SMS budget and the rate limits, and reads them as <max>/<window>', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ SMS_BUDGET_PER_HOUR: 300, SMS_BUDGET_PER_DAY: 3000 });
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.RATE_LIMIT_SIGN_IN).toEqual({ max: 30, windowMs: 10 * 60_000 });
    expect(env.RATE_LIMIT_VACANCY_APPLICATION).toEqual({ max: 10, windowMs: 3_600_000 });
    const set = loadEnv({
      RATE_LIMIT_GEOCODER: '50 / 30s',
      RATE_LIMIT_ORDER: '5/d',
      REDIS_URL: 'redis://r:6379/1',
    });
    expect(set.RATE_LIMIT_GEOCODER).toEqual({ max: 50, windowMs: 30_000 });
    expect(set.RATE_LIMIT_ORDER).toEqual({ max: 5, windowMs: 86_400_000 });
    expect(set.REDIS_URL).toBe('redis://r:6379/1');
    let error: unknown;
    try {
      loadEnv({
        RATE_LIMIT_SEARCH: '300',
        RATE_LIMIT_QUOTE: '0/1m',
        SMS_BUDGET_PER_DAY: '0',
        REDIS_URL: 'localhost',
      });
    } catch (e) {
      error = e;
    }
    expect((error as EnvError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'RATE_LIMIT_QUOTE',
      'RATE_LIMIT_SEARCH',
      'REDIS_URL',
      'SMS_BUDGET_PER_DAY',
    ]);
  });
});
