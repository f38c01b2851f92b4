import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TGeocoderResponse, ZApiError, ZGeocoderResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGeocodingServer, startFakeGeocodingServer } from '../../adapters/geocoder/fake-server.ts';
import { createYandexGeocoder } from '../../adapters/geocoder/yandex.ts';
import { buildApp } from '../../app.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { DEMO_SHIPPER_ID, type Env } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { newestApiKey } from '../api-keys/api-keys.repository.ts';

/**
 * The local provider against the fixture gazetteer (src/test/fixture-places.ts): Tashkent with the
 * Amir Temur square (landmark) and avenue (street), the Chilonzor district and metro station, Chorsu,
 * the TV tower, Independence square, Oybek metro, Bunyodkor avenue, the Yunusobod district. The
 * Yandex provider against a fake Yandex Geocoder on 127.0.0.1.
 */
let t: TestApp;
let fake: FakeGeocodingServer;
const extraApps: FastifyInstance[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  [t, fake] = await Promise.all([buildTestApp(), startFakeGeocodingServer()]);
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await t?.close();
  await fake?.close();
});

const place = (key: string) => `local://place/${stableId('place', key)}`;

async function geocode(params: Record<string, string>, headers?: Record<string, string>) {
  const res = await t.get(`/v1/map/geocoder?${new URLSearchParams(params)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return ZGeocoderResponse.parse(res.json());
}
const objects = (answer: TGeocoderResponse) =>
  answer.response.GeoObjectCollection.featureMember.map((m) => m.GeoObject);
const names = (answer: TGeocoderResponse) => objects(answer).map((o) => o.name);
const uris = (answer: TGeocoderResponse) =>
  objects(answer).map((o) => o.metaDataProperty.GeocoderMetaData.uri);

describe('GET /v1/map/geocoder, local provider: forward', () => {
  it("finds 'Амир Темур' by its Cyrillic and Latin names, answering in Russian by default", async () => {
    const answer = await geocode({ geocode: 'Амир Темур', format: 'json', results: '5' });
    expect(names(answer).slice(0, 2).sort()).toEqual(['Сквер Амира Темура', 'проспект Амира Темура'].sort());
    expect(answer.response.GeoObjectCollection.metaDataProperty.GeocoderResponseMetaData).toMatchObject({
      request: 'Амир Темур',
      results: '5',
    });
    const square = objects(answer).find((o) => o.name === 'Сквер Амира Темура');
    expect(square).toMatchObject({
      description: 'Мирабадский район, Ташкент',
      Point: { pos: '69.279737 41.311081' },
      metaDataProperty: {
        GeocoderMetaData: {
          kind: 'other',
          precision: 'exact',
          uri: place('amir-temur-square'),
          text: 'Узбекистан, Ташкент, Сквер Амира Темура',
          Address: {
            country_code: 'UZ',
            formatted: 'Узбекистан, Ташкент, Сквер Амира Темура',
            Components: [
              { kind: 'country', name: 'Узбекистан' },
              { kind: 'locality', name: 'Ташкент' },
              { kind: 'other', name: 'Сквер Амира Темура' },
            ],
          },
        },
      },
    });
  });

  it("finds the same places for 'amir temur' in Latin, named in the asked language", async () => {
    const uz = await geocode({ geocode: 'amir temur', lang: 'uz_UZ' });
    expect(names(uz).slice(0, 2).sort()).toEqual(["Amir Temur shoh ko'chasi", 'Amir Temur xiyoboni']);
    expect(objects(uz).find((o) => o.name === 'Amir Temur xiyoboni')?.description).toBe(
      'Mirobod tumani, Toshkent',
    );
    const en = await geocode({ geocode: 'amir temur', lang: 'en_US' });
    expect(names(en).slice(0, 2).sort()).toEqual(['Amir Temur Avenue', 'Amir Timur Square']);
    const ru = await geocode({ geocode: 'Амир Темур' });
    expect(new Set(uris(en).slice(0, 2))).toEqual(new Set(uris(ru).slice(0, 2)));
  });

  it("finds Chilonzor as 'Chilonzor' and as 'Чиланзар' (ru and uz spellings differ in vowels)", async () => {
    const latin = await geocode({ geocode: 'Chilonzor', lang: 'en_US' });
    const cyrillic = await geocode({ geocode: 'Чиланзар', lang: 'en_US' });
    const expected = [place('chilonzor'), place('metro-chilonzor')].sort();
    expect(uris(latin).slice(0, 2).sort()).toEqual(expected);
    expect(uris(cyrillic).slice(0, 2).sort()).toEqual(expected);
    expect(names(latin).slice(0, 2).sort()).toEqual(['Chilonzor district', 'Chilonzor metro station']);
    // A place only described as being in Chilonzor comes after the ones named so.
    expect(uris(latin)).toContain(place('bunyodkor-avenue'));
    expect(uris(latin).indexOf(place('bunyodkor-avenue'))).toBe(2);
  });

  it('ranks equally good matches by distance to ll', async () => {
    const nearMetro = await geocode({ geocode: 'Chilonzor', ll: '69.2046,41.2736', lang: 'en_US' });
    expect(uris(nearMetro)[0]).toBe(place('metro-chilonzor'));
    const nearAvenue = await geocode({ geocode: 'amir temur', ll: '69.2846,41.3285', spn: '6.5,6.5' });
    expect(uris(nearAvenue)[0]).toBe(place('amir-temur-avenue'));
    const nearSquare = await geocode({ geocode: 'amir temur', ll: '69.2797,41.3111', spn: '6.5,6.5' });
    expect(uris(nearSquare)[0]).toBe(place('amir-temur-square'));
  });

  it('puts a whole-name match before a name that only starts with the text, however near', async () => {
    const answer = await geocode({ geocode: 'Toshkent', ll: '69.2851,41.3456', lang: 'en_US' });
    expect(uris(answer).slice(0, 2)).toEqual([place('tashkent'), place('tv-tower')]);
  });

  it('finds the street of an address typed with a house number', async () => {
    for (const text of ['Bunyodkor 5', 'проспект Бунёдкор, д. 7', "Bunyodkor shoh ko'chasi 12a"]) {
      expect(uris(await geocode({ geocode: text }))[0], text).toBe(place('bunyodkor-avenue'));
    }
  });

  it('keeps only results inside ll/spn when rspn=1', async () => {
    const box = { geocode: 'amir temur', ll: '69.2846,41.3285', spn: '0.01,0.01' };
    expect(uris(await geocode({ ...box, rspn: '1' }))).toEqual([place('amir-temur-avenue')]);
    expect(uris(await geocode({ ...box, rspn: '0' }))).toHaveLength(2);
  });

  it('answers at most `results` features and says how many were found', async () => {
    const answer = await geocode({ geocode: 'Chilonzor', results: '1' });
    expect(objects(answer)).toHaveLength(1);
    expect(answer.response.GeoObjectCollection.metaDataProperty.GeocoderResponseMetaData).toMatchObject({
      results: '1',
      found: '3',
    });
  });

  it('answers an empty list for text that names nothing', async () => {
    const answer = await geocode({ geocode: 'qwxzvbn' });
    expect(objects(answer)).toEqual([]);
    expect(answer.response.GeoObjectCollection.metaDataProperty.GeocoderResponseMetaData.found).toBe('0');
    expect(objects(await geocode({ geocode: '!!!' }))).toEqual([]);
  });

  it('finds a result again by its uri, in another language', async () => {
    const answer = await geocode({ geocode: 'Chorsu', uri: place('chorsu-bazaar'), lang: 'uz_UZ' });
    expect(names(answer)).toEqual(['Chorsu bozori']);
  });

  it('only searches the gazetteer of the chain asking', async () => {
    // The fixture chain is the only one; another shipper id is refused before any lookup.
    const res = await t.get('/v1/map/geocoder?geocode=Chorsu', {
      shipper: '11111111-1111-4111-8111-111111111111',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /v1/map/geocoder, local provider: reverse', () => {
  it("names a point by the nearest place, then its district and city ('lon,lat')", async () => {
    const answer = await geocode({ geocode: '69.2046,41.2736', lang: 'ru_RU' });
    expect(uris(answer)).toEqual([place('metro-chilonzor'), place('chilonzor'), place('tashkent')]);
    const [first] = objects(answer);
    expect(first).toMatchObject({ name: 'метро Чиланзар', description: 'Чиланзарский район, Ташкент' });
    expect(first?.metaDataProperty.GeocoderMetaData.kind).toBe('metro');
    expect(answer.response.GeoObjectCollection.metaDataProperty.GeocoderResponseMetaData).toMatchObject({
      request: '69.2046,41.2736',
      Point: { pos: '69.2046 41.2736' },
    });
  });

  it('answers in uz and en too', async () => {
    const uz = objects(await geocode({ geocode: '69.279729,41.311153', lang: 'uz_UZ' }))[0];
    expect(uz).toMatchObject({ name: 'Amir Temur xiyoboni', description: 'Mirobod tumani, Toshkent' });
    const en = objects(await geocode({ geocode: '69.279729,41.311153', lang: 'en_US' }))[0];
    expect(en).toMatchObject({ name: 'Amir Timur Square', description: 'Mirobod district, Tashkent' });
  });

  it('names a point with no named place nearby by its coordinates, in the city around it', async () => {
    const answer = await geocode({ geocode: '69.35,41.25' });
    const [first, ...rest] = objects(answer);
    expect(first).toMatchObject({
      name: '41.250000, 69.350000',
      description: 'Ташкент, Узбекистан',
      Point: { pos: '69.35 41.25' },
    });
    expect(rest.map((o) => o.name)).toEqual(['Ташкент']);
  });

  it('still answers an address text for a point far from every place', async () => {
    for (const [lang, description] of [
      ['ru_RU', 'Узбекистан'],
      ['uz_UZ', "O'zbekiston"],
      ['en_US', 'Uzbekistan'],
    ] as const) {
      const answer = await geocode({ geocode: '64.0,45.0', lang });
      expect(objects(answer).map((o) => [o.name, o.description])).toEqual([
        ['45.000000, 64.000000', description],
      ]);
    }
  });

  it('honours kind and results', async () => {
    expect(uris(await geocode({ geocode: '69.2046,41.2736', kind: 'metro' }))).toEqual([
      place('metro-chilonzor'),
    ]);
    expect(uris(await geocode({ geocode: '69.2046,41.2736', kind: 'district' }))).toEqual([
      place('chilonzor'),
    ]);
    expect(uris(await geocode({ geocode: '69.2046,41.2736', results: '1' }))).toEqual([
      place('metro-chilonzor'),
    ]);
    // Nothing of that kind nearby: the coordinates still name the point.
    expect(names(await geocode({ geocode: '69.35,41.25', kind: 'street' }))[0]).toBe('41.250000, 69.350000');
  });
});

describe('GET /v1/map/geocoder: bad input', () => {
  it.each([
    ['geocode missing', {}],
    ['geocode empty', { geocode: '' }],
    ['geocode blank', { geocode: '   ' }],
    ['geocode too long', { geocode: 'a'.repeat(301) }],
    ['results 0', { geocode: 'Chorsu', results: '0' }],
    ['results 21', { geocode: 'Chorsu', results: '21' }],
    ['results not a number', { geocode: 'Chorsu', results: 'many' }],
    ['unknown lang', { geocode: 'Chorsu', lang: 'de_DE' }],
    ['format xml', { geocode: 'Chorsu', format: 'xml' }],
    ['ll not a point', { geocode: 'Chorsu', ll: 'tashkent' }],
    ['unknown kind', { geocode: '69.2,41.3', kind: 'planet' }],
    ['rspn 2', { geocode: 'Chorsu', rspn: '2' }],
  ])('%s: 400 with a message', async (_label, params) => {
    const res = await t.get(`/v1/map/geocoder?${new URLSearchParams(params)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(ZApiError.parse(res.json()).message).not.toBe('');
  });

  it.each([
    ['longitude 181', { geocode: '181,41.3' }, 'geocode'],
    ['longitude -200', { geocode: '-200,41.3' }, 'geocode'],
    ['latitude 91', { geocode: '69.2,91' }, 'geocode'],
    ['latitude -90.5', { geocode: '69.2,-90.5' }, 'geocode'],
    ['ll out of range', { geocode: 'Chorsu', ll: '200,100' }, 'll'],
  ])("'lon,lat' %s: 400 naming the field, in the customer's language", async (_label, params, field) => {
    const url = `/v1/map/geocoder?${new URLSearchParams(params)}`;
    const ru = await t.get(url);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toMatchObject({ code: 'GEOCODER_INVALID_POINT', fields: [{ field }] });
    expect(ru.json().message).toMatch(/Координаты/);
    expect((await t.get(url, { 'accept-language': 'uz' })).json().message).toMatch(/Koordinatalar/);
    expect((await t.get(url, { 'accept-language': 'en' })).json().message).toMatch(
      /Coordinates out of range/,
    );
  });

  it('needs the client headers', async () => {
    const res = await t.get('/v1/map/geocoder?geocode=Chorsu', { shipper: undefined });
    expect(res.statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

/** What Yandex answers (trimmed), with fields the contract does not know. */
const YANDEX_ANSWER = {
  response: {
    GeoObjectCollection: {
      metaDataProperty: {
        GeocoderResponseMetaData: { request: 'Чиланзар', results: '5', found: '1', boundedBy: {} },
      },
      featureMember: [
        {
          GeoObject: {
            metaDataProperty: {
              GeocoderMetaData: {
                precision: 'other',
                text: 'Узбекистан, Ташкент, Чиланзарский район',
                kind: 'district',
                Address: {
                  country_code: 'UZ',
                  formatted: 'Узбекистан, Ташкент, Чиланзарский район',
                  Components: [
                    { kind: 'country', name: 'Узбекистан' },
                    { kind: 'locality', name: 'Ташкент' },
                    { kind: 'district', name: 'Чиланзарский район' },
                  ],
                },
                AddressDetails: { Country: {} },
              },
            },
            name: 'Чиланзарский район',
            description: 'Ташкент, Узбекистан',
            boundedBy: { Envelope: { lowerCorner: '69.15 41.25', upperCorner: '69.25 41.3' } },
            uri: 'ymapsbm1://geo?data=abc',
            Point: { pos: '69.2034 41.2756' },
          },
        },
      ],
    },
  },
};

async function appWith(env: Partial<Env>, extra: Parameters<typeof buildApp>[0] = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'geocoder-test-'));
  dirs.push(dir);
  const app = await buildApp({
    db: t.db,
    env: { LOG_LEVEL: 'silent', DATA_DIR: dir, ...env },
    logger: false,
    ...extra,
  });
  await app.ready();
  extraApps.push(app);
  return (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...CLIENT_HEADERS, ...headers } });
}

