import { type TGeocoderQuery, ZGeocoderQuery, ZGeocoderResponse } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeGeocodingServer, startFakeGeocodingServer } from './fake-server.ts';
import { GeocoderError } from './geocoder.ts';
import { createNominatimGeocoder, type NominatimConfig } from './nominatim.ts';

const USER_AGENT = 'BarakaTest/1.0 (test@example.uz)';
const ctx = { shipperId: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60' };
const q = (query: TGeocoderQuery) => ZGeocoderQuery.parse(query);

/** What Nominatim's jsonv2 answers for a house on Amir Temur avenue (trimmed). */
const HOUSE = {
  place_id: 1,
  osm_type: 'way',
  osm_id: 123456,
  lat: '41.3385',
  lon: '69.2857',
  category: 'building',
  type: 'yes',
  addresstype: 'building',
  name: '',
  display_name: "108, Amir Temur shoh ko'chasi, Yunusobod tumani, Toshkent, O'zbekiston",
  address: {
    house_number: '108',
    road: "Amir Temur shoh ko'chasi",
    suburb: 'Yunusobod tumani',
    city: 'Toshkent',
    country: "O'zbekiston",
    country_code: 'uz',
  },
  boundingbox: ['41.3384', '41.3386', '69.2856', '69.2858'],
};
const STATION = {
  place_id: 2,
  osm_type: 'node',
  osm_id: 777,
  lat: '41.2736',
  lon: '69.2046',
  category: 'railway',
  type: 'station',
  addresstype: 'railway',
  name: 'Чиланзар',
  display_name: 'Чиланзар, Чиланзарский район, Ташкент, Узбекистан',
  address: {
    railway: 'Чиланзар',
    suburb: 'Чиланзарский район',
    city: 'Ташкент',
    country: 'Узбекистан',
    country_code: 'uz',
  },
  boundingbox: ['41.2726', '41.2746', '69.2036', '69.2056'],
};

let fake: FakeGeocodingServer;
beforeAll(async () => {
  fake = await startFakeGeocodingServer();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.respond = (r) =>
    r.path === '/reverse'
      ? { body: HOUSE }
      : r.path === '/lookup'
        ? { body: [STATION] }
        : { body: [STATION, HOUSE] };
});

const geocoder = (overrides: Partial<NominatimConfig> = {}) =>
  createNominatimGeocoder({ url: fake.url, userAgent: USER_AGENT, minIntervalMs: 0, ...overrides });

describe('Nominatim geocoder', () => {
  it('searches with the documented parameters and answers in the Yandex shape', async () => {
    const answer = await geocoder().geocode(
      q({
        geocode: 'Чиланзар',
        lang: 'ru_RU',
        results: 5,
        ll: '69.279729,41.311153',
        spn: '0.5,0.5',
        rspn: '1',
      }),
      ctx,
    );
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/search');
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(request?.query).toEqual({
      q: 'Чиланзар',
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'ru',
      countrycodes: 'uz',
      limit: '5',
      viewbox: '69.029729,41.561153,69.529729,41.061153',
      bounded: '1',
    });
    expect(ZGeocoderResponse.parse(answer)).toEqual(answer);
    const collection = answer.response.GeoObjectCollection;
    expect(collection.metaDataProperty.GeocoderResponseMetaData).toMatchObject({
      request: 'Чиланзар',
      results: '5',
      found: '2',
    });
    const [station, house] = collection.featureMember.map((m) => m.GeoObject);
    expect(station).toMatchObject({
      name: 'Чиланзар',
      description: 'Чиланзарский район, Ташкент, Узбекистан',
      Point: { pos: '69.2046 41.2736' },
      metaDataProperty: { GeocoderMetaData: { kind: 'metro', precision: 'other', uri: 'nominatim://N777' } },
      boundedBy: { Envelope: { lowerCorner: '69.2036 41.2726', upperCorner: '69.2056 41.2746' } },
    });
    expect(house).toMatchObject({
      name: "Amir Temur shoh ko'chasi, 108",
      description: "Yunusobod tumani, Toshkent, O'zbekiston",
      Point: { pos: '69.2857 41.3385' },
    });
    expect(house?.metaDataProperty.GeocoderMetaData).toMatchObject({
      kind: 'house',
      precision: 'exact',
      Address: {
        country_code: 'UZ',
        Components: [
          { kind: 'country', name: "O'zbekiston" },
          { kind: 'locality', name: 'Toshkent' },
          { kind: 'district', name: 'Yunusobod tumani' },
          { kind: 'street', name: "Amir Temur shoh ko'chasi" },
          { kind: 'house', name: '108' },
        ],
      },
    });
  });

  it('biases to ll/spn without restricting when rspn is not 1, and asks in the wanted language', async () => {
    await geocoder().geocode(
      q({ geocode: 'Chilonzor', lang: 'uz_UZ', ll: '69.28,41.31', spn: '1,1', results: 3 }),
      ctx,
    );
    expect(fake.requests[0]?.query).toMatchObject({
      'accept-language': 'uz',
      limit: '3',
      viewbox: '68.78,41.81,69.78,40.81',
    });
    expect(fake.requests[0]?.query.bounded).toBeUndefined();
    await geocoder().geocode(q({ geocode: 'Chilonzor', lang: 'en_US' }), ctx);
    expect(fake.requests[1]?.query.viewbox).toBeUndefined();
    expect(fake.requests[1]?.query['accept-language']).toBe('en');
  });

  it("reverse-geocodes 'lon,lat' with zoom by kind", async () => {
    const answer = await geocoder().geocode(q({ geocode: '69.2857,41.3385', lang: 'uz_UZ' }), ctx);
    expect(fake.requests[0]).toMatchObject({
      path: '/reverse',
      query: {
        lat: '41.3385',
        lon: '69.2857',
        zoom: '18',
        format: 'jsonv2',
        addressdetails: '1',
        'accept-language': 'uz',
      },
    });
    const collection = answer.response.GeoObjectCollection;
    expect(collection.metaDataProperty.GeocoderResponseMetaData.Point).toEqual({ pos: '69.2857 41.3385' });
    expect(collection.featureMember[0]?.GeoObject.name).toBe("Amir Temur shoh ko'chasi, 108");
    await geocoder().geocode(q({ geocode: '69.2857,41.3385', kind: 'district' }), ctx);
    expect(fake.requests[1]?.query.zoom).toBe('14');
  });

  it('names a point with nothing mapped by its coordinates', async () => {
    fake.respond = () => ({ body: { error: 'Unable to geocode' } });
    const answer = await geocoder().geocode(q({ geocode: '60.5,44.25' }), ctx);
    expect(answer.response.GeoObjectCollection.featureMember.map((m) => m.GeoObject.name)).toEqual([
      '44.250000, 60.500000',
    ]);
  });

  it("looks up an earlier result's uri", async () => {
    const answer = await geocoder().geocode(q({ geocode: 'Чиланзар', uri: 'nominatim://N777' }), ctx);
    expect(fake.requests[0]).toMatchObject({ path: '/lookup', query: { osm_ids: 'N777', format: 'jsonv2' } });
    expect(answer.response.GeoObjectCollection.featureMember[0]?.GeoObject.name).toBe('Чиланзар');
  });

  it('answers a repeated question from its cache, and a parallel one from the same call', async () => {
    const g = geocoder();
    const query = q({ geocode: 'Chorsu' });
    const [a, b] = await Promise.all([g.geocode(query, ctx), g.geocode(query, ctx)]);
    const c = await g.geocode(query, ctx);
    expect(fake.requests).toHaveLength(1);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    await g.geocode(q({ geocode: 'Chorsu', lang: 'en_US' }), ctx);
    expect(fake.requests).toHaveLength(2);
  });

  it('forgets the oldest answers beyond the cache size and expired ones', async () => {
    const g = geocoder({ cacheSize: 2 });
    for (const text of ['one', 'two', 'three', 'one']) await g.geocode(q({ geocode: text }), ctx);
    expect(fake.requests.map((r) => r.query.q)).toEqual(['one', 'two', 'three', 'one']);
    const short = geocoder({ cacheTtlMs: 1 });
    await short.geocode(q({ geocode: 'four' }), ctx);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await short.geocode(q({ geocode: 'four' }), ctx);
    expect(fake.requests.filter((r) => r.query.q === 'four')).toHaveLength(2);
  });

  it('calls the upstream at most once per interval, queueing the callers', async () => {
    // The policy is about when we send: the times are taken where the adapter calls fetch, not where
    // the fake server reads the request (a busy event loop can delay the first arrival more than the
    // next one, which would make a correct spacing look short).
    const realFetch = globalThis.fetch;
    const sent: number[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      sent.push(performance.now());
      return realFetch(...args);
    });
    try {
      const g = geocoder({ minIntervalMs: 250 });
      await Promise.all(['a', 'b', 'c'].map((text) => g.geocode(q({ geocode: text }), ctx)));
    } finally {
      spy.mockRestore();
    }
    expect(fake.requests).toHaveLength(3);
    expect(sent).toHaveLength(3);
    for (let i = 1; i < sent.length; i++) {
      // The adapter re-measures after its timer, so only the steps between its clock reading and fetch
      // (well under a millisecond) can separate two sends by less than the interval.
      expect((sent[i] ?? 0) - (sent[i - 1] ?? 0)).toBeGreaterThanOrEqual(249);
    }
  });

  it('refuses at once when too many callers wait for their turn', async () => {
    const g = geocoder({ minIntervalMs: 200, maxQueue: 2 });
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((text) => g.geocode(q({ geocode: text }), ctx)),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const third = results[2];
    expect(third?.status === 'rejected' && third.reason).toMatchObject({
      name: 'GeocoderError',
      status: 503,
    });
  });

  it.each([
    ['a 500', { status: 500, body: { error: 'boom' } }, 503],
    ['a 429', { status: 429, text: 'Too many requests' }, 503],
    ['a 403', { status: 403, text: 'Forbidden' }, 502],
    ['HTML instead of JSON', { status: 200, text: '<html>oops</html>' }, 502],
    ['an unexpected shape', { status: 200, body: { results: [] } }, 502],
  ])('turns %s into a GeocoderError %i', async (_label, answer, status) => {
    fake.respond = () => answer;
    const error = await geocoder()
      .geocode(q({ geocode: 'Chorsu' }), ctx)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderError);
    expect((error as GeocoderError).status).toBe(status);
  });

  it('gives up on a slow upstream after the timeout (503), and an unreachable one', async () => {
    fake.respond = () => ({ body: [], delayMs: 1_000 });
    const started = Date.now();
    const error = await geocoder({ timeoutMs: 150 })
      .geocode(q({ geocode: 'slow' }), ctx)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'GeocoderError', status: 503 });
    expect(Date.now() - started).toBeLessThan(900);
    const unreachable = await createNominatimGeocoder({ url: 'http://127.0.0.1:9', userAgent: USER_AGENT })
      .geocode(q({ geocode: 'x' }), ctx)
      .catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ name: 'GeocoderError', status: 503 });
  });
});
