// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markPromptShown } from '../lib/address-flow';
import { useAddressPopover } from '../lib/popover-store';
import { LocationWork } from './location-work';

// The work's own hooks (the flow on load, the points sync, the API client) is not what is tested here.
vi.mock('../hooks/use-address-flow', () => ({ useAddressFlow: () => {} }));
vi.mock('../hooks/use-address-points', () => ({ useAddressPointsSync: () => {} }));
vi.mock('@/lib/config-provider', () => ({ useApi: () => ({}) }));
vi.mock('next-intl', () => ({ useLocale: () => 'ru' }));
// The prompt and the saved points' popover: markers of their mount and of the state they mount in.
vi.mock('./address-prompt', () => ({
  AddressPrompt: () => (
    <div data-testid="prompt-mounted" data-open={String(useAddressPopover.getState().open)} />
  ),
}));
vi.mock('./address-popover', () => ({ AddressPopover: () => <div data-testid="popover-mounted" /> }));

afterEach(() => {
  vi.useRealTimers();
  useAddressPopover.getState().close();
});

/** Past the idle moment after load (no requestIdleCallback in jsdom: the slot's 1.5 s timeout). */
async function afterIdle() {
  await act(async () => {
    vi.advanceTimersByTime(2_000);
  });
  vi.useRealTimers();
  // The popover's module and next/dynamic resolve on promises, then the transition renders.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('the address prompt in the slot (issue 11)', () => {
  it('is mounted closed when the page is idle on a first visit, before the flow opens it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<LocationWork since={performance.now()} />);
    expect(screen.queryByTestId('prompt-mounted')).toBeNull();
    await afterIdle();
    const prompt = await screen.findByTestId('prompt-mounted');
    expect(prompt).toHaveAttribute('data-open', 'false');
    // The saved points' popover (Radix) waits for the customer.
    expect(screen.queryByTestId('popover-mounted')).toBeNull();
  });

  it('waits for its first opening once it was shown in this session; the popover waits for the list', async () => {
    markPromptShown();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<LocationWork since={performance.now()} />);
    await afterIdle();
    expect(screen.queryByTestId('prompt-mounted')).toBeNull();
    act(() => useAddressPopover.getState().show({ kind: 'list' }));
    expect(await screen.findByTestId('popover-mounted')).toBeInTheDocument();
    expect(screen.queryByTestId('prompt-mounted')).toBeNull();
    act(() => useAddressPopover.getState().show({ kind: 'enter' }));
    expect(await screen.findByTestId('prompt-mounted')).toBeInTheDocument();
  });
});
