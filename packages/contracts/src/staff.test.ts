import { describe, expect, it } from 'vitest';
import {
  BRANCH_MINUTES_MAX,
  ZBranchHoursRequest,
  ZBranchTimesRequest,
  ZStaffBranch,
  ZStaffBranchesResponse,
} from './staff.ts';
import {
  changed,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  REMOVED,
  wrongTypesAccepted,
} from './test-cases.ts';

/** GET /v1/staff/branches' branch as the API answers it (the test chain's 'chilonzor'). */
const STAFF_BRANCH = {
  id: '2a9195a4-7616-5bf8-b6ae-2f6e0bd957ab',
  slug: 'chilonzor',
  name: { ru: 'Филиал chilonzor', uz: 'chilonzor filiali', en: 'chilonzor branch' },
  city: 'tashkent',
  menu_id: 'b7d2b84f-d231-5d86-8882-d23961bb0b2f',
  work_hour_start: '00:00',
  work_hour_end: '23:59',
  delivery_time: 40,
  cooking_time: 20,
  is_active: true,
  paused_until: null,
  delivery_paused_until: '2026-03-02T08:00:00.000Z',
};

const TIMES = { delivery_time: 45, cooking_time: 25 };

describe('the manager’s branch', () => {
  it('is what the API answers, alone and in the list', () => {
    expectAccepted(ZStaffBranch, STAFF_BRANCH);
    expectAccepted(ZStaffBranchesResponse, { branches: [STAFF_BRANCH] });
  });

  it('has every field, each of its own type', () => {
    expect(omissionsAccepted(ZStaffBranch, STAFF_BRANCH)).toEqual([]);
    expect(wrongTypesAccepted(ZStaffBranch, STAFF_BRANCH)).toEqual([]);
  });

  it.each<[string, Path, unknown]>([
    ['no cooking time', ['cooking_time'], REMOVED],
    ['a cooking time of 0', ['cooking_time'], 0],
    ['a fractional cooking time', ['cooking_time'], 12.5],
    ['a delivery time of 0', ['delivery_time'], 0],
  ])('refuses %s', (_name, path, value) => {
    expectRefused(ZStaffBranch, changed(STAFF_BRANCH, path, value), path);
  });
});

describe('PUT /v1/staff/branches/{id}/times', () => {
  it.each([
    ['the shortest', { delivery_time: 1, cooking_time: 1 }],
    ['the longest', { delivery_time: BRANCH_MINUTES_MAX, cooking_time: BRANCH_MINUTES_MAX }],
    ['a usual pair', TIMES],
  ])('takes %s times', (_name, body) => {
    expectAccepted(ZBranchTimesRequest, body);
  });

  it('is 1 to 600 minutes (ten hours)', () => {
    expect(BRANCH_MINUTES_MAX).toBe(600);
  });

  it('needs both, each a number', () => {
    expect(omissionsAccepted(ZBranchTimesRequest, TIMES)).toEqual([]);
    expect(wrongTypesAccepted(ZBranchTimesRequest, TIMES)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['0', 0],
    ['601', 601],
    ['a negative number', -20],
    ['a fraction', 12.5],
    ['a number in a string', '20'],
    ['a huge number', 1e21],
    ['beyond the safe integers', Number.MAX_SAFE_INTEGER + 2],
    ['null', null],
  ])('refuses %s as either time', (_name, value) => {
    for (const field of ['delivery_time', 'cooking_time']) {
      expectRefused(ZBranchTimesRequest, changed(TIMES, [field], value), [field]);
    }
  });

  it('drops fields it does not know, as the other requests do', () => {
    expect(ZBranchTimesRequest.parse({ ...TIMES, work_hour_start: '08:00' })).toEqual(TIMES);
  });

  it('is not the hours request', () => {
    expectRefused(ZBranchHoursRequest, TIMES);
    expectRefused(ZBranchTimesRequest, { work_hour_start: '08:00', work_hour_end: '22:00' });
  });
});
