'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { SearchIcon } from '@/components/ui/icons';
import { isMenuSort, MENU_SORTS } from '../lib/menu-view';
import { useMenuData, useMenuFilterState } from './menu-filter';

/**
 * How long the result count waits for the filter to settle before it is announced: once when typing
 * pauses, not at every keystroke ('30 found... 6 found... 5 found' over the typing's own echo).
 */
export const RESULTS_ANNOUNCE_DELAY_MS = 700;

/** Search by name, tag chips and the sort order of the menu. */
export function MenuControls() {
  const t = useTranslations('common.menu');
  const { tags } = useMenuData().view;
  const { filter, sort, setQuery, toggleTag, setSort, visible } = useMenuFilterState();
  const searchId = useId();
  const sortId = useId();
  const results = visible === null ? '' : t('resultsCount', { count: visible.size });
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(results), RESULTS_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [results]);
  return (
    <search className="flex flex-col gap-3" aria-label={t('filtersLabel')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t('searchLabel')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              type="search"
              value={filter.query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('searchPlaceholder')}
              autoComplete="off"
              data-testid="menu-search"
              className="h-11 w-full rounded-full border border-line bg-white pr-4 pl-10 text-base placeholder:text-muted"
            />
          </div>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={sortId} className="text-sm whitespace-nowrap text-muted">
            {t('sortLabel')}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => {
              if (isMenuSort(e.target.value)) setSort(e.target.value);
            }}
            data-testid="menu-sort"
            // Shrinks on a 320 px phone instead of pushing the page sideways.
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white px-4 text-base sm:flex-none"
          >
            {MENU_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {tags.length > 0 && (
        <fieldset className="-mx-4 min-w-0 overflow-x-auto px-4 md:mx-0 md:px-0">
          <legend className="sr-only">{t('tagsLabel')}</legend>
          <div className="flex gap-2 py-1">
            {tags.map((tag) => {
              const pressed = filter.tags.includes(tag.slug);
              return (
                <button
                  key={tag.slug}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => toggleTag(tag.slug)}
                  data-testid={`menu-tag-${tag.slug}`}
                  className={
                    pressed
                      ? 'h-9 shrink-0 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white'
                      : 'h-9 shrink-0 rounded-full bg-white px-4 text-sm font-semibold ring-1 ring-line hover:bg-brand-50'
                  }
                >
                  {tag.title}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      <p className="sr-only" aria-live="polite" data-testid="menu-results-count">
        {announced}
      </p>
    </search>
  );
}
