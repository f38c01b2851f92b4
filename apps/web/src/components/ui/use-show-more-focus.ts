'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * 'Show more' under a list: once the next page is in, the focus moves to the first item it added (its
 * first link or button, else the item itself), so a keyboard or screen reader user reads on from there
 * rather than from the button, which may also be gone (the last page), dropping the focus to the page.
 * `itemCount` is the list's length as rendered; `list` goes on the element whose children the items are.
 * A failed read leaves the focus where it was.
 */
export function useShowMoreFocus<T extends HTMLElement>(itemCount: number) {
  const list = useRef<T>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || itemCount <= focusFrom) return;
    setFocusFrom(null);
    const item = list.current?.children[focusFrom];
    if (!(item instanceof HTMLElement)) return;
    const target = item.querySelector<HTMLElement>('a[href], button') ?? item;
    if (target === item) item.tabIndex = -1;
    target.focus();
  }, [focusFrom, itemCount]);
  const showMore = async (fetchMore: () => Promise<{ isError: boolean }>) => {
    const from = itemCount;
    const result = await fetchMore();
    if (!result.isError) setFocusFrom(from);
  };
  return { list, showMore };
}
