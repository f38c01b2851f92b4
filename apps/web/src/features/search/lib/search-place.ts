import { useSyncExternalStore } from 'react';

/**
 * The menu the current page shows and the city its product links carry, as the menu's cards use
 * them (`MenuPlace` of features/menu): the header's search prices its results with this menu and
 * links them with `?city=`, so a visitor on /samarkand sees Samarkand's prices, not Tashkent's.
 */
export type TSearchPlace = {
  menuId: string;
  /** Set for a city other than the default one (the product page then shows that city's price). */
  citySlug: string | null;
};

let current: TSearchPlace | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Records the page's place (a page showing a menu does, while it is mounted). */
export function setSearchPlace(place: TSearchPlace): void {
  current = place;
  notify();
}

/** Forgets `place` when the page that set it goes; a newer page's place stays. */
export function clearSearchPlace(place: TSearchPlace): void {
  if (current !== place) return;
  current = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const read = () => current;
const onServer = () => null;

/** The current page's place, or null on a page that shows no menu. */
export const useSearchPlace = (): TSearchPlace | null => useSyncExternalStore(subscribe, read, onServer);
