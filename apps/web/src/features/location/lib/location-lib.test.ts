import { describe, expect, it } from 'vitest';
import type { TAddressPoint } from '@/lib/stores/common';
import {
  geolocationErrorName,
  markPromptShown,
  needsPointFromLocation,
  promptAlreadyShown,
  samePoint,
  shouldAskLocation,
} from './address-flow';
import { orderingBlock } from './closed-branch';
import { writeBranchCookies, writeDeliveryTypeCookie } from './cookies';
import { geocoderLang } from './geocoding';
import { isOutOfServiceArea, toImport, toInput, toPoint } from './location-api';

const point = (
  id: string,
  isActive: boolean,
  location: [number, number] = [41.31, 69.28],
): TAddressPoint => ({
  id,
  location,
  address: `Street ${id}`,
  name: '',
  city: 'tashkent',
  isActive,
});

describe('address flow on load (spec section 4)', () => {
  const base = { points: [], location: null, deliveryType: 'delivery' as const, promptShown: false };

  it('asks for the location only with no active address, not in self-pickup and no prompt yet', () => {
    expect(shouldAskLocation(base)).toBe(true);
    expect(shouldAskLocation({ ...base, points: [point('a', false)] })).toBe(true);
    expect(shouldAskLocation({ ...base, points: [point('a', true)] })).toBe(false);
    expect(shouldAskLocation({ ...base, deliveryType: 'self-pickup' })).toBe(false);
    expect(shouldAskLocation({ ...base, promptShown: true })).toBe(false);
  });

  it('turns a stored location into a point only when there are no points', () => {
    const location = { lat: 41.31, long: 69.28 };
    expect(needsPointFromLocation({ ...base, location })).toBe(true);
    expect(needsPointFromLocation({ ...base, location: null })).toBe(false);
    expect(needsPointFromLocation({ ...base, location, points: [point('a', false)] })).toBe(false);
    expect(needsPointFromLocation({ ...base, location, points: [point('a', true, [40, 60])] })).toBe(false);
  });

  it('never in self-pickup: the address flow does not run there, nor switches it to delivery', () => {
    const location = { lat: 41.31, long: 69.28 };
    expect(needsPointFromLocation({ ...base, location, deliveryType: 'self-pickup' })).toBe(false);
  });

  it('compares points to about a metre', () => {
    expect(samePoint([41.31, 69.28], { lat: 41.310001, long: 69.280001 })).toBe(true);
    expect(samePoint([41.31, 69.28], { lat: 41.3102, long: 69.28 })).toBe(false);
  });

  it('opens the prompt once per browser session', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(promptAlreadyShown(storage)).toBe(false);
    markPromptShown(storage);
    expect(promptAlreadyShown(storage)).toBe(true);
  });

  it('names geolocation errors for the log', () => {
    expect(geolocationErrorName(1)).toBe('permission denied');
    expect(geolocationErrorName(2)).toBe('position unavailable');
    expect(geolocationErrorName(3)).toBe('timeout');
  });
});

describe('closed current branch blocks ordering (spec section 5)', () => {
  // 00:00 UTC is 05:00 in Tashkent.
  const at = (utc: string) => new Date(`2026-11-22T${utc}:00Z`);
  const amirTemur = { work_hour_start: '10:00', work_hour_end: '03:00' };

  it('blocks while the branch is closed and says when it opens', () => {
    expect(orderingBlock(amirTemur, at('00:00'), 'ru')).toEqual({ kind: 'branch_closed', opensAt: '10:00' });
    expect(orderingBlock(amirTemur, at('04:59'), 'ru')).toEqual({ kind: 'branch_closed', opensAt: '10:00' });
  });

  it('does not block while open, overnight included, nor around the clock, nor without a branch', () => {
    expect(orderingBlock(amirTemur, at('05:00'), 'ru')).toBeNull(); // 10:00 Tashkent
    expect(orderingBlock(amirTemur, at('21:30'), 'ru')).toBeNull(); // 02:30 Tashkent, past midnight
    expect(orderingBlock({ work_hour_start: '00:00', work_hour_end: '23:59' }, at('18:59'), 'ru')).toBeNull();
    expect(orderingBlock(null, at('00:00'), 'ru')).toBeNull();
  });

  it('treats a branch stored before hours were kept as not blocking', () => {
    expect(orderingBlock({ work_hour_start: '', work_hour_end: '' }, at('00:00'), 'ru')).toBeNull();
  });
});

describe('location cookies (spec section 4, "Delivery type")', () => {
  it('writes 30-day cookies and clears the three branch cookies together', () => {
    const written: string[] = [];
    const jar = { write: (c: string) => written.push(c) };
    writeDeliveryTypeCookie('delivery', jar);
    writeBranchCookies({ id: 'b', slug: 'amir temur', menu_id: 'm' }, jar);
    writeBranchCookies(null, jar);
    expect(written).toEqual([
      'delivery_type=delivery; Max-Age=2592000; Path=/; SameSite=Lax',
      'branch_id=b; Max-Age=2592000; Path=/; SameSite=Lax',
      'branch_slug=amir%20temur; Max-Age=2592000; Path=/; SameSite=Lax',
      'menu_id=m; Max-Age=2592000; Path=/; SameSite=Lax',
      'branch_id=; Max-Age=0; Path=/; SameSite=Lax',
      'branch_slug=; Max-Age=0; Path=/; SameSite=Lax',
      'menu_id=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });
});

describe('location API mapping', () => {
  it('maps server addresses to store points and back', () => {
    const server = {
      id: 'a',
      name: 'Home',
      address: 'Street 1',
      city: 'tashkent',
      location: { lat: 41.3, long: 69.2 },
      house: '5',
      floor: '2',
      porch: '1',
      apartment: '12',
      is_active: true,
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
    };
    const p = toPoint(server);
    expect(p).toEqual({
      id: 'a',
      location: [41.3, 69.2],
      address: 'Street 1',
      name: 'Home',
      city: 'tashkent',
      isActive: true,
      house: '5',
      floor: '2',
      porch: '1',
      apartment: '12',
    });
    expect(toInput(p)).toEqual({
      name: 'Home',
      address: 'Street 1',
      city: 'tashkent',
      location: { lat: 41.3, long: 69.2 },
      house: '5',
      floor: '2',
      porch: '1',
      apartment: '12',
    });
  });

  it('imports the anonymous points with their active flag, skipping empty addresses', () => {
    const body = toImport([point('a', false), point('b', true), { ...point('c', false), address: '  ' }]);
    expect(body.addresses.map((a) => [a.address, a.is_active, a.house])).toEqual([
      ['Street a', false, ''],
      ['Street b', true, ''],
    ]);
  });

  it('tells out of service area (zones exist, none holds the point) from no zones at all', () => {
    expect(isOutOfServiceArea({ all_count: 2, result: [] })).toBe(true);
    expect(isOutOfServiceArea({ all_count: 0, result: [] })).toBe(false);
  });

  it('asks the geocoder in the page language', () => {
    expect([geocoderLang('ru'), geocoderLang('uz'), geocoderLang('en')]).toEqual(['ru_RU', 'uz_UZ', 'en_US']);
  });
});
