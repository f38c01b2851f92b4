// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/app';
import location from '../../../../messages/ru/location.json';
import { useAddressPopover } from '../lib/popover-store';
import { AddressPrompt, placeUnder, promptWidth } from './address-prompt';

/** The page around the prompt: the address button it hangs under, and another control. */
function Page() {
  return (
    <>
      <button type="button" data-address-button="header">
        address
      </button>
      <input aria-label="search" />
      <AddressPrompt />
    </>
  );
}

afterEach(() => act(() => useAddressPopover.getState().close()));

const addressButton = () => screen.getByRole('button', { name: 'address' });
const waitForFocusReturn = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

describe('AddressPrompt', () => {
  it('opened by the flow: a dialog named by its title, focus left where it was', async () => {
    renderInApp(<Page />);
    screen.getByRole('textbox', { name: 'search' }).focus();
    act(() => useAddressPopover.getState().show({ kind: 'enter' }, true));
    const dialog = await screen.findByRole('dialog', { name: location.prompt.enterTitle });
    expect(dialog).toHaveAccessibleDescription(location.prompt.enterText);
    expect(dialog).toHaveAttribute('data-testid', 'address-popover');
    expect(screen.getByRole('textbox', { name: 'search' })).toHaveFocus();
  });

  it('opened by the button: focus moves in, and Later gives it back to the button', async () => {
    renderInApp(<Page />);
    addressButton().focus();
    act(() => useAddressPopover.getState().show({ kind: 'enter' }));
    const later = await screen.findByRole('button', { name: location.later });
    expect(later).toHaveFocus();
    fireEvent.click(later);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAddressPopover.getState().open).toBe(false);
    await waitForFocusReturn();
    expect(addressButton()).toHaveFocus();
  });

  it('closes on Escape and on a press outside, but not on a press on the address button', async () => {
    renderInApp(<Page />);
    act(() => useAddressPopover.getState().show({ kind: 'enter' }, true));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(useAddressPopover.getState().open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useAddressPopover.getState().show({ kind: 'enter' }, true));
    const dialog = await screen.findByRole('dialog');
    fireEvent.pointerDown(dialog);
    fireEvent.pointerDown(addressButton());
    expect(useAddressPopover.getState().open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(useAddressPopover.getState().open).toBe(false);
  });

  it('shows the detected address with No and Yes, and only No when it is outside every zone', async () => {
    renderInApp(<Page />);
    const detected = {
      kind: 'detected' as const,
      location: { lat: 41.3, long: 69.2 },
      address: 'Amir Temur 1',
      city: 'tashkent',
      zoneId: null,
      outOfZone: true,
    };
    act(() => useAddressPopover.getState().show(detected, true));
    const dialog = await screen.findByRole('dialog', { name: location.prompt.detectedTitle });
    expect(dialog).toHaveTextContent('Amir Temur 1');
    expect(screen.getByRole('button', { name: location.no })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: location.yes })).toBeNull();
    act(() => useAddressPopover.getState().show({ ...detected, outOfZone: false, zoneId: 'z' }, true));
    expect(await screen.findByRole('button', { name: location.yes })).toBeInTheDocument();
  });

  it('is placed under the button from its box read before the prompt is in the page', async () => {
    renderInApp(<Page />);
    // The read happens as the store opens, while the page's layout is clean: no dialog yet (a read
    // after the insertion forces the page's style and layout inside the opening's task).
    const dialogsAtRead: number[] = [];
    vi.spyOn(addressButton(), 'getBoundingClientRect').mockImplementation(() => {
      dialogsAtRead.push(document.querySelectorAll('[role="dialog"]').length);
      return { left: 100, bottom: 60, top: 16, right: 300, width: 200, height: 44, x: 100, y: 16 } as DOMRect;
    });
    vi.spyOn(addressButton(), 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    try {
      act(() => useAddressPopover.getState().show({ kind: 'enter' }, true));
      const dialog = await screen.findByRole('dialog');
      expect(dialogsAtRead).toEqual([0]);
      // jsdom's window is 1024 px wide: the prompt is 24rem (384 px), left-aligned with the button.
      expect(dialog).toHaveStyle({ top: '68px', left: '100px' });
      expect(dialog.style.visibility).toBe('');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('leaves the saved points to the popover', () => {
    renderInApp(<Page />);
    act(() => useAddressPopover.getState().show({ kind: 'list' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('promptWidth', () => {
  it("is min(24rem, 100vw - 1rem), as the prompt's class says", () => {
    expect(promptWidth(1280, 16)).toBe(384);
    expect(promptWidth(320, 16)).toBe(304);
    expect(promptWidth(1280, 20)).toBe(480);
  });
});

describe('placeUnder', () => {
  const rect = (left: number, bottom: number) => ({ left, bottom }) as DOMRect;
  it('hangs under the button, left edges aligned', () => {
    expect(placeUnder(rect(100, 60), 384, 1280)).toEqual({ top: 68, left: 100 });
  });
  it('stays inside the viewport on a narrow screen', () => {
    expect(placeUnder(rect(200, 100), 304, 320)).toEqual({ top: 108, left: 8 });
    expect(placeUnder(rect(-20, 100), 200, 320)).toEqual({ top: 108, left: 8 });
  });
});
