import { BRANCH_MINUTES_MAX, ZBranchTimesRequest } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  branchTimesBody,
  MAX_BRANCH_MINUTES,
  MIN_BRANCH_MINUTES,
  parseMinutesInput,
  refusedTimeFields,
} from './branch-times';

describe('a typed delivery or cooking time', () => {
  it('has the bounds of the API’s request (ZBranchTimesRequest)', () => {
    expect(MAX_BRANCH_MINUTES).toBe(BRANCH_MINUTES_MAX);
    expect(MIN_BRANCH_MINUTES).toBe(1);
    for (let minutes = -2; minutes <= MAX_BRANCH_MINUTES + 2; minutes++) {
      const typed = String(minutes);
      const accepted = ZBranchTimesRequest.safeParse({ delivery_time: minutes, cooking_time: 20 }).success;
      expect(parseMinutesInput(typed) !== null, typed).toBe(accepted);
    }
  });

  it('is whole minutes from 1 to 600, spaces around allowed', () => {
    expect(parseMinutesInput('45')).toBe(45);
    expect(parseMinutesInput(' 45 ')).toBe(45);
    expect(parseMinutesInput('1')).toBe(1);
    expect(parseMinutesInput('600')).toBe(600);
    expect(parseMinutesInput('045')).toBe(45);
  });

  it('refuses nothing, 0, more than 600, fractions, signs, exponents and words', () => {
    for (const text of [
      '',
      ' ',
      '0',
      '000',
      '601',
      '1000',
      '12.5',
      '12,5',
      '-5',
      '+5',
      '1e2',
      '45 мин',
      'abc',
    ]) {
      expect(parseMinutesInput(text), text).toBeNull();
    }
  });
});

describe('the times form’s body', () => {
  it('is both times as numbers when both are right', () => {
    expect(branchTimesBody({ delivery_time: '45', cooking_time: '20' })).toEqual({
      ok: true,
      body: { delivery_time: 45, cooking_time: 20 },
    });
  });

  it('names the fields that are not, in the form’s order', () => {
    expect(branchTimesBody({ delivery_time: '0', cooking_time: '20' })).toEqual({
      ok: false,
      invalid: ['delivery_time'],
    });
    expect(branchTimesBody({ delivery_time: '', cooking_time: '601' })).toEqual({
      ok: false,
      invalid: ['delivery_time', 'cooking_time'],
    });
  });

  it('marks the time fields an API refusal names, and no other', () => {
    expect(refusedTimeFields([{ field: 'cooking_time' }, { field: 'body' }])).toEqual(['cooking_time']);
    expect(refusedTimeFields([{ field: 'cooking_time' }, { field: 'delivery_time' }])).toEqual([
      'delivery_time',
      'cooking_time',
    ]);
    expect(refusedTimeFields(undefined)).toEqual([]);
  });
});
