import { describe, expect, it } from 'vitest';
import { createBreaker, createBulkhead } from './call-guard.ts';

class Refused extends Error {}
const refuse = (why: string) => new Refused(why);

function breakerSetup() {
  let clock = 1_000;
  const breaker = createBreaker({ failuresToOpen: 3, openMs: 30_000, now: () => clock, refuse });
  /** A call answering `status` (5xx counts as a failure), or throwing. */
  const call = (status: number | 'throws') =>
    breaker.run(
      async () => {
        if (status === 'throws') throw new Error('no answer in time');
        return status;
      },
      (outcome) => 'error' in outcome || outcome.value >= 500,
    );
  /** A call that waits until it is released (it answers 200). */
  const held = () => {
    let release = () => {};
    const done = breaker.run(
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(200);
        }),
      () => false,
    );
    return { done, release: () => release() };
  };
  return { breaker, call, held, move: (ms: number) => (clock += ms) };
}

describe('the bulkhead', () => {
  it('lets `max` operations run at once and refuses one more at once, then takes them again', async () => {
    const bulkhead = createBulkhead({ max: 2, refuse });
    const releases: (() => void)[] = [];
    const waiting = () =>
      bulkhead.run(
        () =>
          new Promise<string>((resolve) => {
            releases.push(() => resolve('done'));
          }),
      );
    const a = waiting();
    const b = waiting();
    expect(bulkhead.inFlight()).toBe(2);
    await expect(bulkhead.run(async () => 'more')).rejects.toThrow(
      new Refused('2 operations already waiting on it'),
    );
    releases[0]?.();
    await expect(a).resolves.toBe('done');
    await expect(bulkhead.run(async () => 'again')).resolves.toBe('again');
    releases[1]?.();
    await b;
    expect(bulkhead.inFlight()).toBe(0);
  });

  it('frees its place when an operation fails', async () => {
    const bulkhead = createBulkhead({ max: 1, refuse });
    await expect(bulkhead.run(() => Promise.reject(new Error('iiko said no')))).rejects.toThrow(
      'iiko said no',
    );
    expect(bulkhead.inFlight()).toBe(0);
    await expect(bulkhead.run(async () => 1)).resolves.toBe(1);
  });
});

describe('the breaker', () => {
  it('opens after 3 failures in a row (thrown or 5xx), refuses for 30 s without calling, then one call tries', async () => {
    const { breaker, call, held, move } = breakerSetup();
    await expect(call('throws')).rejects.toThrow('no answer in time');
    await expect(call(503)).resolves.toBe(503);
    await expect(call('throws')).rejects.toThrow('no answer in time');
    await expect(call(200)).rejects.toThrow(new Refused('refused for 30 s after 3 failures in a row'));
    move(29_000);
    await expect(call(200)).rejects.toThrow(new Refused('refused for 1 s after 3 failures in a row'));
    move(1_000);
    // Half open: one call finds out; another meanwhile is refused.
    const trial = held();
    await expect(call(200)).rejects.toThrow(new Refused('another call is finding out whether it is back'));
    trial.release();
    await trial.done;
    expect(breaker.state().failures).toBe(0);
    await expect(call(200)).resolves.toBe(200);
  });

  it('a failed trial opens it for another 30 s', async () => {
    const { call, move } = breakerSetup();
    for (let i = 0; i < 3; i++) await expect(call(500)).resolves.toBe(500);
    move(30_000);
    await expect(call(502)).resolves.toBe(502);
    await expect(call(200)).rejects.toBeInstanceOf(Refused);
    move(30_000);
    await expect(call(200)).resolves.toBe(200);
  });

  it('counts failures in a row only: an answer (a 4xx too) starts the count again, a refusal is not one', async () => {
    const { breaker, call, held, move } = breakerSetup();
    await call(500);
    await call(500);
    await expect(call(404)).resolves.toBe(404);
    expect(breaker.state().failures).toBe(0);
    for (let i = 0; i < 3; i++) await call(500);
    move(30_000);
    const trial = held();
    await expect(call(200)).rejects.toBeInstanceOf(Refused);
    expect(breaker.state().failures).toBe(3);
    trial.release();
    await trial.done;
    expect(breaker.state().failures).toBe(0);
  });
});
