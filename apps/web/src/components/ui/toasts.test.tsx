// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, ToastArea } from './toasts';

/** How many times sonner was loaded: its module factory runs at the first import. */
const sonner = vi.hoisted(() => ({ loads: 0 }));
vi.mock('sonner', async (importOriginal) => {
  sonner.loads += 1;
  return importOriginal();
});

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('load sonner at the first message, not when the page is idle, and show it in a mounted live region', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = render(<ToastArea />);
    // Well past any idle moment of a page load: nothing loads without a message.
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    vi.useRealTimers();
    expect(sonner.loads).toBe(0);
    expect(document.querySelector('[aria-live]')).toBeNull();

    // The live region must be in the document before the text arrives, or it is not announced.
    let regionBeforeText = false;
    const observer = new MutationObserver(() => {
      const region = document.querySelector('section[aria-live]');
      if (region && !document.body.textContent?.includes('Saved')) regionBeforeText = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    act(() => notify('success', 'Saved'));
    expect(await screen.findByText('Saved', undefined, { timeout: 5_000 })).toBeTruthy();
    observer.disconnect();
    expect(sonner.loads).toBe(1);
    expect(regionBeforeText).toBe(true);
    expect(container).toBeTruthy();

    // Later messages go to the same area.
    act(() => notify('error', 'Failed'));
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(document.querySelectorAll('section[aria-live]')).toHaveLength(1);
  });
});
