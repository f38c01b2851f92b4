import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  COOKIE_MAX_AGE,
  PERSIST_VERSION,
  QUERY_RETRY_MAX_DELAY_MS,
  QUERY_STALE_TIME_MS,
  queryRetryDelay,
} from './constants.ts';

describe('constants', () => {
  it('cookies live 30 days', () => {
    expect(COOKIE_MAX_AGE).toBe(30 * 24 * 60 * 60);
  });

  it('breakpoints grow', () => {
    const widths = Object.values(BREAKPOINTS);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(BREAKPOINTS.md).toBe(992);
  });

  it('cache and persistence as spec section 9', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(PERSIST_VERSION).toBe(1);
  });
});

describe('queryRetryDelay', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits more than 30 s', () => {
    expect(queryRetryDelay(5)).toBe(QUERY_RETRY_MAX_DELAY_MS);
    expect(queryRetryDelay(50)).toBe(30_000);
  });

  it('treats a negative count as the first retry', () => {
    expect(queryRetryDelay(-1)).toBe(1_000);
  });
});
