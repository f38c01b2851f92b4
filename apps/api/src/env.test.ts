import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAFF_DEMO_PASSWORD,
  DEMO_CLICK_SECRET_KEY,
  DEMO_LOYALTY_WELCOME_BONUS,
  DEMO_PAYME_KEY,
  DEMO_PAYME_MERCHANT_ID,
  DEMO_SHIPPER_ID,
  developmentOtpSecret,
  EnvError,
  loadDataDir,
  loadEnv,
  REPO_ROOT,
  WEBSITE_PLATFORM_ID,
  weakSecretReason,
} from './env.ts';

/** The environment of the local commands (npm start, npm run dev), which say NODE_ENV themselves. */
const dev = (source: Record<string, string> = {}) => loadEnv({ NODE_ENV: 'development', ...source });
/** What `openssl rand -hex 32` prints: a production secret. */
const GENERATED = '3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f2a4b6c8d0e1f3a5b7c9d2e4f6a8b0c1d3e';
const GENERATED_2 = '9a8b7c6d5e4f30211f2e3d4c5b6a79880e1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b';
/** A production environment that passes every check. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'api@chain.uz',
  ESKIZ_PASSWORD: 'eskiz-account-password',
  OTP_SECRET: GENERATED,
};
/** The variables named by the problems of loadEnv(source), sorted; [] when it loads. */
function refused(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(EnvError);
    return (e as EnvError).problems.map((p) => p.split(':')[0] ?? '').sort();
  }
}
function problemsOf(source: Record<string, string>): string {
  try {
    loadEnv(source);
    return '';
  } catch (e) {
    return (e as EnvError).problems.join('\n');
  }
}

