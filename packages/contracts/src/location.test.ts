import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_CUSTOMER_ADDRESSES,
  ZApiKey,
  ZApiKeyParams,
  ZApiKeysQuery,
  ZApiKeysResponse,
  ZApiKeyUpdate,
  ZBranchByLocationQuery,
  ZBranchByLocationResponse,
  ZCheckPointQuery,
  ZCheckPointResponse,
  ZCustomerAddressImport,
  ZCustomerAddressInput,
  ZCustomerAddressList,
  ZCustomerAddressParams,
  ZCustomerAddressPatch,
  ZDeliveryZonesQuery,
  ZDeliveryZonesResponse,
  ZGeocoderQuery,
  ZGeocoderResponse,
  ZLatParam,
  ZLongParam,
  ZNearestBranchQuery,
  ZNearestBranchResponse,
} from './location.ts';
import {
  changed,
  controlCharacterViolations,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  wrongTypesAccepted,
} from './test-cases.ts';
import { BRANCH } from './test-samples.ts';

/** A zone of GET /v1/delivery-zones: the outer ring and one hole (the botanical garden). */
const ZONE = {
  id: '42ee5517-f7a2-5877-bc6a-39e27ff7b785',
  name: 'Zone centre',
  city: 'tashkent',
  points: [
    { lat: 41.28, lon: 69.25 },
    { lat: 41.28, lon: 69.31 },
    { lat: 41.34, lon: 69.31 },
    { lat: 41.34, lon: 69.25 },
  ],
  holes: [
    [
      { lat: 41.3, lon: 69.29 },
      { lat: 41.3, lon: 69.3 },
      { lat: 41.31, lon: 69.3 },
    ],
  ],
  branch_ids: ['31e1bc09-73fa-53ae-a8a5-0eaa38758a15'],
  min_order_amount: 50000,
  free_delivery_order_amount: 200000,
};

/** A branch as GET /v1/nearest-branch and /v1/branches/by-location answer it. */
const NEAR_BRANCH = { ...BRANCH, distance: 835, is_open: true };

/** GET /v1/map/geocoder?geocode=Чиланзар&results=1 (the local gazetteer, in Yandex's shape). */
const GEOCODED = {
  response: {
    GeoObjectCollection: {
      metaDataProperty: { GeocoderResponseMetaData: { request: 'Чиланзар', results: '1', found: '3' } },
      featureMember: [
        {
          GeoObject: {
            name: 'Чиланзарский район',
            description: 'Ташкент',
            Point: { pos: '69.2034 41.2756' },
            metaDataProperty: {
              GeocoderMetaData: {
                kind: 'district',
                text: 'Узбекистан, Ташкент, Чиланзарский район',
                precision: 'other',
                uri: 'local://place/1be7b32c-e0d6-5f34-b916-1c42773bfe18',
                Address: {
                  country_code: 'UZ',
                  formatted: 'Узбекистан, Ташкент, Чиланзарский район',
                  Components: [
                    { kind: 'country', name: 'Узбекистан' },
                    { kind: 'locality', name: 'Ташкент' },
                    { kind: 'district', name: 'Чиланзарский район' },
                  ],
                },
              },
            },
            boundedBy: { Envelope: { lowerCorner: '69.2014 41.2736', upperCorner: '69.2054 41.2776' } },
          },
        },
      ],
    },
  },
};

/** The same for a point ('69.21,41.3'): the request's point comes back. */
const REVERSE_GEOCODED = changed(
  GEOCODED,
  ['response', 'GeoObjectCollection', 'metaDataProperty', 'GeocoderResponseMetaData'],
  { request: '69.21,41.3', results: '1', found: '3', Point: { pos: '69.21 41.3' } },
);

/** POST /v1/customer-addresses answers the whole list. */
const ADDRESSES = {
  count: 1,
  addresses: [
    {
      id: 'c84efd01-6e2d-49d0-ac4f-605df31e2795',
      name: 'Home',
      address: 'ул. Тестовая, 5',
      city: 'Tashkent',
      location: { lat: 41.3, long: 69.21 },
      house: '5',
      floor: '',
      porch: '',
      apartment: '',
      is_active: true,
      created_at: '2026-03-02T07:00:00.000Z',
      updated_at: '2026-03-02T07:00:00.000Z',
    },
  ],
};

const ADDRESS_INPUT = {
  name: 'Дом',
  address: "Toshkent, Amir Temur ko'chasi, 1",
  city: 'Tashkent',
  location: { lat: 41.31, long: 69.28 },
  house: '1',
  floor: '4',
  porch: '2',
  apartment: '17',
};

