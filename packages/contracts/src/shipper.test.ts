import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZCitiesResponse, ZShipper } from './shipper.ts';
import {
  changed,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  wrongTypesAccepted,
} from './test-cases.ts';

/** GET /v1/shippers/{id} as the API answers it (the test chain). */
const SHIPPER = {
  id: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60',
  name: 'Fixture Chain',
  logo: '/images/r1/logos/fixture-chain-logo--pot-of-food--f5e6d3-160.webp',
  phone: '998711234567',
  work_hour_start: '09:00',
  work_hour_end: '23:00',
  minimal_order_price: 40000,
  description: { ru: 'Тестовая сеть', uz: 'Test tarmoq', en: 'Test chain' },
  socials: [{ type: 'telegram', url: 'https://t.me/fixture' }],
  app_links: { app_store: 'https://apps.apple.com/app/id1', play_market: null },
  payment_types: ['cash'],
  sister_brands: [
    {
      id: 'sister-coffee',
      name: 'Sister Coffee',
      logo: '/images/r1/logos/sister-coffee--hot-beverage--efe0d2-160.webp',
      url: 'https://coffee.example',
    },
  ],
};

/** GET /v1/cities. */
const CITIES = {
  cities: [
    {
      slug: 'tashkent',
      name: { ru: 'Ташкент', uz: 'Toshkent', en: 'Tashkent' },
      location: { lat: 41.31, long: 69.28 },
      default_menu_id: 'b7d2b84f-d231-5d86-8882-d23961bb0b2f',
    },
  ],
};

describe('shipper contracts accept what the API answers', () => {
  it.each<[string, z.ZodType, unknown]>([
    ['the chain', ZShipper, SHIPPER],
    [
      'a chain with every payment type, social network and store link',
      ZShipper,
      {
        ...SHIPPER,
        socials: ['telegram', 'instagram', 'facebook', 'youtube', 'tiktok'].map((type) => ({
          type,
          url: `https://${type}.example/baraka`,
        })),
        app_links: { app_store: 'https://apps.apple.com/app/id1', play_market: 'https://play.google.com/x' },
        payment_types: ['cash', 'card', 'payme', 'click', 'loyalty'],
      },
    ],
    [
      'a chain without sister brands or apps',
      ZShipper,
      { ...SHIPPER, sister_brands: [], socials: [], app_links: { app_store: null, play_market: null } },
    ],
    ['the cities', ZCitiesResponse, CITIES],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });
});

describe('shipper contracts refuse what is not a chain', () => {
  it.each<[string, z.ZodType, unknown]>([
    ['the chain', ZShipper, SHIPPER],
    ['the cities', ZCitiesResponse, CITIES],
  ])('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual([]);
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it.each<[string, Path, unknown]>([
    ['a fractional minimal order', ['minimal_order_price'], 40000.5],
    ['a negative minimal order', ['minimal_order_price'], -1],
    ['hours not in HH:mm', ['work_hour_end'], '11 pm'],
    ['an unknown payment type', ['payment_types', 0], 'bitcoin'],
    ['an unknown social network', ['socials', 0, 'type'], 'myspace'],
    ['a social link that is not a URL', ['socials', 0, 'url'], 't.me/fixture'],
    ['a store link that is not a URL', ['app_links', 'app_store'], 'apple'],
    ['a sister brand without an address', ['sister_brands', 0, 'url'], ''],
    ['an id that is not a uuid', ['id'], 'baraka'],
  ])('refuses %s', (_name, path, value) => {
    expectRefused(ZShipper, changed(SHIPPER, path, value), path);
  });

  it('refuses a city whose default menu is not an id', () => {
    const path = ['cities', 0, 'default_menu_id'];
    expectRefused(ZCitiesResponse, changed(CITIES, path, 'tashkent'), path);
  });
});
