import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZBranch, ZBranchListQuery, ZBranchListResponse, ZBranchParams } from './branch.ts';
import {
  changed,
  controlCharacterViolations,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  REMOVED,
  wrongTypesAccepted,
} from './test-cases.ts';
import { BRANCH } from './test-samples.ts';

/** A branch open past midnight, with a virtual tour and no pictures yet. */
const NIGHT_BRANCH = {
  ...BRANCH,
  id: '31e1bc09-73fa-53ae-a8a5-0eaa38758a15',
  slug: 'yunusobod',
  work_hour_start: '10:00',
  work_hour_end: '03:00',
  images: [],
  virtual_tour: 'https://tour.example/yunusobod',
  is_active: false,
};

describe('branch contracts accept what the API answers and the storefront asks', () => {
  it.each<[string, z.ZodType, unknown]>([
    ['a branch', ZBranch, BRANCH],
    ['a branch open past midnight with a virtual tour', ZBranch, NIGHT_BRANCH],
    ['the list', ZBranchListResponse, { count: 2, branches: [BRANCH, NIGHT_BRANCH] }],
    ['an empty list', ZBranchListResponse, { count: 0, branches: [] }],
    ['the list query without parameters', ZBranchListQuery, {}],
    [
      'the list query of a city',
      ZBranchListQuery,
      { city: 'tashkent', is_active: 'true', page: '2', limit: '50' },
    ],
    ['a branch by id', ZBranchParams, { id: BRANCH.id }],
    ['a branch by slug', ZBranchParams, { id: 'chilonzor' }],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it('pages the list from 1 by 20 when the query does not say', () => {
    expect(ZBranchListQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });
});

describe('branch contracts refuse what is not a branch', () => {
  it('every field the platform names is required (none may be left out)', () => {
    expect(omissionsAccepted(ZBranch, BRANCH)).toEqual([]);
  });

  it('no field takes a value of another type', () => {
    expect(wrongTypesAccepted(ZBranch, BRANCH)).toEqual([]);
    expect(wrongTypesAccepted(ZBranchListResponse, { count: 1, branches: [NIGHT_BRANCH] })).toEqual([]);
  });

  it.each<[string, Path, unknown]>([
    ['an hour past 23', ['work_hour_start'], '24:00'],
    ['an hour without its leading zero', ['work_hour_start'], '9:00'],
    ['minutes past 59', ['work_hour_end'], '22:60'],
    ['a negative delivery time', ['delivery_time'], -1],
    ['a fractional delivery time', ['delivery_time'], 40.5],
    ['negative days ahead', ['future_delivery_order_time'], -1],
    ['negative seats', ['seats_count'], -3],
    ['a latitude beyond the pole', ['location', 'lat'], 90.5],
    ['a longitude beyond 180', ['location', 'long'], -181],
    ['a menu that is not an id', ['menu_id'], 'tashkent'],
    ['a virtual tour that is not a URL', ['virtual_tour'], 'tour.example'],
    ['a picture of no width', ['images', 0, 'width'], 0],
    ['a picture without files', ['images', 0, 'sources'], []],
    ['a name without its Uzbek text', ['name', 'uz'], REMOVED],
  ])('refuses %s', (_name, path, value) => {
    expectRefused(ZBranch, changed(BRANCH, path, value), path);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a city in capitals', { city: 'Tashkent' }, 'city'],
    ['a city that climbs out of the path', { city: '../x' }, 'city'],
    ['is_active other than true or false', { is_active: 'yes' }, 'is_active'],
    ['page 0', { page: '0' }, 'page'],
    ['a page beyond 10 000', { page: '10001' }, 'page'],
    ['a limit of 0', { limit: '0' }, 'limit'],
    ['a limit over 100', { limit: '101' }, 'limit'],
    ['a limit that is not a number', { limit: 'ten' }, 'limit'],
  ])('the list query refuses %s', (_name, query, field) => {
    expectRefused(ZBranchListQuery, query, [field]);
  });

  it('the list query takes no control characters', () => {
    expect(
      controlCharacterViolations(ZBranchListQuery, {
        city: 'tashkent',
        is_active: 'true',
        page: '12',
        limit: '20',
      }),
    ).toEqual([]);
  });

  it.each(['', 'a b', '../etc', 'плов', 'x'.repeat(121)])('refuses the branch path segment %j', (id) => {
    expectRefused(ZBranchParams, { id }, ['id']);
  });
});
