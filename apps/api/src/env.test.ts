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
});