const API_KEYS = {
  count: 2,
  ids: ['6a0f7c2e-1b3d-4e5f-8a9b-0c1d2e3f4a5b', '7b1f8d3e-2c4e-4f60-9bac-1d2e3f4a5b6c'],
  keys: [
    { id: '7b1f8d3e-2c4e-4f60-9bac-1d2e3f4a5b6c', type: 'maps', key: 'maps-key-restricted-by-referrer' },
  ],
};

const responses: [string, z.ZodType, unknown][] = [
  ['a point inside a zone', ZCheckPointResponse, { all_count: 5, result: [ZONE] }],
  ['the zones of a city', ZDeliveryZonesResponse, { count: 1, zones: [ZONE] }],
  ['the nearest branches', ZNearestBranchResponse, { branches: [NEAR_BRANCH] }],
  ['the branch serving a point', ZBranchByLocationResponse, { branch: NEAR_BRANCH, delivery_zone: ZONE }],
  ['the saved addresses', ZCustomerAddressList, ADDRESSES],
  ['the map keys', ZApiKeysResponse, API_KEYS],
  [
    'a key written',
    ZApiKey,
    { id: API_KEYS.ids[0], type: 'geocoder', updated_at: '2026-03-02T07:00:00.000Z' },
  ],
];

describe('location contracts accept what the API answers and the storefront sends', () => {
  it.each<[string, z.ZodType, unknown]>([
    ...responses,
    [
      'a point outside every zone (zones exist, none holds it)',
      ZCheckPointResponse,
      { all_count: 5, result: [] },
    ],
    ['a zone without holes', ZDeliveryZonesResponse, { count: 1, zones: [{ ...ZONE, holes: [] }] }],
    ['an address search', ZGeocoderResponse, GEOCODED],
    ['a point looked up', ZGeocoderResponse, REVERSE_GEOCODED],
    [
      'nothing found',
      ZGeocoderResponse,
      changed(GEOCODED, ['response', 'GeoObjectCollection', 'featureMember'], []),
    ],
    ['no keys yet', ZApiKeysResponse, { count: 0, ids: [], keys: [] }],
    ['a point to check', ZCheckPointQuery, { lat: '41.3', lon: '69.21' }],
    [
      'the nearest branches of a zone',
      ZNearestBranchQuery,
      { lat: '41.3', long: '69.21', delivery_zone_id: ZONE.id },
    ],
    ['the branch of a point', ZBranchByLocationQuery, { lat: '-0.5', long: '180' }],
    ['the zones of a city', ZDeliveryZonesQuery, { city: 'tashkent' }],
    [
      'the storefront’s address search',
      ZGeocoderQuery,
      {
        geocode: 'Чиланзар',
        lang: 'uz_UZ',
        results: '10',
        type: 'geo',
        ll: '69.28,41.31',
        spn: '0.6,0.4',
        rspn: '1',
      },
    ],
    ['a reverse lookup of houses', ZGeocoderQuery, { geocode: '69.21,41.3', kind: 'house' }],
    ['a result looked up again', ZGeocoderQuery, { geocode: 'x', uri: 'local://place/1be7b32c' }],
    ['a new address', ZCustomerAddressInput, ADDRESS_INPUT],
    [
      'a new address with only the text and the point',
      ZCustomerAddressInput,
      { address: 'Chilonzor 5', location: { lat: 41.3, long: 69.2 } },
    ],
    ['a change of the label', ZCustomerAddressPatch, { name: 'Work' }],
    [
      'the browser’s addresses at sign-in',
      ZCustomerAddressImport,
      { addresses: [{ ...ADDRESS_INPUT, is_active: true }] },
    ],
    ['an address path', ZCustomerAddressParams, { id: ADDRESSES.addresses[0]?.id }],
    ['a key path', ZApiKeyParams, { id: API_KEYS.ids[0] }],
    ['a key of a type', ZApiKeysQuery, { type: 'maps', page: '1', limit: '10' }],
    ['a new key', ZApiKeyUpdate, { key: 'yandex-geocoder-key', type: 'geocoder' }],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it('reads coordinates from the query as numbers, spaces around tolerated', () => {
    expect(ZCheckPointQuery.parse({ lat: ' 41.311081 ', lon: '-69.2' })).toEqual({
      lat: 41.311081,
      lon: -69.2,
    });
    expect(ZLatParam.parse('-90')).toBe(-90);
    expect(ZLongParam.parse('180')).toBe(180);
  });

  it('asks the geocoder in Russian for 5 JSON results unless told', () => {
    expect(ZGeocoderQuery.parse({ geocode: '  Registon  ' })).toEqual({
      geocode: 'Registon',
      format: 'json',
      lang: 'ru_RU',
      results: 5,
    });
  });

  it('fills the details of a new address with empty texts, and a change touches only what it names', () => {
    expect(
      ZCustomerAddressInput.parse({ address: ' Chilonzor 5 ', location: { lat: 41.3, long: 69.2 } }),
    ).toEqual({
      name: '',
      address: 'Chilonzor 5',
      city: '',
      location: { lat: 41.3, long: 69.2 },
      house: '',
      floor: '',
      porch: '',
      apartment: '',
    });
    expect(ZCustomerAddressPatch.parse({ name: ' Work ' })).toEqual({ name: 'Work' });
    expect(ZCustomerAddressImport.parse({ addresses: [ADDRESS_INPUT] }).addresses[0]?.is_active).toBe(false);
  });
});

describe('location contracts refuse what the API must not take or answer', () => {
  it.each(responses)('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual([]);
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it('the geocoder answer: only the fields Yandex leaves out at times are optional', () => {
    expect(omissionsAccepted(ZGeocoderResponse, REVERSE_GEOCODED)).toEqual([
      'response.GeoObjectCollection.metaDataProperty.GeocoderResponseMetaData.Point',
      'response.GeoObjectCollection.featureMember.0.GeoObject.description',
      'response.GeoObjectCollection.featureMember.0.GeoObject.metaDataProperty.GeocoderMetaData.uri',
      'response.GeoObjectCollection.featureMember.0.GeoObject.metaDataProperty.GeocoderMetaData.Address.country_code',
      'response.GeoObjectCollection.featureMember.0.GeoObject.boundedBy',
    ]);
    expect(wrongTypesAccepted(ZGeocoderResponse, REVERSE_GEOCODED)).toEqual([]);
  });

  it.each<[string, Path, unknown]>([
    ['a zone of two points (not an area)', ['points'], ZONE.points.slice(0, 2)],
    ['a hole of two points', ['holes', 0], ZONE.holes[0]?.slice(0, 2)],
    ['a vertex beyond the pole', ['points', 0, 'lat'], 91],
    ['a vertex written with long (the platform writes lon)', ['points', 0], { lat: 41.28, long: 69.25 }],
    ['a branch that is not an id', ['branch_ids', 0], 'chilonzor'],
    ['a fractional minimum', ['min_order_amount'], 50000.5],
    ['a negative free-delivery threshold', ['free_delivery_order_amount'], -1],
  ])('a zone: refuses %s', (_name, path, value) => {
    expectRefused(
      ZDeliveryZonesResponse,
      changed({ count: 1, zones: [ZONE] }, ['zones', 0, ...path], value),
      ['zones', 0, ...path],
    );
  });

  it.each<[string, Path, unknown]>([
    ['a negative distance', ['distance'], -1],
    ['a distance in fractions of a metre', ['distance'], 835.5],
    ['no word on whether it is open', ['is_open'], null],
  ])('a near branch: refuses %s', (_name, path, value) => {
    expectRefused(
      ZNearestBranchResponse,
      changed({ branches: [NEAR_BRANCH] }, ['branches', 0, ...path], value),
      ['branches', 0, ...path],
    );
  });

  it.each([
    '',
    ' ',
    'abc',
    '1e5',
    'NaN',
    'Infinity',
    '41,3',
    '41.3.1',
    '0x1f',
    '91',
    '-90.5',
    '1000',
    '41.3\n',
    '\u202841.3',
  ])('refuses the latitude %j', (lat) => {
    expectRefused(ZCheckPointQuery, { lat, lon: '69.2' }, ['lat']);
  });

  it.each(['180.1', '-181', '1e2'])('refuses the longitude %j', (long) => {
    expectRefused(ZNearestBranchQuery, { lat: '41.3', long }, ['long']);
  });

  it.each<[string, z.ZodType, unknown, Path]>([
    ['a check without the longitude', ZCheckPointQuery, { lat: '41.3' }, ['lon']],
    [
      'the nearest branches of a zone that is not an id',
      ZNearestBranchQuery,
      { lat: '41.3', long: '69.2', delivery_zone_id: 'west' },
      ['delivery_zone_id'],
    ],
    ['zones of a city in capitals', ZDeliveryZonesQuery, { city: 'Tashkent' }, ['city']],
    ['an empty address search', ZGeocoderQuery, { geocode: '   ' }, ['geocode']],
    ['an address search over 300 characters', ZGeocoderQuery, { geocode: 'a'.repeat(301) }, ['geocode']],
    ['an answer other than JSON', ZGeocoderQuery, { geocode: 'x', format: 'xml' }, ['format']],
    ['a language the geocoder does not speak', ZGeocoderQuery, { geocode: 'x', lang: 'de_DE' }, ['lang']],
    ['no results', ZGeocoderQuery, { geocode: 'x', results: '0' }, ['results']],
    ['more than 20 results', ZGeocoderQuery, { geocode: 'x', results: '21' }, ['results']],
    ['an unknown kind', ZGeocoderQuery, { geocode: 'x', kind: 'planet' }, ['kind']],
    ['a centre that is not lon,lat', ZGeocoderQuery, { geocode: 'x', ll: '69.28' }, ['ll']],
    ['a span that is not dlon,dlat', ZGeocoderQuery, { geocode: 'x', spn: 'wide' }, ['spn']],
    ['rspn other than 0 or 1', ZGeocoderQuery, { geocode: 'x', rspn: 'yes' }, ['rspn']],
    ['keys of an unknown type', ZApiKeysQuery, { type: 'sms' }, ['type']],
    ['more than 100 keys a page', ZApiKeysQuery, { limit: '101' }, ['limit']],
    ['a key shorter than 8 characters', ZApiKeyUpdate, { key: ' abc ' }, ['key']],
    ['a key over 200 characters', ZApiKeyUpdate, { key: 'k'.repeat(201) }, ['key']],
    ['a key of an unknown type', ZApiKeyUpdate, { key: 'yandex-geocoder-key', type: 'sms' }, ['type']],
    ['a key path that is not an id', ZApiKeyParams, { id: '1' }, ['id']],
    [
      'an address without its text',
      ZCustomerAddressInput,
      { location: { lat: 41.3, long: 69.2 } },
      ['address'],
    ],
    ['an address of blanks', ZCustomerAddressInput, { ...ADDRESS_INPUT, address: '   ' }, ['address']],
    [
      'an address over 300 characters',
      ZCustomerAddressInput,
      { ...ADDRESS_INPUT, address: 'a'.repeat(301) },
      ['address'],
    ],
    ['an address without a point', ZCustomerAddressInput, { address: 'Chilonzor 5' }, ['location']],
    [
      'a point beyond the pole',
      ZCustomerAddressInput,
      { ...ADDRESS_INPUT, location: { lat: -91, long: 69.2 } },
      ['location', 'lat'],
    ],
    [
      'a label over 60 characters',
      ZCustomerAddressInput,
      { ...ADDRESS_INPUT, name: 'a'.repeat(61) },
      ['name'],
    ],
    [
      'an apartment over 20 characters',
      ZCustomerAddressInput,
      { ...ADDRESS_INPUT, apartment: '1'.repeat(21) },
      ['apartment'],
    ],
    ['a change of nothing', ZCustomerAddressPatch, {}, []],
    ['a change that empties the address', ZCustomerAddressPatch, { address: '' }, ['address']],
    ['an address path that is not an id', ZCustomerAddressParams, { id: 'home' }, ['id']],
    [
      `more than ${MAX_CUSTOMER_ADDRESSES} addresses at sign-in`,
      ZCustomerAddressImport,
      { addresses: Array.from({ length: MAX_CUSTOMER_ADDRESSES + 1 }, () => ADDRESS_INPUT) },
      ['addresses'],
    ],
  ])('refuses %s', (_name, schema, value, path) => {
    expectRefused(schema, value, path);
  });

  it('never answers a browser a key of a type only the server may use', () => {
    const path = ['keys', 0, 'type'];
    expectRefused(ZApiKeysResponse, changed(API_KEYS, path, 'geocoder'), path);
  });

  it.each<[string, z.ZodType, unknown]>([
    [
      'address search',
      ZGeocoderQuery,
      {
        geocode: 'Чиланзар',
        type: 'geo',
        ll: '69.28,41.31',
        spn: '0.6,0.4',
        results: '10',
        uri: 'local://place/1',
      },
    ],
    ['new address', ZCustomerAddressInput, ADDRESS_INPUT],
    ['address change', ZCustomerAddressPatch, { ...ADDRESS_INPUT }],
    ['addresses at sign-in', ZCustomerAddressImport, { addresses: [ADDRESS_INPUT] }],
    ['map key', ZApiKeyUpdate, { key: 'yandex-geocoder-key', type: 'geocoder' }],
    ['point check', ZCheckPointQuery, { lat: '41.3', lon: '69.21' }],
  ])('the %s takes no control characters in any text', (_name, schema, sample) => {
    expect(controlCharacterViolations(schema, sample)).toEqual([]);
  });
});
