import { ZApiError } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { stableId } from '../db/seed/ids.ts';
import { ensureImages, imageFilesOf, imageFor } from '../images/images.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { httpError } from './errors.ts';

let t: TestApp;
/** A second app on the same database with routes that fail on purpose. */
let failing: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  failing = await buildApp({
    db: t.db,
    env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR },
    logger: false,
  });
  const app = failing.withTypeProvider<ZodTypeProvider>();
  app.post('/v1/test/echo', { schema: { body: z.object({ name: z.string().min(2) }) } }, async (request) => ({
    name: request.body.name,
  }));
  app.get('/v1/test/boom', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 at /srv/app/secret.ts');
  });
  app.get('/v1/test/teapot', async () => {
    throw httpError(409, 'ALREADY_DONE', 'You have already done that');
  });
  app.get(
    '/v1/test/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({
      n: 'not a number' as unknown as number,
    }),
  );
  await failing.ready();
});

afterAll(async () => {
  await failing?.close();
  await t?.close();
});

const apiError = (body: unknown) => ZApiError.parse(body);

describe('client headers on /v1 /v2 /v3', () => {
  it('answers 400 MISSING_HEADER naming Shipper or Platform when one is missing', async () => {
    const noShipper = await t.get('/v1/cities', { shipper: undefined, 'accept-language': 'en' });
    expect(noShipper.statusCode).toBe(400);
    expect(apiError(noShipper.json())).toMatchObject({
      code: 'MISSING_HEADER',
      message: 'The Shipper header is required',
    });
    const noPlatform = await t.get('/v2/product', { platform: undefined });
    expect(noPlatform.statusCode).toBe(400);
    expect(apiError(noPlatform.json())).toMatchObject({
      code: 'MISSING_HEADER',
      fields: [{ field: 'Platform' }],
    });
  });

  it('answers 400 INVALID_HEADER for a header that is not a uuid', async () => {
    const res = await t.get('/v3/auto-add-product', { shipper: 'baraka', 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(apiError(res.json())).toMatchObject({
      code: 'INVALID_HEADER',
      message: 'The Shipper header must be a uuid',
    });
    const platform = await t.get('/v1/branches', { platform: '123' });
    expect(apiError(platform.json())).toMatchObject({
      code: 'INVALID_HEADER',
      fields: [{ field: 'Platform' }],
    });
  });

  it('answers 404 for a shipper that does not exist', async () => {
    const res = await t.get('/v1/cities', { shipper: stableId('shipper', 'nobody') });
    expect(res.statusCode).toBe(404);
    expect(apiError(res.json())).toMatchObject({ code: 'SHIPPER_NOT_FOUND' });
  });

  it('checks them on a path spelled with percent-escapes, which the router decodes to the same route', async () => {
    // '/%762/product' is /v2/product to the router: the shipper must be checked as there.
    const unknown = await t.get('/%762/product', { shipper: stableId('shipper', 'nobody') });
    expect(unknown.statusCode).toBe(404);
    expect(apiError(unknown.json())).toMatchObject({ code: 'SHIPPER_NOT_FOUND' });
    const missing = await t.get('/%761/cities', { shipper: undefined });
    expect(missing.statusCode).toBe(400);
    expect(apiError(missing.json())).toMatchObject({ code: 'MISSING_HEADER' });
    const known = await t.get('/%761/cities');
    expect(known.statusCode).toBe(200);
  });

  it('accepts the headers in any letter case of the uuid', async () => {
    const res = await t.get('/v1/cities', { shipper: CLIENT_HEADERS.shipper.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('does not ask for them outside the versioned API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown route with a JSON 404, headers or not', async () => {
    for (const res of [
      await t.get('/v2/nothing-here'),
      await t.app.inject({ method: 'GET', url: '/nope?x=1' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(apiError(res.json()).code).toBe('ROUTE_NOT_FOUND');
    }
    const notFound = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/nope?x=1', headers }).then((res) => res.json().message);
    expect(await notFound({})).toBe('Адрес GET /nope не найден');
    expect(await notFound({ 'accept-language': 'en' })).toBe('Route GET /nope not found');
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const res = await failing.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(apiError(res.json()).code).toBe('BAD_REQUEST');
  });

  it('answers an invalid body with 400 naming the field', async () => {
    const res = await failing.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(apiError(res.json())).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body: name must be at least 2 characters',
      fields: [{ field: 'name', message: 'must be at least 2 characters' }],
    });
    const missing = await failing.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
      payload: {},
    });
    expect(missing.json().message).toBe('Invalid body: name is required');
    // The same 400 for a Russian or Uzbek reader: the sentence translated, code and fields as they were.
    for (const [language, message] of [
      ['ru', 'Неверные данные: name — не короче 2 символов'],
      ['uz', "Noto'g'ri ma'lumotlar: name — kamida 2 ta belgi"],
    ] as const) {
      const translated = await failing.inject({
        method: 'POST',
        url: '/v1/test/echo',
        headers: { ...CLIENT_HEADERS, 'accept-language': language },
        payload: { name: 'x' },
      });
      expect(apiError(translated.json())).toEqual({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message,
        fields: [{ field: 'name', message: 'must be at least 2 characters' }],
      });
    }
  });

  it('passes an httpError through with its status, code and message', async () => {
    const res = await failing.inject({ method: 'GET', url: '/v1/test/teapot', headers: CLIENT_HEADERS });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      code: 'ALREADY_DONE',
      message: 'You have already done that',
    });
  });

  it('answers anything unexpected with a generic 500 that leaks nothing', async () => {
    for (const url of ['/v1/test/boom', '/v1/test/bad-response']) {
      const res = await failing.inject({
        method: 'GET',
        url,
        headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
      });
      const inRussian = await failing.inject({ method: 'GET', url, headers: CLIENT_HEADERS });
      expect(inRussian.json()).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Внутренняя ошибка сервера',
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|secret|schema|stack/i);
    }
  });

  it('gives every response a request id', async () => {
    const res = await t.get('/v1/cities');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.get('/v1/cities', { 'x-request-id': 'from-the-storefront-1' });
    expect(given.headers['x-request-id']).toBe('from-the-storefront-1');
    const hostile = await t.get('/v1/cities', { 'x-request-id': 'line\tbreak {"level":60}' });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS', () => {
  it('lets the storefront origin send the client headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v2/product',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'shipper,platform',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('shipper');
  });

  it('lets the storefront read Retry-After of a 429', async () => {
    const res = await t.get('/v1/cities', { origin: 'http://localhost:3000' });
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
  });

  it('does not allow other origins', async () => {
    const res = await t.get('/v1/cities', { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('system routes', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('GET /openapi.json documents every route with its headers, and /docs serves the reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/healthz',
      '/v1/shippers/{id}',
      '/v1/cities',
      '/v2/product',
      '/v2/product/{id}',
      '/v2/menu-products',
      '/v2/stop-list',
      '/v2/modifier',
      '/v3/auto-add-product',
      '/v1/branches',
      '/v1/branches/{id}',
      '/v1/user_reviews',
      '/v1/customers/phone',
      '/v1/customers/confirm-login',
      '/v1/customers/{id}',
      '/v2/customers/login-without-otp',
    ]) {
      expect(paths, path).toContain(path);
    }
    const params = doc.paths['/v2/product'].get.parameters.map(
      (p: { in: string; name: string }) => `${p.in}:${p.name}`,
    );
    expect(params).toEqual(
      expect.arrayContaining(['header:shipper', 'header:platform', 'query:limit', 'query:search']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves images as WebP with a long immutable cache, without client headers', async () => {
    const image = imageFor(
      'products',
      'test-dish',
      { icon: 'hamburger', background: '#ffeecc' },
      { ru: 'x', uz: 'x', en: 'x' },
    );
    await ensureImages(`${t.app.config.DATA_DIR}/images`, imageFilesOf([image]));
    const res = await t.app.inject({ method: 'GET', url: image.sources[1]?.url ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/images/r1/products/nothing--hamburger--ffeecc-160.webp',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: '/images/../../etc/passwd' });
    expect(traversal.statusCode).toBe(404);
  });
});

describe('start-up refusals', () => {
  it('does not start with the outbox SMS provider in production, even when the env comes from code', async () => {
    await expect(
      buildApp({
        db: t.db,
        env: {
          LOG_LEVEL: 'silent',
          DATA_DIR: t.app.config.DATA_DIR,
          NODE_ENV: 'production',
          SMS_PROVIDER: 'outbox',
        },
        logger: false,
      }),
    ).rejects.toThrow(/outbox.*production/);
  });
});
