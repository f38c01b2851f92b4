'use client';

import type { TLocale } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext, useDeferredValue, useMemo, useState } from 'react';
import {
  DEFAULT_MENU_SORT,
  isFilterActive,
  type MenuFilter,
  type MenuSort,
  type MenuView,
  menuOrder,
  visibleMenuIds,
} from '../lib/menu-view';
import { fromMenuWire, type MenuWire } from '../lib/menu-wire';

/** What the page's cards link to and add from (the same for every card). */
export type MenuPlace = {
  menuId: string;
  /** Set for a city other than the default, so a product opens with that city's price. */
  citySlug: string | null;
};

/** The menu in the page's locale, the one copy the browser gets (flight payload), and its place. */
type MenuData = MenuPlace & { view: MenuView };

type MenuFilterState = {
  filter: MenuFilter;
  sort: MenuSort;
  setQuery: (query: string) => void;
  toggleTag: (slug: string) => void;
  clearFilter: () => void;
  setSort: (sort: MenuSort) => void;
  /** null = every product shows (no filter), so the server-rendered page needs no client pass. */
  visible: Set<string> | null;
  /** null = the server's order (popular), again nothing to apply. */
  order: Map<string, number> | null;
};

const MenuDataContext = createContext<MenuData | null>(null);
const MenuFilterContext = createContext<MenuFilterState | null>(null);

/** The menu's data; unlike the filter state it never changes, so a card reading it never re-renders. */
export function useMenuData(): MenuData {
  const value = useContext(MenuDataContext);
  if (!value) throw new Error('menu components must be inside <MenuFilterProvider>');
  return value;
}

const useMenuFilter = (): MenuFilterState => {
  const value = useContext(MenuFilterContext);
  if (!value) throw new Error('menu filter components must be inside <MenuFilterProvider>');
  return value;
};

/**
 * The menu's data and its filter, search and sort state. The menu reaches the browser once, here,
 * in the page's locale and with only what the cards and controls read; the grid, the category bar
 * and the controls read it from this context instead of each getting props of their own.
 */
export function MenuFilterProvider({
  wire,
  locale,
  menuId,
  citySlug,
  children,
}: MenuPlace & { wire: MenuWire; locale: TLocale; children: ReactNode }) {
  // The flight payload's compact form, decoded once (menu-wire.ts).
  const view = useMemo(() => fromMenuWire(wire), [wire]);
  const [query, setQuery] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [sort, setSort] = useState<MenuSort>(DEFAULT_MENU_SORT);
  // Typing stays responsive on slow phones: the list follows a frame later.
  const deferredQuery = useDeferredValue(query);

  const value = useMemo<MenuFilterState>(() => {
    const applied: MenuFilter = { query: deferredQuery, tags };
    return {
      filter: { query, tags },
      sort,
      setQuery,
      toggleTag: (slug) =>
        setTags((current) =>
          current.includes(slug) ? current.filter((t) => t !== slug) : [...current, slug],
        ),
      clearFilter: () => {
        setQuery('');
        setTags([]);
      },
      setSort,
      visible: isFilterActive(applied) ? visibleMenuIds(view.products, applied) : null,
      order: sort === DEFAULT_MENU_SORT ? null : menuOrder(view.products, sort, locale),
    };
  }, [view, locale, query, deferredQuery, tags, sort]);
  const data = useMemo<MenuData>(() => ({ view, menuId, citySlug }), [view, menuId, citySlug]);

  return (
    <MenuDataContext.Provider value={data}>
      <MenuFilterContext.Provider value={value}>{children}</MenuFilterContext.Provider>
    </MenuDataContext.Provider>
  );
}

export function useMenuFilterState() {
  return useMenuFilter();
}

/** Shown only when the filter leaves nothing, with a way back to the whole menu. */
export function FilterEmpty() {
  const { visible, clearFilter } = useMenuFilter();
  const t = useTranslations('common.menu');
  if (visible === null || visible.size > 0) return null;
  return (
    <div className="py-16 text-center" data-testid="menu-empty">
      <p className="text-lg font-semibold">{t('nothingFound')}</p>
      <button
        type="button"
        onClick={clearFilter}
        className="mt-4 rounded-full bg-white px-5 py-2.5 font-semibold ring-1 ring-line hover:bg-brand-50"
      >
        {t('resetFilters')}
      </button>
    </div>
  );
}
