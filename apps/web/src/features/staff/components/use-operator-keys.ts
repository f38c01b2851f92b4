'use client';

import type { TStaffOrder } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { moveSelection, shortcutOf } from '../lib/shortcuts';

type TKeyActions = {
  orders: readonly TStaffOrder[];
  /** The chosen order's id (null: none): the list re-sorts under it, so it is found again on each key. */
  selectedId: string | null;
  /** A dialog of the screen is open: the keys belong to it. */
  dialogOpen: boolean;
  /** The order whose row has the focus, if one has. */
  focusedId?: () => string | null;
  choose: (order: TStaffOrder) => void;
  focusSearch: () => void;
  open: (order: TStaffOrder) => void;
  accept: (order: TStaffOrder) => void;
  cancel: (order: TStaffOrder) => void;
};

/**
 * The operator's keyboard (lib/shortcuts.ts): j/k or arrows choose a row, / the search, Enter opens
 * the chosen order's card, a accepts it, c asks for a reason to cancel it; never while typing or in a
 * dialog. The listener reads the latest state on every key, so it is added once; the chosen order is
 * looked up by its id in the list as shown at that moment, so a key never acts on another order that
 * took its place (an order that left the list leaves nothing chosen).
 */
export function useOperatorKeys(actions: TKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const state = latest.current;
      const shortcut = shortcutOf({
        key: event.key,
        code: event.code,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target ? { tagName: target.tagName, isContentEditable: target.isContentEditable } : null,
        dialogOpen: state.dialogOpen || document.querySelector('[role="dialog"]') !== null,
      });
      if (!shortcut) return;
      const index = state.orders.findIndex((o) => o.id === state.selectedId);
      const order = state.orders[index] ?? null;
      if (shortcut === 'next' || shortcut === 'previous') {
        event.preventDefault();
        // Nothing chosen and a row focused (it stood in for an order that left): that row is chosen first.
        const focused = order ? null : state.orders.find((o) => o.id === state.focusedId?.());
        if (focused) {
          state.choose(focused);
          return;
        }
        const next = state.orders[moveSelection(index, shortcut === 'next' ? 1 : -1, state.orders.length)];
        if (next) state.choose(next);
      } else if (shortcut === 'search') {
        event.preventDefault();
        state.focusSearch();
      } else if (order && shortcut === 'open') {
        event.preventDefault();
        state.open(order);
      } else if (order && shortcut === 'accept' && order.allowed_events.includes('operator-accepted')) {
        state.accept(order);
      } else if (order && shortcut === 'cancel' && order.allowed_events.includes('operator-cancelled')) {
        event.preventDefault();
        state.cancel(order);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
