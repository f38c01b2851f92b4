import { type CartLine, clearStop, markStop } from '@app/domain';
import { describe, expect, it, vi } from 'vitest';
import { cartItem } from '@/test/cart-fixtures';
import { cartMarksDiffer, followBranch, liveChanges, stopsChanged, type TStopTargets } from './live-stop';

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

  it('tells a line built with a stopped size or modifier, and one whose size is back on', () => {
    const large = {
      ...line('pizza', false),
      variants: [
        { group_id: 'pizza', product_id: 'large', title: cartItem('l').product_name, price: 90_000 },
      ],
    };
    const cheese = {
      ...line('lavash', false),
      order_modifiers: [
        { modifier_id: 'cheese', modifier_price: 5_000, modifier_quantity: 1, parent_id: null },
      ],
    };
    expect(cartMarksDiffer([large], ['large'])).toBe(true);
    expect(cartMarksDiffer([cheese], ['cheese'])).toBe(true);
    expect(cartMarksDiffer([{ ...large, in_stop: true }], ['large'])).toBe(false);
    expect(cartMarksDiffer([{ ...large, in_stop: true }], ['small'])).toBe(true);
  });
});

describe('liveChanges', () => {
  const state = (products: string[], modifiers: string[] = [], version = 'v1') => ({
    product_ids: products,
    modifier_ids: modifiers,
    menu_version: version,
  });
  it('changes nothing on the first answer', () => {
    expect(liveChanges(null, state(['a'], ['m'], 'v2'))).toEqual({ page: false, prices: false });
  });
  it('renders the page again for a stopped or returned product or modifier, and for a price', () => {
    expect(liveChanges(state(['a']), state(['a']))).toEqual({ page: false, prices: false });
    expect(liveChanges(state(['a', 'b']), state(['b', 'a']))).toEqual({ page: false, prices: false });
    expect(liveChanges(state(['a']), state([]))).toEqual({ page: true, prices: false });
    expect(liveChanges(state([], []), state([], ['m']))).toEqual({ page: true, prices: false });
    expect(liveChanges(state([], ['m']), state([], []))).toEqual({ page: true, prices: false });
    expect(liveChanges(state([], [], 'v1'), state([], [], 'v2'))).toEqual({ page: true, prices: true });
  });
});

describe('followBranch', () => {
  const answer = (products: string[], extra: Partial<Parameters<typeof followBranch>[1]> = {}) => ({
    product_ids: products,
    modifier_ids: [],
    menu_version: 'v1',
    paused_until: null,
    delivery_paused_until: null,
    work_hour_start: '10:00',
    work_hour_end: '23:00',
    ...extra,
  });
  const targetsOf = (cart: TStopTargets['cart']) => ({
    cart,
    refresh: vi.fn(),
    requote: vi.fn(),
    pauses: vi.fn(),
    hours: vi.fn(),
  });

  it('marks the cart on every answer, the first included, and refreshes only on a change', () => {
    const { cart, setStopped, lines } = memoryCart([line('osh'), line('somsa')]);
    const targets = targetsOf(cart);
    const { refresh } = targets;
    const marks = () => lines().map((l) => l.in_stop);

    let previous = followBranch(null, answer(['osh']), targets);
    expect(refresh).not.toHaveBeenCalled();
    expect(marks()).toEqual([true, false]);

    previous = followBranch(previous, answer(['osh']), targets);
    expect(refresh).not.toHaveBeenCalled();
    // Nothing changed: the store is not written (no re-render, no storage write every 4 s).
    expect(setStopped).toHaveBeenCalledTimes(1);

    previous = followBranch(previous, answer(['somsa']), targets);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(marks()).toEqual([false, true]);

    followBranch(previous, answer([]), targets);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(marks()).toEqual([false, false]);
    expect(targets.requote).not.toHaveBeenCalled();
  });

  it('refreshes the page for a stopped modifier (the product dialog marks it), without asking prices again', () => {
    const targets = targetsOf(memoryCart([]).cart);
    const previous = followBranch(null, answer([]), targets);
    followBranch(previous, answer([], { modifier_ids: ['cheese'] }), targets);
    expect(targets.refresh).toHaveBeenCalledTimes(1);
    expect(targets.requote).not.toHaveBeenCalled();
  });

  it('marks the cart line built with a stopped modifier, and unmarks it when the modifier is back', () => {
    const withCheese = {
      ...line('lavash'),
      order_modifiers: [
        { modifier_id: 'cheese', modifier_price: 5_000, modifier_quantity: 1, parent_id: null },
      ],
    };
    const { cart, lines } = memoryCart([withCheese, line('somsa')]);
    const targets = targetsOf(cart);
    const previous = followBranch(null, answer([], { modifier_ids: ['cheese'] }), targets);
    expect(lines().map((l) => l.in_stop)).toEqual([true, false]);
    followBranch(previous, answer([]), targets);
    expect(lines().map((l) => l.in_stop)).toEqual([false, false]);
  });

  it("refreshes the page and asks the quote's prices again when the menu's prices change", () => {
    const targets = targetsOf(memoryCart([line('osh')]).cart);
    let previous = followBranch(null, answer([]), targets);
    previous = followBranch(previous, answer([], { menu_version: 'v2' }), targets);
    expect(targets.refresh).toHaveBeenCalledTimes(1);
    expect(targets.requote).toHaveBeenCalledTimes(1);
    followBranch(previous, answer([], { menu_version: 'v2' }), targets);
    expect(targets.requote).toHaveBeenCalledTimes(1);
  });

  it('hands on the working hours of every answer, the first included, without rendering the page again', () => {
    const targets = targetsOf(memoryCart([]).cart);
    const previous = followBranch(null, answer([]), targets);
    expect(targets.hours).toHaveBeenLastCalledWith({ work_hour_start: '10:00', work_hour_end: '23:00' });
    followBranch(previous, answer([], { work_hour_start: '11:00', work_hour_end: '21:30' }), targets);
    expect(targets.hours).toHaveBeenLastCalledWith({ work_hour_start: '11:00', work_hour_end: '21:30' });
    expect(targets.refresh).not.toHaveBeenCalled();
  });

  it('hands on the pauses of every answer, the first included', () => {
    const targets = targetsOf(memoryCart([]).cart);
    const previous = followBranch(null, answer([], { paused_until: '2026-11-26T07:40:00.000Z' }), targets);
    expect(targets.pauses).toHaveBeenLastCalledWith({
      paused_until: '2026-11-26T07:40:00.000Z',
      delivery_paused_until: null,
    });
    followBranch(previous, answer([]), targets);
    expect(targets.pauses).toHaveBeenLastCalledWith({ paused_until: null, delivery_paused_until: null });
    // A pause is no page change: the ordering block follows it without a render of the server parts.
    expect(targets.refresh).not.toHaveBeenCalled();
  });

  it('leaves a cart not yet read from storage alone', () => {
    const { cart, setStopped } = memoryCart([line('osh')], false);
    followBranch(null, answer(['osh']), targetsOf(cart));
    expect(setStopped).not.toHaveBeenCalled();
  });
});
