// @vitest-environment jsdom
import { ADDRESS_PROMPT_DELAY_MS } from '@app/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';
import { useAddressPopover } from '../lib/popover-store';
import { useAddressFlow } from './use-address-flow';

const api = {} as TApiClient;

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await useAuthStore.persist.rehydrate();
  await useCommonStore.persist.rehydrate();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
  useAddressPopover.getState().close();
});

describe('the address flow on load: the prompt 5 s after the slot mounted (spec section 4, issue 11)', () => {
  it('counts the delay from `since`, the slot mount, when its code arrived later', async () => {
    // The slot mounted 2 s ago; the flow's code has just arrived (the page was idle).
    const since = performance.now();
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    renderHook(() => useAddressFlow(api, 'ru', since));
    await act(async () => {
      vi.advanceTimersByTime(ADDRESS_PROMPT_DELAY_MS - 2_000 - 1);
    });
    expect(useAddressPopover.getState().open).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    // jsdom has no geolocation: the 'enter delivery address' prompt, not taking focus.
    expect(useAddressPopover.getState()).toMatchObject({ open: true, auto: true, view: { kind: 'enter' } });
  });

  it('without `since`, waits the whole delay from its first run', async () => {
    renderHook(() => useAddressFlow(api, 'ru'));
    await act(async () => {
      vi.advanceTimersByTime(ADDRESS_PROMPT_DELAY_MS - 1);
    });
    expect(useAddressPopover.getState().open).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(useAddressPopover.getState().open).toBe(true);
  });
});

describe('the address flow on load: a stored location without points (spec section 4)', () => {
  afterEach(() => vi.restoreAllMocks());
  const flush = async () => {
    await import('../lib/describe-point');
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const run = async (deliveryType: 'delivery' | 'self-pickup') => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const get = vi.fn(() => Promise.reject(new Error('offline')));
    act(() => useCommonStore.setState({ points: [], location: { lat: 41.31, long: 69.28 }, deliveryType }));
    renderHook(() => useAddressFlow({ get } as unknown as TApiClient, 'ru'));
    await act(flush);
    return get;
  };

  it('in delivery, the location is described to be saved as a point', async () => {
    expect(await run('delivery')).toHaveBeenCalled();
  });

  it('not in self-pickup: nothing is looked up, saved or switched to delivery', async () => {
    expect(await run('self-pickup')).not.toHaveBeenCalled();
    expect(useCommonStore.getState().deliveryType).toBe('self-pickup');
  });
});
