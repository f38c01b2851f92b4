import { describe, expect, it } from 'vitest';
import { queryRetryDelay } from './constants.ts';

describe('queryRetryDelay (spec section 9: 3 retries with backoff up to 30 s)', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits more than 30 s', () => {
    expect(queryRetryDelay(4)).toBe(16_000);
    expect(queryRetryDelay(5)).toBe(30_000);
    expect(queryRetryDelay(50)).toBe(30_000);
  });

  it('treats a negative count as the first retry', () => {
    expect(queryRetryDelay(-1)).toBe(1_000);
  });
});
