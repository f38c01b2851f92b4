import type {
  TBranch,
  TCheckPointResponse,
  TDeliveryZone,
  TGeocoderQuery,
  TGeocoderResponse,
} from '@app/contracts';
import {
  ZBranchListResponse,
  ZCheckPointResponse,
  ZDeliveryZonesResponse,
  ZGeocoderQuery,
  ZGeocoderResponse,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { TApiClient, TRequestOptions } from '@/lib/api-client';
import {
  coordinate,
  coordinatesText,
  featureAddress,
  foundPlaces,
  geocoderLang,
  lonLat,
  parsePos,
  reverseAddress,
  reverseQuery,
  searchQuery,
  shouldGeocode,
  type TGeocoderCall,
  zoneQuery,
} from '../../lib/geocoding';
import { canConfirmDelivery, lookUpPoint, pickupRows, stillSelectable, zoneVerdict } from './map-dialog-lib';

function geoObject(name: string, pos: string, description?: string) {
  return {
    GeoObject: {
      name,
      ...(description === undefined ? {} : { description }),
      Point: { pos },
      metaDataProperty: {
        GeocoderMetaData: {
          kind: 'street',
          text: name,
          precision: 'street',
          Address: { formatted: name, Components: [{ kind: 'street', name }] },
        },
      },
    },
  };
}

function answer(...members: ReturnType<typeof geoObject>[]): TGeocoderResponse {
  return {
    response: {
      GeoObjectCollection: {
        metaDataProperty: {
          GeocoderResponseMetaData: { request: 'q', results: '5', found: String(members.length) },
        },
        featureMember: members,
      },
    },
  };
}

const zone: TDeliveryZone = {
  id: '7d9c2a44-7a39-4f0e-9d7e-5b1c7a1f0a11',
  name: 'Centre',
  city: 'tashkent',
  points: [
    { lat: 41.2, lon: 69.1 },
    { lat: 41.4, lon: 69.1 },
    { lat: 41.4, lon: 69.4 },
  ],
  holes: [],
  branch_ids: [],
  min_order_amount: 50_000,
  free_delivery_order_amount: 0,
};

let branchCount = 0;
function branch(slug: string, start: string, end: string, is_active = true, city = 'tashkent'): TBranch {
  branchCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(branchCount).padStart(12, '0')}`,
    slug,
    name: { ru: slug, uz: slug, en: slug },
    address: { ru: 'a', uz: 'a', en: 'a' },
    destination: { ru: '', uz: '', en: '' },
    city,
    phone: '998712000000',
    location: { lat: 41.3, long: 69.28 },
    menu_id: '00000000-0000-4000-8000-000000000001',
    work_hour_start: start,
    work_hour_end: end,
    delivery_time: 40,
    future_delivery_order_time: 1,
    future_self_pickup_order_time: 1,
    is_active,
    has_parking: false,
    seats_count: 10,
    has_playground: false,
    images: [],
    virtual_tour: null,
    paused_until: null,
    delivery_paused_until: null,
  };
}

describe('geocoder calls', () => {
  it('searches with the spec parameters: 5 results, json, Tashkent centre, 6.5 x 6.5 span, language by locale', () => {
    const q = searchQuery('  amir temur ', 'uz');
    expect(q).toEqual({
      geocode: 'amir temur',
      format: 'json',
      lang: 'uz_UZ',
      results: 5,
      type: 'geo',
      ll: '69.279729,41.311153',
      spn: '6.5,6.5',
    });
    // What the API validates with.
    expect(ZGeocoderQuery.safeParse(q).success).toBe(true);
  });

  it('maps the page locale to the geocoder language, ru_RU by default', () => {
    expect(geocoderLang('ru')).toBe('ru_RU');
    expect(geocoderLang('uz')).toBe('uz_UZ');
    expect(geocoderLang('en')).toBe('en_US');
    expect(geocoderLang('de')).toBe('ru_RU');
  });

  it("asks a reverse lookup with 'lon,lat' (longitude first), which the contract accepts", () => {
    const q: TGeocoderCall = reverseQuery({ lat: 41.311153, long: 69.279729 }, 'en');
    expect(q.geocode).toBe('69.279729,41.311153');
    expect(q.lang).toBe('en_US');
    const input: TGeocoderQuery = q;
    expect(ZGeocoderQuery.safeParse(input).success).toBe(true);
  });

  it('writes coordinates the query-string contract accepts: 6 decimals at most, never 1e-7', () => {
    expect(coordinate(0.1 + 0.2)).toBe('0.3');
    expect(coordinate(69.2797291234)).toBe('69.279729');
    expect(coordinate(1e-7)).toBe('0');
    expect(coordinate(-0.0000049)).toBe('-0.000005');
    expect(lonLat({ lat: -33.5, long: 151.25 })).toBe('151.25,-33.5');
    expect(zoneQuery({ lat: 41.3111531234, long: 69.2797291234 })).toEqual({
      lat: '41.311153',
      lon: '69.279729',
    });
  });

  it('does not search for fewer than two characters', () => {
    expect(shouldGeocode('')).toBe(false);
    expect(shouldGeocode(' a ')).toBe(false);
    expect(shouldGeocode('ab')).toBe(true);
  });
});

describe('geocoder answers', () => {
  it('the answers here are in the contract shape', () => {
    const ok = answer(geoObject('Amir Temur Square', '69.2797 41.3111', 'Tashkent, Uzbekistan'));
    expect(ZGeocoderResponse.safeParse(ok).success).toBe(true);
    expect(ZGeocoderResponse.safeParse(answer()).success).toBe(true);
  });

  it("reads 'lon lat' positions, refusing junk and out-of-range values", () => {
    expect(parsePos('69.2797 41.3111')).toEqual({ lat: 41.3111, long: 69.2797 });
    expect(parsePos(' 69.2797   41.3111 ')).toEqual({ lat: 41.3111, long: 69.2797 });
    expect(parsePos('69.2797,41.3111')).toBeNull();
    expect(parsePos('abc def')).toBeNull();
    expect(parsePos('69.2797 91')).toBeNull();
    expect(parsePos('181 41')).toBeNull();
    expect(parsePos('')).toBeNull();
  });

  it('words an address as name and description, without repeating or empty parts', () => {
    expect(featureAddress({ name: 'Amir Temur Square', description: 'Tashkent, Uzbekistan' })).toBe(
      'Amir Temur Square, Tashkent, Uzbekistan',
    );
    expect(featureAddress({ name: 'Tashkent' })).toBe('Tashkent');
    expect(featureAddress({ name: 'Tashkent', description: 'Tashkent' })).toBe('Tashkent');
    expect(featureAddress({ name: '', description: 'Uzbekistan' })).toBe('Uzbekistan');
  });

  it('lists found places with their point, skipping a feature without a usable position', () => {
    const places = foundPlaces(
      answer(
        geoObject('Chorsu', '69.2361 41.3262', 'Tashkent'),
        geoObject('Broken', 'nowhere'),
        geoObject('TV tower', '69.2866 41.3453'),
      ),
    );
    expect(places.map((p) => [p.name, p.address, p.point])).toEqual([
      ['Chorsu', 'Chorsu, Tashkent', { lat: 41.3262, long: 69.2361 }],
      ['TV tower', 'TV tower', { lat: 41.3453, long: 69.2866 }],
    ]);
    expect(new Set(places.map((p) => p.key)).size).toBe(2);
  });

  it("takes a reverse lookup's first feature as the address, null when nothing was found", () => {
    expect(
      reverseAddress(
        answer(geoObject('Navoi street', '69.2 41.3', 'Tashkent'), geoObject('Shaykhontohur', '69.2 41.3')),
      ),
    ).toBe('Navoi street, Tashkent');
    expect(reverseAddress(answer())).toBeNull();
    expect(coordinatesText({ lat: 41.311153, long: 69.279729 })).toBe('41.31115, 69.27973');
  });
});

describe('zone check', () => {
  it('inside a zone: that zone (its id and city go with the confirm)', () => {
    const response: TCheckPointResponse = { all_count: 3, result: [zone] };
    expect(ZCheckPointResponse.safeParse(response).success).toBe(true);
    expect(zoneVerdict(response)).toEqual({ kind: 'inside', zone });
  });

  it('zones exist but none contains the point: out of the service area', () => {
    expect(zoneVerdict({ all_count: 3, result: [] })).toEqual({ kind: 'outside' });
  });

  it('no zones at all: delivery is not limited', () => {
    expect(zoneVerdict({ all_count: 0, result: [] })).toEqual({ kind: 'unlimited' });
  });

  it('the zone answers here are in the contract shape', () => {
    expect(ZDeliveryZonesResponse.safeParse({ count: 1, zones: [zone] }).success).toBe(true);
  });
});

describe('delivery confirm', () => {
  const point = { lat: 41.311153, long: 69.279729 };
  it('needs an address text and a zone that serves the point (or no zones at all)', () => {
    expect(canConfirmDelivery(null)).toBe(false);
    expect(canConfirmDelivery({ point, address: 'Amir Temur', zone: { kind: 'inside', zone } })).toBe(true);
    expect(canConfirmDelivery({ point, address: 'Amir Temur', zone: { kind: 'unlimited' } })).toBe(true);
    expect(canConfirmDelivery({ point, address: null, zone: { kind: 'inside', zone } })).toBe(false);
    expect(canConfirmDelivery({ point, address: '', zone: { kind: 'inside', zone } })).toBe(false);
    expect(canConfirmDelivery({ point, address: 'Far away', zone: { kind: 'outside' } })).toBe(false);
    expect(canConfirmDelivery({ point, address: 'Amir Temur', zone: { kind: 'checking' } })).toBe(false);
    expect(canConfirmDelivery({ point, address: 'Amir Temur', zone: { kind: 'failed' } })).toBe(false);
  });
});

/** An instant on Tashkent's clock (UTC+5). */
const at = (time: string, day = '2026-11-28') => new Date(`${day}T${time}:00+05:00`);

describe('self-pickup rows', () => {
  const amirTemur = branch('amir-temur', '10:00', '03:00');
  const chilonzor = branch('chilonzor', '00:00', '23:59');
  const oybek = branch('oybek', '09:00', '23:00', false);
  const registan = branch('registan', '09:00', '23:00', true, 'samarkand');
  const all = [amirTemur, chilonzor, oybek, registan];

  it('at 05:00 Tashkent: an overnight branch that closed at 03:00 is disabled and says when it reopens', () => {
    const rows = pickupRows(all, at('05:00'), 'ru');
    const row = (slug: string) => rows.find((r) => r.branch.slug === slug);
    expect(row('amir-temur')).toMatchObject({
      selectable: false,
      label: { kind: 'closed', opens_at: '10:00' },
    });
    expect(row('chilonzor')).toMatchObject({ selectable: true, label: { kind: 'around_the_clock' } });
    expect(row('oybek')).toMatchObject({ selectable: false, label: { kind: 'inactive' } });
    expect(row('registan')).toMatchObject({
      selectable: false,
      label: { kind: 'closed', opens_at: '09:00' },
    });
    // Choosable first.
    expect(rows[0]?.branch.slug).toBe('chilonzor');
  });

  it('at 01:30 the overnight branch is still open until 03:00', () => {
    const row = pickupRows(all, at('01:30'), 'ru').find((r) => r.branch.slug === 'amir-temur');
    expect(row).toMatchObject({ selectable: true, label: { kind: 'open_until', time: '03:00' } });
  });

  it('an inactive branch is never choosable, whatever the time', () => {
    for (const now of ['00:00', '12:00', '22:59']) {
      expect(pickupRows([oybek], at(now), 'ru')[0]?.selectable).toBe(false);
    }
  });

  it('keeps a chosen branch only while it can still be chosen', () => {
    expect(stillSelectable(pickupRows(all, at('12:00'), 'ru'), amirTemur.id)).toBe(amirTemur);
    expect(stillSelectable(pickupRows(all, at('05:00'), 'ru'), amirTemur.id)).toBeNull();
    expect(stillSelectable(pickupRows(all, at('05:00'), 'ru'), null)).toBeNull();
    expect(stillSelectable(pickupRows(all, at('05:00'), 'ru'), 'unknown')).toBeNull();
  });

  it('a paused branch is disabled and says when the pause ends; once it ended it is choosable', () => {
    const paused = { ...chilonzor, paused_until: at('12:40').toISOString() };
    expect(pickupRows([paused], at('12:00'), 'ru')[0]).toMatchObject({
      selectable: false,
      label: { kind: 'closed', opens_at: '12:40' },
    });
    expect(stillSelectable(pickupRows([paused], at('12:00'), 'ru'), paused.id)).toBeNull();
    expect(pickupRows([paused], at('12:40'), 'ru')[0]).toMatchObject({
      selectable: true,
      label: { kind: 'around_the_clock' },
    });
    // A delivery pause leaves pickup choosable.
    const deliveriesPaused = { ...chilonzor, delivery_paused_until: at('12:40').toISOString() };
    expect(pickupRows([deliveriesPaused], at('12:00'), 'ru')[0]?.selectable).toBe(true);
  });

  it('the branches here are in the contract shape', () => {
    expect(ZBranchListResponse.safeParse({ count: all.length, branches: all }).success).toBe(true);
  });
});

describe('looking up a chosen point', () => {
  type TCall = { path: string; query: unknown };
  /** A client answering by path, parsing each answer with the caller's contract as the real one does. */
  function fakeApi(answers: Record<string, unknown | Error>) {
    const calls: TCall[] = [];
    const api: Pick<TApiClient, 'get'> = {
      get: async <T>(path: string, options: TRequestOptions<T>): Promise<T> => {
        calls.push({ path, query: options.query });
        const answer = answers[path];
        if (answer instanceof Error || answer === undefined)
          throw answer ?? new Error(`no answer for ${path}`);
        const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
        const parsed = schema.safeParse(answer);
        if (!parsed.success) throw new Error('BAD_RESPONSE');
        return parsed.data;
      },
    };
    return { api, calls };
  }
  const point = { lat: 41.311153, long: 69.279729 };
  const handlers = () => ({ onAddress: vi.fn(), onZone: vi.fn(), onReverseFailed: vi.fn() });
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it('a map click: reverse lookup ("lon,lat") for the address and the zone check (lat, lon), both', async () => {
    const { api, calls } = fakeApi({
      '/v1/map/geocoder': answer(geoObject('Amir Temur Square', '69.2797 41.3111', 'Tashkent')),
      '/v1/check_point_delivery_zones': { all_count: 2, result: [zone] },
    });
    const on = handlers();
    await lookUpPoint(api, point, 'uz', null, on);
    expect(calls).toEqual([
      {
        path: '/v1/map/geocoder',
        query: { geocode: '69.279729,41.311153', format: 'json', lang: 'uz_UZ', results: 5, type: 'geo' },
      },
      { path: '/v1/check_point_delivery_zones', query: { lat: '41.311153', lon: '69.279729' } },
    ]);
    expect(on.onAddress).toHaveBeenCalledWith('Amir Temur Square, Tashkent');
    expect(on.onZone).toHaveBeenCalledWith({ kind: 'inside', zone });
    expect(on.onReverseFailed).not.toHaveBeenCalled();
  });

  it('a search result: its own text is the address, no reverse lookup', async () => {
    const { api, calls } = fakeApi({ '/v1/check_point_delivery_zones': { all_count: 2, result: [] } });
    const on = handlers();
    await lookUpPoint(api, point, 'en', 'Chorsu Bazaar, Tashkent', on);
    expect(calls.map((c) => c.path)).toEqual(['/v1/check_point_delivery_zones']);
    expect(on.onAddress).not.toHaveBeenCalled();
    expect(on.onZone).toHaveBeenCalledWith({ kind: 'outside' });
  });

  it('nothing known at the point: its coordinates are the address', async () => {
    const { api } = fakeApi({
      '/v1/map/geocoder': answer(),
      '/v1/check_point_delivery_zones': { all_count: 0, result: [] },
    });
    const on = handlers();
    await lookUpPoint(api, point, 'ru', null, on);
    expect(on.onAddress).toHaveBeenCalledWith('41.31115, 69.27973');
    expect(on.onZone).toHaveBeenCalledWith({ kind: 'unlimited' });
  });

  it('a failed reverse lookup is reported (the dialog reloads); the zone answer still arrives', async () => {
    const failure = { status: 502, data: { statusCode: 502, code: 'UPSTREAM', message: 'x' } };
    const { api } = fakeApi({
      '/v1/map/geocoder': Object.assign(new Error('upstream'), failure),
      '/v1/check_point_delivery_zones': { all_count: 1, result: [zone] },
    });
    const on = handlers();
    await lookUpPoint(api, point, 'ru', null, on);
    expect(on.onReverseFailed).toHaveBeenCalledTimes(1);
    expect(on.onAddress).not.toHaveBeenCalled();
    expect(on.onZone).toHaveBeenCalledWith({ kind: 'inside', zone });
  });

  it('a malformed geocoder answer is a failed reverse lookup', async () => {
    for (const geocoderAnswer of [
      {},
      '<html>',
      { response: { GeoObjectCollection: { featureMember: [{ GeoObject: { name: 'x' } }] } } },
    ]) {
      const { api } = fakeApi({
        '/v1/map/geocoder': geocoderAnswer,
        '/v1/check_point_delivery_zones': { all_count: 1, result: [zone] },
      });
      const on = handlers();
      await lookUpPoint(api, point, 'ru', null, on);
      expect(on.onReverseFailed).toHaveBeenCalledTimes(1);
      expect(on.onAddress).not.toHaveBeenCalled();
    }
  });

  it('a failed or malformed zone check never lets the point through', async () => {
    const error = quiet();
    for (const zoneAnswer of [
      new Error('down'),
      { all_count: 'many' },
      { all_count: -1, result: [] },
      { all_count: 1 },
      { all_count: 1, result: [{ ...zone, points: [{ lat: 1 }] }] },
      { all_count: 1, result: [{ ...zone, holes: undefined }] },
    ]) {
      const { api } = fakeApi({
        '/v1/map/geocoder': answer(geoObject('Navoi street', '69.2 41.3')),
        '/v1/check_point_delivery_zones': zoneAnswer,
      });
      const on = handlers();
      await lookUpPoint(api, point, 'ru', null, on);
      expect(on.onZone).toHaveBeenCalledWith({ kind: 'failed' });
      expect(canConfirmDelivery({ point, address: 'Navoi street', zone: on.onZone.mock.calls[0]?.[0] })).toBe(
        false,
      );
    }
    error.mockRestore();
  });
});
