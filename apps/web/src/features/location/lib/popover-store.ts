import { create } from 'zustand';
import type { TPromptView } from './address-flow';

/**
 * The address popover under the address button (not persisted): the saved points list, or the
 * address prompt of the flow on load. `auto` marks an opening the customer did not ask for, which
 * must not move focus.
 */
export type TPopoverView = { kind: 'list' } | TPromptView;

type TPopoverState = {
  open: boolean;
  auto: boolean;
  view: TPopoverView;
  show: (view: TPopoverView, auto?: boolean) => void;
  close: () => void;
};

export const useAddressPopover = create<TPopoverState>()((set) => ({
  open: false,
  auto: false,
  view: { kind: 'list' },
  show: (view, auto = false) => set({ open: true, view, auto }),
  close: () => set({ open: false, auto: false }),
}));
