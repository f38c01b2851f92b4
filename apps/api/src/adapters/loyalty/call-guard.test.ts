import { describe, expect, it } from 'vitest';
import { createCallGuard } from './call-guard.ts';

class Refused extends Error {}

function setup(overrides: { maxConcurrent?: number } = {}) {
  let clock = 1_000;
  const guard = createCallGuard({
    maxConcurrent: overrides.maxConcurrent ?? 2,
    failuresToOpen: 3,
    openMs: 30_000,
    now: () => clock,
    refuse: (why) => new Refused(why),
  });
  /** A call answering `status` (5xx counts as a failure), or throwing. */
  const call = (status: number | 'throws') =>
    guard.run(
      async () => {
        if (status === 'throws') throw new Error('no answer in time');
        return status;
      },
      (outcome) => 'error' in outcome || outcome.value >= 500,
    );
  return { guard, call, move: (ms: number) => (clock += ms) };
}

/** A call that waits until `release` is called. */
function held(guard: ReturnType<typeof setup>['guard']) {
  let release = () => {};
  const done = guard.run(
    () =>
      new Promise<number>((resolve) => {
        release = () => resolve(200);
      }),
    () => false,
  );
  return { done, release: () => release() };
}

describe('the call guard', () => {
  it('lets maxConcurrent calls wait at once and refuses one more at once, then takes calls again', async () => {
    const { guard, call } = setup({ maxConcurrent: 2 });
    const a = held(guard);
    const b = held(guard);
    expect(guard.state().inFlight).toBe(2);
    await expect(call(200)).rejects.toThrow(new Refused('2 calls already waiting on it'));
    a.release();
    await a.done;
    await expect(call(200)).resolves.toBe(200);
    b.release();
    await b.done;
    expect(guard.state()).toMatchObject({ inFlight: 0, failures: 0 });
  });

  it('opens after 3 failures in a row (thrown or 5xx), refuses for 30 s without calling, then one call tries', async () => {
    const { guard, call, move } = setup();
    await expect(call('throws')).rejects.toThrow('no answer in time');
    await expect(call(503)).resolves.toBe(503);
    await expect(call('throws')).rejects.toThrow('no answer in time');
    await expect(call(200)).rejects.toThrow(new Refused('refused for 30 s after 3 failures in a row'));
    move(29_000);
    await expect(call(200)).rejects.toThrow(new Refused('refused for 1 s after 3 failures in a row'));
    move(1_000);
    // Half open: one call finds out; another meanwhile is refused.
    const trial = held(guard);
    await expect(call(200)).rejects.toThrow(new Refused('another call is finding out whether it is back'));
    trial.release();
    await trial.done;
    expect(guard.state().failures).toBe(0);
    await expect(call(200)).resolves.toBe(200);
  });

  it('a failed trial opens it for another 30 s', async () => {
    const { call, move } = setup();
    for (let i = 0; i < 3; i++) await expect(call(500)).resolves.toBe(500);
    move(30_000);
    await expect(call(502)).resolves.toBe(502);
    await expect(call(200)).rejects.toBeInstanceOf(Refused);
    move(30_000);
    await expect(call(200)).resolves.toBe(200);
  });

  it('counts failures in a row only: an answer (a 4xx too) starts the count again, a refusal is not one', async () => {
    const { guard, call } = setup({ maxConcurrent: 1 });
    await call(500);
    await call(500);
    await expect(call(404)).resolves.toBe(404);
    expect(guard.state().failures).toBe(0);
    await call(500);
    await call(500);
    const waiting = held(guard);
    await expect(call(200)).rejects.toBeInstanceOf(Refused);
    expect(guard.state().failures).toBe(2);
    waiting.release();
    await waiting.done;
  });
});