describe('loadEnv', () => {
  it('has a default for everything outside production', () => {
    const env = dev();
    expect(env).toMatchObject({
      PORT: 4000,
      HOST: 'localhost',
      SHIPPER_ID: DEMO_SHIPPER_ID,
      PLATFORM_ID: WEBSITE_PLATFORM_ID,
      CORS_ORIGINS: ['http://localhost:3000'],
      SEED: 'auto',
      LOG_LEVEL: 'info',
      STAFF_DEMO_PASSWORD: DEFAULT_STAFF_DEMO_PASSWORD,
      DOCS_ENABLED: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(`${REPO_ROOT}.data`);
  });

  it('reads values, splits CORS_ORIGINS and treats blank values as unset', () => {
    const env = dev({
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
      dev({
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
    const env = dev();
    expect(env).toMatchObject({
      SMS_PROVIDER: 'outbox',
      TOKEN_TTL_DAYS: 30,
      ESKIZ_BASE_URL: 'https://notify.eskiz.uz',
    });
    expect(env.OTP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(dev().OTP_SECRET).toBe(env.OTP_SECRET);
    expect(dev({ OTP_SECRET: 'x'.repeat(40) }).OTP_SECRET).toBe('x'.repeat(40));
  });

  it('refuses the outbox SMS provider and a missing OTP_SECRET in production', () => {
    expect(refused({ NODE_ENV: 'production' })).toEqual(['OTP_SECRET', 'SMS_PROVIDER']);
    expect(problemsOf({ NODE_ENV: 'production' })).toMatch(
      /SMS_PROVIDER: 'outbox' .* must not run in production/,
    );
    expect(refused({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', OTP_SECRET: GENERATED })).toEqual([
      'SMS_PROVIDER',
    ]);
    expect(refused(PRODUCTION)).toEqual([]);
  });

  it('uses the payment providers’ demo settings and a welcome bonus outside production only', () => {
    expect(dev()).toMatchObject({
      PAYME_MERCHANT_ID: DEMO_PAYME_MERCHANT_ID,
      PAYME_KEY: DEMO_PAYME_KEY,
      CLICK_SECRET_KEY: DEMO_CLICK_SECRET_KEY,
      LOYALTY_WELCOME_BONUS: DEMO_LOYALTY_WELCOME_BONUS,
      PAYMENT_TIMEOUT_MIN: 30,
      LOYALTY_CASHBACK_PERCENT: 5,
      LOYALTY_MAX_SHARE_PERCENT: 50,
      STOREFRONT_URL: 'http://localhost:3000',
    });
    const production = loadEnv(PRODUCTION);
    expect(production).toMatchObject({
      PAYME_KEY: undefined,
      CLICK_SECRET_KEY: undefined,
      LOYALTY_WELCOME_BONUS: 0,
    });
    expect(
      refused({ ...PRODUCTION, PAYME_KEY: DEMO_PAYME_KEY, CLICK_SECRET_KEY: DEMO_CLICK_SECRET_KEY }),
    ).toEqual(['CLICK_SECRET_KEY', 'PAYME_KEY']);
    expect(refused({ ...PRODUCTION, PAYME_KEY: 'Vt3kQ9#mZx2&Lp8RwN5yHb7J' })).toEqual([]);
    expect(refused({ ...PRODUCTION, LOYALTY_PROVIDER: 'iiko' })).toEqual([
      'IIKO_API_LOGIN',
      'IIKO_ORGANIZATION_ID',
    ]);
    expect(
      refused({ NODE_ENV: 'development', PAYMENT_TIMEOUT_MIN: '0', LOYALTY_MAX_SHARE_PERCENT: '101' }),
    ).toEqual(['LOYALTY_MAX_SHARE_PERCENT', 'PAYMENT_TIMEOUT_MIN']);
  });

  it('names missing Eskiz credentials and bad sign-in values', () => {
    let error: unknown;
    try {
      dev({ SMS_PROVIDER: 'eskiz', TOKEN_TTL_DAYS: '0', OTP_SECRET: 'short', ESKIZ_BASE_URL: 'notify' });
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
    const env = dev();
    expect(env).toMatchObject({
      GEOCODER_PROVIDER: 'local',
      YANDEX_GEOCODER_URL: 'https://geocode-maps.yandex.ru/1.x/',
      NOMINATIM_URL: 'https://nominatim.openstreetmap.org',
    });
    expect(env.NOMINATIM_USER_AGENT).toMatch(/^BarakaStorefront\/1\.0 \(/);
    expect(env.ADMIN_TOKEN).toBeUndefined();
    expect(dev({ NOMINATIM_URL: 'http://127.0.0.1:8080/' }).NOMINATIM_URL).toBe('http://127.0.0.1:8080');
    expect(dev({ ADMIN_TOKEN: 't'.repeat(32) }).ADMIN_TOKEN).toBe('t'.repeat(32));
  });

  it('names bad geocoder settings and a short admin token', () => {
    let error: unknown;
    try {
      dev({
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
    expect(dev({}).TRUST_PROXY).toBe(false);
    expect(dev({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(dev({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1, fd00::/8,Loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(dev({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
  });

  it.each([
    ['true', /would trust every hop/],
    ['0', /hop count must be 1 to 10/],
    ['11', /hop count must be 1 to 10/],
    ['10.0.0.0/33', /not 10\.0\.0\.0\/33/],
    ['proxy.internal', /not proxy\.internal/],
  ])('refuses TRUST_PROXY=%s with a reason', (value, reason) => {
    expect(() => dev({ TRUST_PROXY: value })).toThrow(reason);
  });

  it('defaults the SMS budget and the rate limits, and reads them as <max>/<window>', () => {
    const env = dev({});
    expect(env).toMatchObject({ SMS_BUDGET_PER_HOUR: 300, SMS_BUDGET_PER_DAY: 3000 });
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.RATE_LIMIT_SIGN_IN).toEqual({ max: 30, windowMs: 10 * 60_000 });
    expect(env.RATE_LIMIT_VACANCY_APPLICATION).toEqual({ max: 10, windowMs: 3_600_000 });
    const set = dev({
      RATE_LIMIT_GEOCODER: '50 / 30s',
      RATE_LIMIT_ORDER: '5/d',
      REDIS_URL: 'redis://r:6379/1',
    });
    expect(set.RATE_LIMIT_GEOCODER).toEqual({ max: 50, windowMs: 30_000 });
    expect(set.RATE_LIMIT_ORDER).toEqual({ max: 5, windowMs: 86_400_000 });
    expect(set.REDIS_URL).toBe('redis://r:6379/1');
    let error: unknown;
    try {
      dev({
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

  it('allows 20 one-time codes per client address an hour unless OTP_SENDS_PER_ADDRESS_PER_HOUR says otherwise (1 to 1,000)', () => {
    expect(dev({}).OTP_SENDS_PER_ADDRESS_PER_HOUR).toBe(20);
    expect(dev({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '200' }).OTP_SENDS_PER_ADDRESS_PER_HOUR).toBe(200);
    for (const bad of ['0', '-1', '2.5', '1001', 'many']) {
      expect(refused({ NODE_ENV: 'development', OTP_SENDS_PER_ADDRESS_PER_HOUR: bad }), bad).toEqual([
        'OTP_SENDS_PER_ADDRESS_PER_HOUR',
      ]);
    }
  });

  it('sizes the PostgreSQL pool at 6 connections unless DATABASE_POOL_MAX says otherwise (1 to 100)', () => {
    expect(dev({}).DATABASE_POOL_MAX).toBe(6);
    expect(dev({ DATABASE_POOL_MAX: '24' }).DATABASE_POOL_MAX).toBe(24);
    for (const bad of ['0', '-3', '2.5', '101', 'many']) {
      expect(refused({ NODE_ENV: 'development', DATABASE_POOL_MAX: bad }), bad).toEqual([
        'DATABASE_POOL_MAX',
      ]);
    }
  });

  it.each([
    ['DATABASE_CONNECT_TIMEOUT_MS', 5_000, 600_000],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 15_000, 3_600_000],
    ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 3_600_000],
  ] as const)(
    'bounds the database’s waits: %s defaults to %i ms, 0 turns it off, at most %i',
    (name, fallback, max) => {
      expect(dev({})[name]).toBe(fallback);
      expect(dev({ [name]: '0' })[name]).toBe(0);
      expect(dev({ [name]: '250' })[name]).toBe(250);
      expect(dev({ [name]: String(max) })[name]).toBe(max);
      for (const bad of ['-1', '2.5', String(max + 1), 'soon']) {
        expect(refused({ NODE_ENV: 'development', [name]: bad }), bad).toEqual([name]);
      }
    },
  );
});

describe('production as the default (issue 9, finding 9)', () => {
  it('takes an unset NODE_ENV as production, and refuses what production refuses', () => {
    expect(loadEnv({ ...PRODUCTION, NODE_ENV: '' }).NODE_ENV).toBe('production');
    const { NODE_ENV: _unset, ...withoutNodeEnv } = PRODUCTION;
    expect(loadEnv(withoutNodeEnv).NODE_ENV).toBe('production');
    // Nothing configured at all: a deployment that forgot everything does not start.
    expect(refused({})).toEqual(['OTP_SECRET', 'SMS_PROVIDER']);
  });

  it('refuses a demo, placeholder or development OTP_SECRET in production', () => {
    const dataDir = loadDataDir({});
    for (const secret of [
      'change-me-change-me-change-me-change-me',
      'your-otp-secret-of-32-characters-at-least',
      'x'.repeat(64),
      'abababababababababababababababab',
      developmentOtpSecret(dataDir),
    ]) {
      expect(refused({ ...PRODUCTION, OTP_SECRET: secret }), secret).toEqual(['OTP_SECRET']);
    }
    expect(problemsOf({ ...PRODUCTION, OTP_SECRET: 'x'.repeat(64) })).toMatch(/openssl rand -hex 32/);
    // Outside production the same values are fine (tests and demos use them).
    expect(dev({ OTP_SECRET: 'x'.repeat(64) }).OTP_SECRET).toBe('x'.repeat(64));
  });

  it('refuses an example ADMIN_TOKEN, or one equal to OTP_SECRET, in production', () => {
    for (const token of ['example-admin-token-0123456789abcdef', 't'.repeat(32), GENERATED]) {
      expect(refused({ ...PRODUCTION, ADMIN_TOKEN: token }), token).toEqual(['ADMIN_TOKEN']);
    }
    expect(loadEnv({ ...PRODUCTION, ADMIN_TOKEN: GENERATED_2 }).ADMIN_TOKEN).toBe(GENERATED_2);
  });

  it('refuses STAFF_DEMO_PASSWORD in production, even the demo one, and has no default there', () => {
    for (const password of [DEFAULT_STAFF_DEMO_PASSWORD, 'a-strong-staff-password-2026']) {
      expect(refused({ ...PRODUCTION, STAFF_DEMO_PASSWORD: password })).toEqual(['STAFF_DEMO_PASSWORD']);
    }
    expect(loadEnv(PRODUCTION).STAFF_DEMO_PASSWORD).toBeUndefined();
    expect(dev().STAFF_DEMO_PASSWORD).toBe(DEFAULT_STAFF_DEMO_PASSWORD);
  });

  it('refuses TEST_CLOCK=true in production; off unless asked for elsewhere', () => {
    expect(refused({ ...PRODUCTION, TEST_CLOCK: 'true' })).toEqual(['TEST_CLOCK']);
    expect(loadEnv({ ...PRODUCTION, TEST_CLOCK: 'false' }).TEST_CLOCK).toBe(false);
    expect(loadEnv(PRODUCTION).TEST_CLOCK).toBe(false);
    expect(dev().TEST_CLOCK).toBe(false);
    expect(dev({ TEST_CLOCK: 'true' }).TEST_CLOCK).toBe(true);
    expect(refused({ NODE_ENV: 'development', TEST_CLOCK: 'yes' })).toEqual(['TEST_CLOCK']);
  });

  it('lists every production problem at once', () => {
    expect(
      refused({
        NODE_ENV: 'production',
        OTP_SECRET: 'change-me-change-me-change-me-change-me',
        ADMIN_TOKEN: 'x'.repeat(40),
        STAFF_DEMO_PASSWORD: DEFAULT_STAFF_DEMO_PASSWORD,
      }),
    ).toEqual(['ADMIN_TOKEN', 'OTP_SECRET', 'SMS_PROVIDER', 'STAFF_DEMO_PASSWORD']);
  });

  it('seeds nothing in production unless asked; SEED=auto is allowed there (catalogue only)', () => {
    expect(loadEnv(PRODUCTION).SEED).toBe('never');
    expect(loadEnv({ ...PRODUCTION, SEED: 'auto' }).SEED).toBe('auto');
    expect(dev().SEED).toBe('auto');
    expect(dev({ SEED: 'never' }).SEED).toBe('never');
  });

  it('turns /docs off in production unless DOCS_ENABLED=true', () => {
    expect(loadEnv(PRODUCTION).DOCS_ENABLED).toBe(false);
    expect(loadEnv({ ...PRODUCTION, DOCS_ENABLED: 'true' }).DOCS_ENABLED).toBe(true);
    expect(dev().DOCS_ENABLED).toBe(true);
    expect(dev({ DOCS_ENABLED: 'false' }).DOCS_ENABLED).toBe(false);
    expect(refused({ ...PRODUCTION, DOCS_ENABLED: 'yes' })).toEqual(['DOCS_ENABLED']);
  });

  it('reads the data folder alone for the image build, whatever else is missing', () => {
    expect(loadDataDir({})).toBe(`${REPO_ROOT}.data`);
    expect(loadDataDir({ DATA_DIR: '/srv/baraka/data', NODE_ENV: 'production' })).toBe('/srv/baraka/data');
  });

  it('tells generated secrets from typed ones', () => {
    expect(weakSecretReason(GENERATED)).toBeNull();
    expect(weakSecretReason('q7J2mX9vL4pR8sT1wY6zB3nC5kD0fH2g')).toBeNull();
    expect(weakSecretReason('my-demo-secret-for-the-chain-2026')).toMatch(/placeholder/);
    expect(weakSecretReason('1234123412341234123412341234')).toMatch(/too few/);
    expect(weakSecretReason(GENERATED, [GENERATED])).toMatch(/published/);
  });
});
