// @vitest-environment jsdom

import { join } from 'node:path';
import { act, renderHook, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishLivePauses, resetLivePauses } from '@/lib/live-branch';
import { useCommonStore } from '@/lib/stores/common';
import { dynamicImports, reachedFrom, SRC } from '@/test/import-graph';
import { useOrderingBlocked } from './use-ordering-blocked';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../lib/closed-branch', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const branch = (start: string, end: string) =>
  ({ id: 'b1', name: 'Amir Temur', work_hour_start: start, work_hour_end: end }) as never;

/** The page's locale writes the reopening's day (domain reopeningText). */
const inRussian = ({ children }: { children: ReactNode }) => (
  <NextIntlClientProvider locale="ru" messages={{}}>
    {children}
  </NextIntlClientProvider>
);

afterEach(() => {
  act(() => useCommonStore.setState({ branch: null, deliveryType: 'delivery' }));
  act(() => resetLivePauses());
  vi.useRealTimers();
});

describe('useOrderingBlocked', () => {
  it('loads no opening-hours rules while no branch with hours is chosen (a first visit)', async () => {
    const { result } = renderHook(() => useOrderingBlocked(), { wrapper: inRussian });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(result.current).toBeNull();
    expect(loads.count).toBe(0);
    // The hook's module reaches the rules only through import().
    const hook = join(SRC, 'features/location/hooks/use-ordering-blocked.ts');
    expect(reachedFrom(hook).has('features/location/lib/closed-branch.ts')).toBe(false);
    expect(dynamicImports(hook)).toContain('features/location/lib/closed-branch.ts');
  });

  it('blocks ordering while the chosen branch is closed, once its rules are loaded', async () => {
    // 00:00 UTC is 05:00 in Tashkent: a branch open 10:00-23:00 is closed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T00:00:00Z'));
    act(() => useCommonStore.setState({ branch: branch('10:00', '23:00') }));
    const { result } = renderHook(() => useOrderingBlocked(), { wrapper: inRussian });
    await waitFor(() => expect(result.current).toEqual({ kind: 'branch_closed', opensAt: '10:00' }));
    expect(loads.count).toBe(1);
    // A branch open around the clock blocks nothing.
    act(() => useCommonStore.setState({ branch: branch('00:00', '23:59') }));
    expect(result.current).toBeNull();
  });

  it('follows the pauses the live read publishes: a pause closes it with its end, its end reopens it', async () => {
    // 07:00 UTC is 12:00 in Tashkent: a branch open 10:00-23:00 is open by its hours.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T07:00:00Z'));
    act(() => useCommonStore.setState({ branch: branch('10:00', '23:00'), deliveryType: 'self-pickup' }));
    const { result } = renderHook(() => useOrderingBlocked(), { wrapper: inRussian });
    await waitFor(() => expect(loads.count).toBeGreaterThan(0));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current).toBeNull();
    // Another branch's pause is not this one's.
    act(() =>
      publishLivePauses('b2', { paused_until: '2026-11-26T07:40:00.000Z', delivery_paused_until: null }),
    );
    expect(result.current).toBeNull();
    act(() =>
      publishLivePauses('b1', { paused_until: '2026-11-26T07:40:00.000Z', delivery_paused_until: null }),
    );
    expect(result.current).toEqual({ kind: 'branch_closed', opensAt: '12:40' });
    // The manager ends the pause: the next live read says so, and the branch opens again.
    act(() => publishLivePauses('b1', { paused_until: null, delivery_paused_until: null }));
    expect(result.current).toBeNull();
    // Deliveries paused: a delivery is blocked until then, a pickup is not.
    act(() =>
      publishLivePauses('b1', { paused_until: null, delivery_paused_until: '2026-11-26T08:00:00.000Z' }),
    );
    expect(result.current).toBeNull();
    act(() => useCommonStore.setState({ deliveryType: 'delivery' }));
    expect(result.current).toEqual({ kind: 'delivery_paused', until: '13:00' });
  });

  it('reads nothing from the network itself (the page has one live read of the branch)', () => {
    const hook = join(SRC, 'features/location/hooks/use-ordering-blocked.ts');
    expect(reachedFrom(hook).has('lib/api-client.ts')).toBe(false);
  });
});
