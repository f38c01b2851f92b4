import { describe, expect, it } from 'vitest';
import {
  checkLoyaltyAmount,
  LOYALTY_STEP,
  loyaltyCashback,
  loyaltyMax,
  roundDownToHundred,
} from './loyalty.ts';

/** Small seeded PRNG (mulberry32), so the generated inputs are the same on every run. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

describe('roundDownToHundred', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 100],
    [199, 100],
    [33_000, 33_000],
    [33_099, 33_000],
    [1_234_567, 1_234_500],
  ])('%d -> %d', (amount, rounded) => {
    expect(roundDownToHundred(amount)).toBe(rounded);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (bad) => {
    expect(() => roundDownToHundred(bad)).toThrow(RangeError);
  });
});

describe('loyaltyMax', () => {
  it.each([
    // balance, total, percent -> max
    { balance: 20_000, total: 66_000, percent: 50, max: 20_000, why: 'the balance is below the cap' },
    { balance: 50_000, total: 66_000, percent: 50, max: 33_000, why: 'the cap is below the balance' },
    { balance: 50_000, total: 66_050, percent: 50, max: 33_000, why: 'the cap 33 025 rounds down' },
    { balance: 20_050, total: 66_000, percent: 50, max: 20_000, why: 'the balance 20 050 rounds down' },
    { balance: 99, total: 66_000, percent: 50, max: 0, why: 'less than a hundred' },
    { balance: 0, total: 66_000, percent: 50, max: 0, why: 'no balance' },
    { balance: 50_000, total: 0, percent: 50, max: 0, why: 'nothing to pay' },
    { balance: 50_000, total: 66_000, percent: 0, max: 0, why: 'no share allowed' },
    { balance: 100_000, total: 66_000, percent: 100, max: 66_000, why: 'the whole order' },
    { balance: 100_000, total: 66_099, percent: 100, max: 66_000, why: 'the whole order, in hundreds' },
    { balance: 10_000, total: 33_333, percent: 30, max: 9_900, why: '30% of 33 333 is 9 999.9' },
  ])('$why: $max', ({ balance, total, percent, max }) => {
    expect(loyaltyMax({ balance, total, maxSharePercent: percent })).toBe(max);
  });

  it('is always a hundred multiple within the balance and the share, and the largest such', () => {
    const random = prng(12);
    for (let i = 0; i < 2_000; i++) {
      const balance = Math.floor(random() * 200_000);
      const total = Math.floor(random() * 400_000);
      const percent = Math.floor(random() * 101);
      const max = loyaltyMax({ balance, total, maxSharePercent: percent });
      expect(max % LOYALTY_STEP).toBe(0);
      expect(max).toBeLessThanOrEqual(balance);
      expect(max * 100).toBeLessThanOrEqual(total * percent);
      const next = max + LOYALTY_STEP;
      expect(next > balance || next * 100 > total * percent).toBe(true);
    }
  });

  it.each([
    { balance: -1, total: 1, maxSharePercent: 50 },
    { balance: 1, total: 0.5, maxSharePercent: 50 },
    { balance: 1, total: 1, maxSharePercent: 101 },
    { balance: 1, total: 1, maxSharePercent: -1 },
    { balance: 1, total: 1, maxSharePercent: 2.5 },
  ])('refuses bad input %o', (input) => {
    expect(() => loyaltyMax(input)).toThrow(RangeError);
  });
});

describe('checkLoyaltyAmount', () => {
  const base = { balance: 50_000, total: 66_000, maxSharePercent: 50 };

  it.each([
    { amount: 0, result: { ok: true } },
    { amount: 100, result: { ok: true } },
    { amount: 33_000, result: { ok: true } },
    { amount: 150, result: { ok: false, reason: 'not_hundreds' } },
    { amount: 33_001, result: { ok: false, reason: 'not_hundreds' } },
    { amount: 33_100, result: { ok: false, reason: 'above_cap' } },
    { amount: 60_000, result: { ok: false, reason: 'above_cap' } },
  ])('$amount of a 66 000 order, balance 50 000, share 50%: $result', ({ amount, result }) => {
    expect(checkLoyaltyAmount({ ...base, amount })).toEqual(result);
  });

  it('refuses more than the balance within the share', () => {
    expect(checkLoyaltyAmount({ ...base, balance: 20_000, amount: 20_100 })).toEqual({
      ok: false,
      reason: 'above_balance',
    });
    expect(checkLoyaltyAmount({ ...base, balance: 20_000, amount: 20_000 })).toEqual({ ok: true });
    // A balance of less than a hundred pays nothing.
    expect(checkLoyaltyAmount({ ...base, balance: 99, amount: 100 })).toEqual({
      ok: false,
      reason: 'above_balance',
    });
  });

  it('checks the rounding first, then the share, then the balance', () => {
    expect(checkLoyaltyAmount({ ...base, balance: 0, amount: 70_050 })).toEqual({
      ok: false,
      reason: 'not_hundreds',
    });
    expect(checkLoyaltyAmount({ ...base, balance: 0, amount: 70_000 })).toEqual({
      ok: false,
      reason: 'above_cap',
    });
  });

  it('accepts exactly the amounts up to loyaltyMax that are whole hundreds', () => {
    const random = prng(7);
    for (let i = 0; i < 2_000; i++) {
      const balance = Math.floor(random() * 100_000);
      const total = Math.floor(random() * 200_000);
      const percent = Math.floor(random() * 101);
      const amount = Math.floor(random() * 120_000);
      const max = loyaltyMax({ balance, total, maxSharePercent: percent });
      const ok = checkLoyaltyAmount({ amount, balance, total, maxSharePercent: percent }).ok;
      expect(ok).toBe(amount === 0 || (amount % 100 === 0 && amount <= max));
    }
  });

  it('refuses a negative or fractional amount as a programming error', () => {
    expect(() => checkLoyaltyAmount({ ...base, amount: -100 })).toThrow(RangeError);
    expect(() => checkLoyaltyAmount({ ...base, amount: 100.5 })).toThrow(RangeError);
    expect(() => checkLoyaltyAmount({ ...base, balance: -1, amount: 0 })).toThrow(RangeError);
  });
});

describe('loyaltyCashback', () => {
  it.each([
    { total: 66_000, loyalty: 0, percent: 5, earned: 3_300, why: '5% of 66 000' },
    { total: 66_000, loyalty: 20_000, percent: 5, earned: 2_300, why: '5% of the 46 000 paid with money' },
    { total: 66_000, loyalty: 33_000, percent: 5, earned: 1_600, why: '5% of 33 000 is 1 650, rounded down' },
    { total: 1_999, loyalty: 0, percent: 5, earned: 0, why: '99.95 earns nothing' },
    { total: 2_000, loyalty: 0, percent: 5, earned: 100, why: 'exactly a hundred' },
    { total: 66_000, loyalty: 66_000, percent: 5, earned: 0, why: 'all paid with bonuses' },
    { total: 66_000, loyalty: 0, percent: 0, earned: 0, why: 'no cashback' },
    { total: 66_000, loyalty: 0, percent: 100, earned: 66_000, why: 'everything back' },
    { total: 65_990, loyalty: 0, percent: 7, earned: 4_600, why: '7% of 65 990 is 4 619.3' },
  ])('$why: $earned', ({ total, loyalty, percent, earned }) => {
    expect(loyaltyCashback({ total, loyaltyAmount: loyalty, cashbackPercent: percent })).toBe(earned);
  });

  it('never earns on the bonus part and never more than the percent of the money part', () => {
    const random = prng(3);
    for (let i = 0; i < 2_000; i++) {
      const total = Math.floor(random() * 300_000);
      const loyaltyAmount = Math.floor((random() * total) / 100) * 100;
      const percent = Math.floor(random() * 101);
      const earned = loyaltyCashback({ total, loyaltyAmount, cashbackPercent: percent });
      expect(earned % 100).toBe(0);
      expect(earned * 100).toBeLessThanOrEqual((total - loyaltyAmount) * percent);
      expect((earned + 100) * 100).toBeGreaterThan((total - loyaltyAmount) * percent);
    }
  });

  it('refuses bad input', () => {
    expect(() => loyaltyCashback({ total: -1, loyaltyAmount: 0, cashbackPercent: 5 })).toThrow(RangeError);
    expect(() => loyaltyCashback({ total: 1, loyaltyAmount: 0.5, cashbackPercent: 5 })).toThrow(RangeError);
    expect(() => loyaltyCashback({ total: 1, loyaltyAmount: 0, cashbackPercent: 101 })).toThrow(RangeError);
  });
});
