'use client';

import { type RefCallback, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** A screen's lists by key (the board's columns, the operator's one table): their items' ids in order. */
export type TFocusLists = Readonly<Record<string, readonly string[]>>;

type TPlace = { list: string; ids: readonly string[] };

/** What takes the focus of an item: its `[data-focus-target]` (a row's button, a ticket's heading). */
const focusTargetOf = (item: HTMLElement): HTMLElement =>
  item.querySelector<HTMLElement>('[data-focus-target]') ?? item;

/** The focus fell to the page: its element left the document (browsers then focus the body). */
const focusDropped = (): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body;
};

function locate(lists: TFocusLists, id: string): TPlace | null {
  for (const [list, ids] of Object.entries(lists)) if (ids.includes(id)) return { list, ids };
  return null;
}

/**
 * Keeps a keyboard user's place in lists whose items an action moves or takes away (the order was
 * cancelled, accepted elsewhere, moved to the next column): without it the focus falls to the top of
 * the page as the item's element leaves.
 *
 * - The item still on the screen (re-created in another column, `lists` names it): the focus follows
 *   it. The action was about that order, and its next step is there (Ready after Accept, Picked up
 *   after Take), so that is where a keyboard user looks. Its `[data-focus-target]` takes the focus: a
 *   ticket's heading, never an action button, so that a repeated Enter sends no second event.
 * - The item gone (finished, cancelled, delivered, taken by someone else): the next item of the list
 *   it sat in, else the one before it, as in a mail list after a delete; else the list's heading
 *   (focusable with tabIndex -1), which says the list is now empty.
 *
 * `item(id)` is the ref of an item's outer element; `fallback()` is the place a dialog opened from an
 * item returns the focus to when that item left while it was open (the dialogs' `fallbackFocus`);
 * `isPlacing(target)` tells a focus event this hook caused from one the user did.
 */
export function useFocusKeeper(lists: TFocusLists, headingOf: (list: string) => HTMLElement | null) {
  const elements = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, RefCallback<HTMLElement>>());
  const latest = useRef({ lists, headingOf });
  latest.current = { lists, headingOf };
  /** The item the focus was last in, and its list as it last stood with it. */
  const last = useRef<{ id: string; place: TPlace } | null>(null);
  /** The item that held the focus as its element left in this commit (its ref was let go). */
  const lost = useRef<string | null>(null);
  /** The element this hook is putting the focus on right now (focus events are dispatched at once). */
  const placing = useRef<HTMLElement | null>(null);
  /**
   * How the member last moved: only a keyboard user's focus is kept. A tap focuses the button tapped
   * too (Chrome, Android's included), and moving that focus, minutes later when the order moves on
   * elsewhere, would scroll a kitchen tablet's board under nobody's hand.
   */
  const byKeyboard = useRef(true);
  useEffect(() => {
    const keyboard = () => {
      byKeyboard.current = true;
    };
    const pointer = () => {
      byKeyboard.current = false;
    };
    document.addEventListener('keydown', keyboard, true);
    document.addEventListener('pointerdown', pointer, true);
    return () => {
      document.removeEventListener('keydown', keyboard, true);
      document.removeEventListener('pointerdown', pointer, true);
    };
  }, []);

  const placeOf = useCallback((id: string): HTMLElement | null => {
    const here = elements.current.get(id);
    if (here?.isConnected) return focusTargetOf(here);
    const place = last.current?.id === id ? last.current.place : null;
    if (!place) return null;
    const now = latest.current.lists[place.list] ?? [];
    const shown = (other: string) => now.includes(other) && elements.current.get(other)?.isConnected === true;
    const at = place.ids.indexOf(id);
    const neighbour =
      place.ids.slice(at + 1).find(shown) ?? place.ids.slice(0, Math.max(0, at)).reverse().find(shown);
    const element = neighbour === undefined ? undefined : elements.current.get(neighbour);
    return element ? focusTargetOf(element) : latest.current.headingOf(place.list);
  }, []);

  const item = useCallback((id: string): RefCallback<HTMLElement> => {
    const known = refs.current.get(id);
    if (known) return known;
    const ref: RefCallback<HTMLElement> = (element) => {
      if (!element) return;
      elements.current.set(id, element);
      const onFocusIn = () => {
        const place = locate(latest.current.lists, id);
        if (place) last.current = { id, place };
      };
      element.addEventListener('focusin', onFocusIn);
      return () => {
        element.removeEventListener('focusin', onFocusIn);
        if (elements.current.get(id) === element) elements.current.delete(id);
        // Let go before the element leaves the document: whether it holds the focus is still known.
        if (byKeyboard.current && element.contains(document.activeElement)) lost.current = id;
      };
    };
    refs.current.set(id, ref);
    return ref;
  }, []);

  // After every commit (the lists change as the stream and the actions move orders).
  useLayoutEffect(() => {
    const gone = lost.current;
    lost.current = null;
    const target = gone !== null && focusDropped() ? placeOf(gone) : null;
    if (target) {
      placing.current = target;
      try {
        target.focus();
      } finally {
        placing.current = null;
      }
    }
    const current = last.current;
    const place = current ? locate(latest.current.lists, current.id) : null;
    if (current && place) last.current = { id: current.id, place };
    for (const id of refs.current.keys()) {
      if (!elements.current.has(id) && id !== last.current?.id) refs.current.delete(id);
    }
  });

  const fallback = useCallback((): HTMLElement | null => {
    const target = last.current ? placeOf(last.current.id) : null;
    // The dialog focuses it as soon as it is given (useReturnFocus), within this task.
    placing.current = target;
    queueMicrotask(() => {
      if (placing.current === target) placing.current = null;
    });
    return target;
  }, [placeOf]);
  /**
   * The focus arriving at `element` was put there by this hook (a stand-in for an item that left),
   * not by the user: the operator's row takes it without becoming the chosen order.
   */
  const isPlacing = useCallback(
    (element: EventTarget | null) => element !== null && element === placing.current,
    [],
  );
  return { item, fallback, isPlacing };
}
