import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetry } from './query-config';

describe('query client (spec section 9)', () => {
  it('does not refetch on focus and caches for 5 minutes', () => {
    const q = createQueryClient().getDefaultOptions().queries;
    expect(q?.refetchOnWindowFocus).toBe(false);
    expect(q?.gcTime).toBe(300_000);
    expect(q?.staleTime).toBe(300_000);
  });

  it('retries 3 times with exponential backoff capped at 30 s', () => {
    const q = createQueryClient().getDefaultOptions().queries;
    const delay = q?.retryDelay as (attempt: number, error: unknown) => number;
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => delay(n, null))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    const serverError = { status: 500, data: { statusCode: 500, code: 'X', message: 'x' } };
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverError))).toEqual([true, true, true, false]);
  });

  it('does not retry an answer that will not change (4xx)', () => {
    expect(shouldRetry(0, { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'x' } })).toBe(
      false,
    );
  });
});
