import { type CartLine, clearStop, markStop } from '@app/domain';
import { describe, expect, it, vi } from 'vitest';
import { cartItem } from '@/test/cart-fixtures';
import { cartMarksDiffer, followStops, stopsChanged, type TStopTargets } from './live-stop';

const line = (id: string, inStop = false): CartLine => ({
  ...cartItem(id),
  key: id,
  quantity: 1,
  price_with_discount: 10_000,
  in_stop: inStop,
});

/** A cart as the store behaves (its setStopped: clear every mark, then mark the stopped products). */
const memoryCart = (lines: CartLine[], hydrated = true) => {
  let state = { lines };
  const setStopped = vi.fn((ids: readonly string[]) => {
    state = { lines: markStop(clearStop(state.lines), ids) };
  });
  const cart: TStopTargets['cart'] = {
    persist: { hasHydrated: () => hydrated },
    getState: () => ({ lines: state.lines, setStopped }),
  };
  return { cart, setStopped, lines: () => state.lines };
};

describe('stopsChanged', () => {
  it('never asks for a refresh on the first answer', () => {
    expect(stopsChanged(null, [])).toBe(false);
    expect(stopsChanged(null, ['a'])).toBe(false);
  });

  it('asks for one when a product is stopped or back on, not for the same set in another order', () => {
    expect(stopsChanged(['a'], ['a', 'b'])).toBe(true);
    expect(stopsChanged(['a', 'b'], ['a'])).toBe(true);
    expect(stopsChanged(['a'], ['b'])).toBe(true);
    expect(stopsChanged(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(stopsChanged([], [])).toBe(false);
  });
});

describe('cartMarksDiffer', () => {
  const line = (id: string, inStop: boolean) => ({
    ...cartItem(id),
    key: id,
    quantity: 1,
    price_with_discount: 10_000,
    in_stop: inStop,
  });
  it('tells an unflagged line of a stopped product and a flagged line of a product back on', () => {
    expect(cartMarksDiffer([line('a', false)], ['a'])).toBe(true);
    expect(cartMarksDiffer([line('a', true)], [])).toBe(true);
    expect(cartMarksDiffer([line('a', true), line('b', false)], ['a', 'c'])).toBe(false);
    expect(cartMarksDiffer([], ['a'])).toBe(false);
  });
});

describe('followStops', () => {
  it('marks the cart on every answer, the first included, and refreshes only on a change', () => {
    const { cart, setStopped, lines } = memoryCart([line('osh'), line('somsa')]);
    const refresh = vi.fn();
    const marks = () => lines().map((l) => l.in_stop);

    let previous = followStops(null, ['osh'], { cart, refresh });
    expect(refresh).not.toHaveBeenCalled();
    expect(marks()).toEqual([true, false]);

    previous = followStops(previous, ['osh'], { cart, refresh });
    expect(refresh).not.toHaveBeenCalled();
    // Nothing changed: the store is not written (no re-render, no storage write every 4 s).
    expect(setStopped).toHaveBeenCalledTimes(1);

    previous = followStops(previous, ['somsa'], { cart, refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(marks()).toEqual([false, true]);

    followStops(previous, [], { cart, refresh });
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(marks()).toEqual([false, false]);
  });

  it('leaves a cart not yet read from storage alone', () => {
    const { cart, setStopped } = memoryCart([line('osh')], false);
    followStops(null, ['osh'], { cart, refresh: vi.fn() });
    expect(setStopped).not.toHaveBeenCalled();
  });
});
