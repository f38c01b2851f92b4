import { describe, expect, it } from 'vitest';
import { createBreaker } from './call-guard.ts';

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