const insertKey = (type: 'geocoder' | 'maps', key: string, at: string) =>
  t.db.db
    .insert(apiKeys)
    .values({ shipperId: DEMO_SHIPPER_ID, type, key, createdAt: new Date(at), updatedAt: new Date(at) });

describe('GET /v1/map/geocoder, Yandex provider (against a fake on 127.0.0.1)', () => {
  let get: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    get = await appWith({ GEOCODER_PROVIDER: 'yandex', YANDEX_GEOCODER_URL: `${fake.url}/1.x/` });
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    fake.respond = () => ({ body: YANDEX_ANSWER });
    await t.db.db.delete(apiKeys);
  });

  it("answers 503 'Temporarily unavailable' without a geocoder key, never calling Yandex", async () => {
    await insertKey('maps', 'maps-key-only', '2026-01-01T00:00:00Z');
    const res = await get('/v1/map/geocoder?geocode=Chorsu', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'GEOCODER_UNAVAILABLE', message: 'Temporarily unavailable' });
    expect((await get('/v1/map/geocoder?geocode=Chorsu')).json().message).toBe('Временно недоступно');
    expect(fake.requests).toEqual([]);
  });

  it('passes the query through with the newest geocoder key and answers what Yandex said', async () => {
    await insertKey('geocoder', 'old-geocoder-key', '2026-01-01T00:00:00Z');
    await insertKey('geocoder', 'new-geocoder-key', '2026-02-01T00:00:00Z');
    await insertKey('maps', 'newest-maps-key', '2026-03-01T00:00:00Z');
    const params = new URLSearchParams({
      geocode: 'Чиланзар',
      format: 'json',
      lang: 'uz_UZ',
      results: '5',
      type: 'geo',
      ll: '69.279729,41.311153',
      spn: '6.5,6.5',
      rspn: '1',
    });
    const res = await get(`/v1/map/geocoder?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/1.x/',
      query: {
        apikey: 'new-geocoder-key',
        geocode: 'Чиланзар',
        format: 'json',
        lang: 'uz_UZ',
        results: '5',
        ll: '69.279729,41.311153',
        spn: '6.5,6.5',
        rspn: '1',
      },
    });
    expect(Object.keys(fake.requests[0]?.query ?? {}).sort()).toEqual(
      ['apikey', 'format', 'geocode', 'lang', 'll', 'results', 'rspn', 'spn'].sort(),
    );
    const answer = ZGeocoderResponse.parse(res.json());
    expect(objects(answer)[0]).toMatchObject({
      name: 'Чиланзарский район',
      description: 'Ташкент, Узбекистан',
      Point: { pos: '69.2034 41.2756' },
    });
  });

  it('passes a reverse lookup with its kind', async () => {
    await insertKey('geocoder', 'geocoder-key', '2026-01-01T00:00:00Z');
    const res = await get('/v1/map/geocoder?geocode=69.2034,41.2756&kind=house&results=1');
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]?.query).toMatchObject({
      geocode: '69.2034,41.2756',
      kind: 'house',
      results: '1',
    });
  });

  it.each([
    [
      'a refused key (403)',
      { status: 403, text: '{"statusCode":403,"error":"Forbidden","message":"Invalid key"}' },
      502,
    ],
    ['an answer of another shape', { status: 200, body: { hello: 'world' } }, 502],
    ['a server error', { status: 500, text: 'Internal' }, 503],
  ])('turns %s into %i JSON with a translated message', async (_label, answer, status) => {
    await insertKey('geocoder', 'geocoder-key', '2026-01-01T00:00:00Z');
    fake.respond = () => answer;
    const res = await get('/v1/map/geocoder?geocode=Chorsu', { 'accept-language': 'uz' });
    expect(res.statusCode).toBe(status);
    const body = ZApiError.parse(res.json());
    expect(body.message).toBe(
      status === 503
        ? 'Vaqtincha mavjud emas'
        : "Manzil qidirish xizmati xato bilan javob berdi; keyinroq urinib ko'ring",
    );
  });

  it('gives up on a hung Yandex after the timeout with 503', async () => {
    await insertKey('geocoder', 'geocoder-key', '2026-01-01T00:00:00Z');
    fake.respond = () => ({ body: YANDEX_ANSWER, delayMs: 2_000 });
    const slow = await appWith(
      {},
      {
        geocoder: createYandexGeocoder(
          { url: `${fake.url}/1.x/`, timeoutMs: 150 },
          { apiKey: (shipperId) => newestApiKey(t.db.db, shipperId, 'geocoder') },
        ),
      },
    );
    const res = await slow('/v1/map/geocoder?geocode=Chorsu', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'GEOCODER_UNAVAILABLE', message: 'Temporarily unavailable' });
  });
});

describe('GET /v1/map/geocoder, Nominatim provider wired from the environment', () => {
  it('asks the configured Nominatim with the configured User-Agent', async () => {
    fake.requests.length = 0;
    fake.respond = () => ({ body: [] });
    const get = await appWith({
      GEOCODER_PROVIDER: 'nominatim',
      NOMINATIM_URL: fake.url,
      NOMINATIM_USER_AGENT: 'BarakaTest/2.0 (ops@example.uz)',
    });
    const res = await get('/v1/map/geocoder?geocode=Chorsu&lang=en_US');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests[0]).toMatchObject({
      path: '/search',
      query: { q: 'Chorsu', 'accept-language': 'en', countrycodes: 'uz' },
      headers: { 'user-agent': 'BarakaTest/2.0 (ops@example.uz)' },
    });
    fake.respond = () => ({ status: 502, text: 'Bad gateway' });
    const failed = await get('/v1/map/geocoder?geocode=Other');
    expect(failed.statusCode).toBe(503);
    expect(ZApiError.parse(failed.json()).message).toBe('Временно недоступно');
  });
});
