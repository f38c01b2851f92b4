import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZApiError, ZApiKey, ZApiKeysResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { newestApiKey } from './api-keys.repository.ts';
import { isAdmin } from './api-keys.service.ts';

const ADMIN_TOKEN = `${'a'.repeat(24)}staff-token-0123456789`;
const NOW = new Date('2026-03-01T09:00:00.000Z');
const clock = createTestClock(NOW);

let t: TestApp;
let noAdminApp: FastifyInstance;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_TOKEN }, clock: clock.now });
  dir = mkdtempSync(join(tmpdir(), 'api-keys-test-'));
  // The same database, served by an API started without ADMIN_TOKEN.
  noAdminApp = await buildApp({ db: t.db, env: { LOG_LEVEL: 'silent', DATA_DIR: dir }, logger: false });
  await noAdminApp.ready();
});
afterAll(async () => {
  await noAdminApp?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = {
  oldGeocoder: '0a000000-0000-4000-8000-000000000001',
  newGeocoder: '0a000000-0000-4000-8000-000000000002',
  maps: '0a000000-0000-4000-8000-000000000003',
  unknown: '0a000000-0000-4000-8000-000000000004',
};

beforeEach(async () => {
  clock.set(NOW);
  await t.db.db.delete(apiKeys);
  const row = (id: string, type: 'geocoder' | 'maps', key: string, at: string) => ({
    id,
    shipperId: DEMO_SHIPPER_ID,
    type,
    key,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  });
  await t.db.db
    .insert(apiKeys)
    .values([
      row(ids.oldGeocoder, 'geocoder', 'geocoder-key-2025', '2025-06-01T00:00:00Z'),
      row(ids.maps, 'maps', 'maps-key-2026', '2026-01-15T00:00:00Z'),
      row(ids.newGeocoder, 'geocoder', 'geocoder-key-2026', '2026-02-01T00:00:00Z'),
    ]);
});

const list = async (query = '') => {
  const res = await t.get(`/v2/api-keys-ids${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZApiKeysResponse.parse(res.json());
};

const put = (id: string, body: unknown, headers: Record<string, string> = {}, app?: FastifyInstance) =>
  (app ?? t.app).inject({
    method: 'PUT',
    url: `/v2/api-keys/${id}`,
    headers: { ...CLIENT_HEADERS, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

const GEOCODER_VALUES = ['geocoder-key-2025', 'geocoder-key-2026'];
const mapsKey = { id: ids.maps, type: 'maps', key: 'maps-key-2026' };

describe('GET /v2/api-keys-ids', () => {
  it('lists the ids newest first, of one type when asked, with the values of browser keys only', async () => {
    expect(await list()).toEqual({
      count: 3,
      ids: [ids.newGeocoder, ids.maps, ids.oldGeocoder],
      keys: [mapsKey],
    });
    expect(await list('?page=1&limit=10&type=geocoder')).toEqual({
      count: 2,
      ids: [ids.newGeocoder, ids.oldGeocoder],
      keys: [],
    });
    expect(await list('?type=maps')).toEqual({ count: 1, ids: [ids.maps], keys: [mapsKey] });
  });

  it('never answers the value of a geocoder key, whatever the query (issue 9, finding 8)', async () => {
    for (const query of ['', '?type=geocoder', '?type=maps', '?limit=1', '?limit=100', '?limit=2&page=2']) {
      const res = await t.get(`/v2/api-keys-ids${query}`);
      expect(res.statusCode, res.body).toBe(200);
      for (const value of GEOCODER_VALUES) expect(res.body, query).not.toContain(value);
    }
    // Nor does the answer to writing one.
    const res = await put(ids.newGeocoder, { key: 'geocoder-key-rotated' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('geocoder-key-rotated');
    expect((await t.get('/v2/api-keys-ids')).body).not.toContain('geocoder-key-rotated');
  });

  it('answers a maps key once it is written, and stops when it becomes a geocoder key', async () => {
    expect((await t.get('/v2/api-keys-ids?type=maps')).body).toContain('maps-key-2026');
    const res = await put(ids.maps, { key: 'now-a-server-key', type: 'geocoder' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.get('/v2/api-keys-ids');
    expect(after.body).not.toContain('now-a-server-key');
    expect(after.body).not.toContain('maps-key-2026');
    expect(ZApiKeysResponse.parse(after.json()).keys).toEqual([]);
  });

  it('pages', async () => {
    expect(await list('?limit=2&page=2')).toEqual({ count: 3, ids: [ids.oldGeocoder], keys: [] });
    expect(await list('?limit=2&page=3')).toEqual({ count: 3, ids: [], keys: [] });
  });

  it('answers an empty list for a chain without keys', async () => {
    await t.db.db.delete(apiKeys);
    expect(await list('?type=geocoder')).toEqual({ count: 0, ids: [], keys: [] });
  });

  it.each(['?type=weather', '?limit=0', '?limit=101', '?page=0', '?page=abc'])(
    '%s: 400 with a message',
    async (q) => {
      const res = await t.get(`/v2/api-keys-ids${q}`);
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).message).not.toBe('');
    },
  );
});

describe('PUT /v2/api-keys/{id}', () => {
  it('replaces a key for staff; the replaced key becomes the newest', async () => {
    clock.set(new Date('2026-03-02T10:00:00.000Z'));
    const res = await put(ids.oldGeocoder, { key: 'geocoder-key-rotated' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZApiKey.parse(res.json())).toEqual({
      id: ids.oldGeocoder,
      type: 'geocoder',
      updated_at: '2026-03-02T10:00:00.000Z',
    });
    expect((await list('?type=geocoder')).ids).toEqual([ids.oldGeocoder, ids.newGeocoder]);
    // The server's geocoder calls now use it.
    expect(await newestApiKey(t.db.db, DEMO_SHIPPER_ID, 'geocoder')).toBe('geocoder-key-rotated');
  });

  it('changes the type when given, and accepts the token in any Bearer case', async () => {
    const res = await put(
      ids.maps,
      { key: 'now-a-geocoder-key', type: 'geocoder' },
      { authorization: `bearer ${ADMIN_TOKEN}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().type).toBe('geocoder');
    expect((await list('?type=maps')).ids).toEqual([]);
  });

  it.each([
    ['no Authorization', {}],
    ['a customer token', { authorization: `Bearer ${'c'.repeat(64)}` }],
    ['the token without Bearer', { authorization: ADMIN_TOKEN }],
    ['a token one character short', { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
    ['a token with a character more', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
  ])('%s: 403 with a message, nothing changed', async (_label, headers) => {
    const res = await put(ids.newGeocoder, { key: 'stolen-key-123' }, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ADMIN_ONLY',
      message: 'Изменять ключи может только администратор',
    });
    expect((await t.get('/v2/api-keys-ids')).body).not.toContain('stolen-key-123');
    const stored = await t.db.db.select({ key: apiKeys.key }).from(apiKeys);
    expect(stored.map((r) => r.key)).not.toContain('stolen-key-123');
  });

  it('refuses everyone when the API has no ADMIN_TOKEN, whatever they send', async () => {
    for (const authorization of [`Bearer ${ADMIN_TOKEN}`, 'Bearer ', 'Bearer undefined']) {
      const res = await put(
        ids.newGeocoder,
        { key: 'stolen-key-123' },
        { authorization, 'accept-language': 'en' },
        noAdminApp,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an administrator can change keys');
    }
  });

  it('refuses a non-admin before looking at the body', async () => {
    const res = await put(ids.newGeocoder, { key: 1 }, {});
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await put(ids.unknown, { key: 'some-new-key-1' }, { ...admin, 'accept-language': 'uz' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'API_KEY_NOT_FOUND', message: 'Kalit topilmadi' });
  });

  it.each([
    ['a bad id', 'not-a-uuid', { key: 'valid-key-123' }],
    ['no key', ids.maps, {}],
    ['a short key', ids.maps, { key: 'short' }],
    ['a blank key', ids.maps, { key: '         ' }],
    ['an unknown type', ids.maps, { key: 'valid-key-123', type: 'weather' }],
  ])('%s: 400 with a message', async (_label, id, body) => {
    const res = await put(id, body, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(ZApiError.parse(res.json()).message).not.toBe('');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/api-keys/${ids.maps}`,
      headers: { ...CLIENT_HEADERS, ...admin, 'content-type': 'application/json' },
      payload: '{"key":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('isAdmin', () => {
  it('accepts only the exact token after Bearer, and nothing without a configured token', () => {
    expect(isAdmin(`Bearer ${ADMIN_TOKEN}`, ADMIN_TOKEN)).toBe(true);
    expect(isAdmin(`  Bearer   ${ADMIN_TOKEN}  `, ADMIN_TOKEN)).toBe(true);
    expect(isAdmin(`Bearer ${ADMIN_TOKEN.toUpperCase()}`, ADMIN_TOKEN)).toBe(false);
    expect(isAdmin(undefined, ADMIN_TOKEN)).toBe(false);
    expect(isAdmin(`Bearer ${ADMIN_TOKEN}`, undefined)).toBe(false);
    expect(isAdmin('Bearer ', '')).toBe(false);
  });
});
