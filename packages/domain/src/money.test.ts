import { describe, expect, it } from 'vitest';
import { formatSum } from './money.ts';

const NBSP = '\u00a0';

describe('formatSum', () => {
  it('ru: non-breaking spaces between thousands, then сум', () => {
    expect(formatSum(32_000, 'ru')).toBe(`32${NBSP}000${NBSP}сум`);
    expect(formatSum(1_234_567, 'ru')).toBe(`1${NBSP}234${NBSP}567${NBSP}сум`);
  });

  it("uz: spaces between thousands, then so'm", () => {
    expect(formatSum(32_000, 'uz')).toBe(`32${NBSP}000${NBSP}so'm`);
  });

  it('en: commas between thousands, then sum', () => {
    expect(formatSum(32_000, 'en')).toBe(`32,000${NBSP}sum`);
    expect(formatSum(1_234_567, 'en')).toBe(`1,234,567${NBSP}sum`);
  });

  it('reads as the brief writes it once spaces are normalised', () => {
    const plain = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(plain(formatSum(32_000, 'ru'))).toBe('32 000 сум');
    expect(plain(formatSum(32_000, 'uz'))).toBe("32 000 so'm");
    expect(plain(formatSum(32_000, 'en'))).toBe('32,000 sum');
  });

  it('leaves small amounts ungrouped', () => {
    expect(formatSum(0, 'ru')).toBe(`0${NBSP}сум`);
    expect(formatSum(999, 'en')).toBe(`999${NBSP}sum`);
    expect(formatSum(1_000, 'en')).toBe(`1,000${NBSP}sum`);
  });

  it('shows a negative amount (a discount) with a minus sign', () => {
    expect(formatSum(-5_000, 'en')).toBe(`-5,000${NBSP}sum`);
  });

  it.each([32_000.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('rejects %s', (amount) => {
    expect(() => formatSum(amount, 'ru')).toThrow(RangeError);
  });
});
