import { describe, expect, it } from 'vitest';
import { MAX_PRICE, parsePriceInput } from './price-input';

describe('a typed price', () => {
  it('is whole sums, thousands separators allowed', () => {
    expect(parsePriceInput('32000')).toBe(32000);
    expect(parsePriceInput(' 32 000 ')).toBe(32000);
    expect(parsePriceInput('32\u00a0000')).toBe(32000);
    expect(parsePriceInput('32,000')).toBe(32000);
    expect(parsePriceInput('0')).toBe(0);
    expect(parsePriceInput(String(MAX_PRICE))).toBe(MAX_PRICE);
  });

  it('refuses fractions, signs, letters, nothing and too much', () => {
    for (const text of [
      '',
      ' ',
      '32000.5',
      '32.000',
      '-5',
      '1e5',
      'abc',
      '32 000 сум',
      String(MAX_PRICE + 1),
    ]) {
      expect(parsePriceInput(text), text).toBeNull();
    }
  });
});
