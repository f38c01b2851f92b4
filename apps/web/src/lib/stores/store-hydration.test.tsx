// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const persist = vi.hoisted(() => ({ rehydrateAllStores: vi.fn(async () => undefined) }));
vi.mock('./persist', () => persist);

import { StoreHydration } from './store-hydration';

describe('StoreHydration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    persist.rehydrateAllStores.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('reads the saved stores after the hydration commit, in a task of its own, once', async () => {
    render(<StoreHydration />);
    // Committed, effects run: storage not read yet (it would lengthen the page's longest task).
    expect(persist.rehydrateAllStores).not.toHaveBeenCalled();
    await act(async () => {
      vi.runAllTimers();
    });
    expect(persist.rehydrateAllStores).toHaveBeenCalledTimes(1);
  });

  it('reads nothing when unmounted before its turn', async () => {
    const view = render(<StoreHydration />);
    view.unmount();
    await act(async () => {
      vi.runAllTimers();
    });
    expect(persist.rehydrateAllStores).not.toHaveBeenCalled();
  });
});
