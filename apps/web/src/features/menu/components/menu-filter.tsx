'use client';

import type { TLocale } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext, useDeferredValue, useMemo, useState } from 'react';
import {
  DEFAULT_MENU_SORT,
  isFilterActive,
  type MenuFilter,
  type MenuItemFacts,
  type MenuSort,
  menuOrder,
  visibleMenuIds,
} from '../lib/menu-view';

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

const MenuFilterContext = createContext<MenuFilterState | null>(null);

const useMenuFilter = (): MenuFilterState => {
  const value = useContext(MenuFilterContext);
  if (!value) throw new Error('menu filter components must be inside <MenuFilterProvider>');
  return value;
};

/**
 * Filter, search and sort state of the menu. The cards themselves are server-rendered; this only
 * decides which product ids show and in what order, and the small wrappers below apply that to
 * the markup they wrap (hidden / CSS order), so the product list is never re-rendered from the client.
 */
export function MenuFilterProvider({
  items,
  locale,
  children,
}: {
  items: MenuItemFacts[];
  locale: TLocale;
  children: ReactNode;
}) {
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
      visible: isFilterActive(applied) ? visibleMenuIds(items, applied) : null,
      order: sort === DEFAULT_MENU_SORT ? null : menuOrder(items, sort, locale),
    };
  }, [items, locale, query, deferredQuery, tags, sort]);

  return <MenuFilterContext.Provider value={value}>{children}</MenuFilterContext.Provider>;
}

export function useMenuFilterState() {
  return useMenuFilter();
}

/** Wraps one server-rendered product card. */
export function FilterItem({ id, children }: { id: string; children: ReactNode }) {
  const { visible, order } = useMenuFilter();
  const hidden = visible !== null && !visible.has(id);
  return (
    <li hidden={hidden} style={order ? { order: order.get(id) ?? 0 } : undefined} className="flex">
      {children}
    </li>
  );
}

/** Wraps one category section; it disappears when the filter leaves it empty. */
export function FilterSection({
  productIds,
  children,
  ...props
}: { productIds: string[]; children: ReactNode } & React.ComponentProps<'section'>) {
  const { visible } = useMenuFilter();
  const hidden = visible !== null && !productIds.some((id) => visible.has(id));
  return (
    <section {...props} hidden={hidden}>
      {children}
    </section>
  );
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
