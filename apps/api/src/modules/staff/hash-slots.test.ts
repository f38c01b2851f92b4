import { describe, expect, it } from 'vitest';
import { HashSlots, HashSlotsFull, passwordCheckSlots } from './hash-slots.ts';

/** A piece of work the test finishes by hand, so nothing depends on timing. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('HashSlots', () => {
  it('runs at most `slots` at once, queues `maxWaiting` in order, refuses the rest at once', async () => {
    const slots = new HashSlots(2, 3);
    const gates = Array.from({ length: 10 }, gate);
    const started: number[] = [];
    const outcomes = gates.map((g, i) =>
      slots
        .run(async () => {
          started.push(i);
          await g.opened;
          return i;
        })
        .then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(slots.inFlight).toBe(2);
    expect(slots.waiting).toBe(3);
    // The five beyond 2 running + 3 waiting are refused without waiting for anything.
    const refused = await Promise.all(outcomes.slice(5));
    expect(refused.every((o) => !o.ok && o.error instanceof HashSlotsFull)).toBe(true);
    expect(slots.stats.refused).toBe(5);

    // Finishing one lets the longest-waiting one in, never more than two at once.
    gates[1]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(slots.inFlight).toBe(2);
    expect(slots.waiting).toBe(2);
    for (const i of [0, 2, 3, 4]) {
      gates[i]?.open();
      await settle();
      expect(slots.inFlight).toBeLessThanOrEqual(2);
    }
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(await Promise.all(outcomes.slice(0, 5))).toEqual(
      [0, 1, 2, 3, 4].map((value) => ({ ok: true, value })),
    );
    expect(slots.stats).toEqual({ peakInFlight: 2, started: 5, refused: 5 });
    expect(slots.inFlight).toBe(0);
    expect(slots.waiting).toBe(0);
  });

  it('frees the slot when the work fails', async () => {
    const slots = new HashSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(slots.inFlight).toBe(0);
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('the sign-in route’s slots hash 1 or 2 passwords at once, queue at most 8, refuse the rest at once', async () => {
    const gates = Array.from({ length: 20 }, gate);
    const outcomes = gates.map((g) =>
      passwordCheckSlots
        .run(() => g.opened)
        .then(
          () => 'done',
          (error: unknown) => (error instanceof HashSlotsFull ? 'refused' : 'failed'),
        ),
    );
    await settle();
    const running = passwordCheckSlots.inFlight;
    const waiting = passwordCheckSlots.waiting;
    expect(running).toBeGreaterThanOrEqual(1);
    expect(running).toBeLessThanOrEqual(2);
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(waiting).toBeLessThanOrEqual(8);
    for (const g of gates) g.open();
    const results = await Promise.all(outcomes);
    expect(results.filter((r) => r === 'done')).toHaveLength(running + waiting);
    expect(results.filter((r) => r === 'refused')).toHaveLength(20 - running - waiting);
    expect(passwordCheckSlots.inFlight).toBe(0);
  });

  it('needs at least one slot', () => {
    expect(() => new HashSlots(0, 1)).toThrow();
  });
});
