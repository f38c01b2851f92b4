// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCommonStore } from '@/lib/stores/common';
import { locationContext } from '../lib/location-context';
import { useAddressPopover } from '../lib/popover-store';
import { LocationSlot } from './location-slot';

const api = {};
vi.mock('@/lib/config-provider', () => ({ useApi: () => api }));
vi.mock('next-intl', () => ({ useLocale: () => 'uz' }));
// The slot's work: a marker of its mount and of the moment it counts the prompt's delay from.
vi.mock('./location-work', () => ({
  LocationWork: ({ since }: { since: number }) => <div data-testid="work" data-since={since} />,
}));

afterEach(() => {
  vi.useRealTimers();
  useAddressPopover.getState().close();
  useCommonStore.getState().setMapModal(false);
});

/** next/dynamic resolves the work's module on promises. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('the location slot in the first load (issue 11)', () => {
  it('registers the client and locale at once, and mounts its work only when the page is idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = performance.now();
    const { unmount } = render(<LocationSlot />);
    expect(locationContext()).toEqual({ api, locale: 'uz' });
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByTestId('work')).toBeNull();
    // No requestIdleCallback in jsdom: the slot's 1.5 s timeout.
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    vi.useRealTimers();
    await settle();
    const work = await screen.findByTestId('work');
    // The prompt's 5 s count from the slot's mount, not from the work's.
    const since = Number(work.getAttribute('data-since'));
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThan(before + 1_000);
    unmount();
    expect(locationContext()).toBeNull();
  });

  it.each([
    ['the address popover opens', () => useAddressPopover.getState().show({ kind: 'enter' })],
    ['the map dialog opens', () => useCommonStore.getState().setMapModal(true)],
  ])('mounts its work before the idle moment when %s', async (_, open) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<LocationSlot />);
    act(open);
    vi.useRealTimers();
    await settle();
    expect(await screen.findByTestId('work')).toBeInTheDocument();
  });
});
