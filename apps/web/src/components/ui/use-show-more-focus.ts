'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * 'Show more' under a list: once the next page is in, the focus moves to the first item it added (its
 * first link or button, else the item itself), so a keyboard or screen reader user reads on from there
 * rather than from the button, which may also be gone (the last page), dropping the focus to the page.
 * When the page added nothing (the list shrank meanwhile) and the button went, the focus goes to the
 * list's last item instead. A failed read leaves the focus where it was.
 *
 * `itemCount` is the list's length as rendered, `dataVersion` changes whenever its data does (TanStack's
 * `dataUpdatedAt`): the move waits for the render of the data that answered the press, whether the
 * query tells the component before or after `fetchMore` resolves. `list` goes on the element whose
 * children the items are.
 */
export function useShowMoreFocus<T extends HTMLElement>(itemCount: number, dataVersion: unknown) {
  const list = useRef<T>(null);
  const [pending, setPending] = useState<{ from: number; version: unknown } | null>(null);
  useEffect(() => {
    if (!pending || pending.version === dataVersion) return;
    setPending(null);
    const items = list.current?.children;
    if (!items) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const item = itemCount > pending.from ? items[pending.from] : lost ? items[itemCount - 1] : undefined;
    if (!(item instanceof HTMLElement)) return;
    const target = item.querySelector<HTMLElement>('a[href], button') ?? item;
    if (target === item) item.tabIndex = -1;
    target.focus();
  }, [pending, dataVersion, itemCount]);
  const showMore = async (fetchMore: () => Promise<{ isError: boolean }>) => {
    setPending({ from: itemCount, version: dataVersion });
    const result = await fetchMore();
    if (result.isError) setPending(null);
  };
  return { list, showMore };
}
