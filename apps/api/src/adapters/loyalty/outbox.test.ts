import { describe, expect, it } from 'vitest';
import { LOYALTY_OUTBOX_FIRST_RETRY_MS, LOYALTY_OUTBOX_MAX_RETRY_MS, retryDelayMs } from './outbox.ts';

describe('retryDelayMs', () => {
  it('waits 15 s after the first refused try and twice as long after each next one', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(1)).toBe(LOYALTY_OUTBOX_FIRST_RETRY_MS);
  });

  it('never waits more than an hour, however many tries (no overflow)', () => {
    expect(retryDelayMs(9)).toBe(LOYALTY_OUTBOX_MAX_RETRY_MS);
    expect(retryDelayMs(8)).toBe(15_000 * 128);
    for (const attempts of [10, 64, 1_000, 2 ** 31]) {
      expect(retryDelayMs(attempts)).toBe(60 * 60_000);
    }
  });

  it('treats a row never tried (0) like a first try', () => {
    expect(retryDelayMs(0)).toBe(LOYALTY_OUTBOX_FIRST_RETRY_MS);
  });
});
