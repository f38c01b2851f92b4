'use client';

import {
  COOKIE_NAMES,
  formatSum,
  type MoneyLocale,
  SEARCH_DEBOUNCE_MS,
  SEARCH_FOCUS_DELAY_MS,
} from '@app/domain';
import * as RadixDialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from 'react';
import { useDebounce } from 'use-debounce';
import { ApiImage } from '@/components/ui/api-image';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { Link } from '@/i18n/navigation';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { pick } from '@/lib/localized';
import { QueryProvider } from '@/lib/query-client';
import { useCommonStore } from '@/lib/stores/common';
import { useSessionStore } from '@/lib/stores/session';
import { useSearchPlace } from '../lib/search-place';
import {
  SEARCH_MAX_LENGTH,
  searchMenuId,
  searchProductsQuery,
  searchResultHref,
  shouldSearch,
} from '../lib/search-query';

/**
 * The header's product search. The query waits 300 ms after the last keystroke and runs only while
 * the overlay is open; the input is focused 200 ms after opening (after the opening animation, so
 * mobile keyboards do not jump). Results are a labelled list of links to the product pages; arrow
 * keys move between the input and the results.
 */
export type TSearchOverlayProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's search button: focus goes back there on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

function SearchOverlayContent({ open, onOpenChange, returnFocusTo }: TSearchOverlayProps) {
  const t = useTranslations('common.search');
  const locale = useLocale() as MoneyLocale;
  const api = useApi();
  const text = useCommonStore((s) => s.searchedProduct);
  const setText = useCommonStore((s) => s.setSearchedProduct);
  const sessionMenuId = useSessionStore((s) => s.menu_id);
  // The page's menu and city (a city's menu page sets them), so /samarkand searches Samarkand's menu.
  const place = useSearchPlace();
  const [debounced] = useDebounce(text.trim(), SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputId = useId();
  const resultsId = useId();

  useEffect(() => {
    if (!open) return;
    const id = setTimeout(() => inputRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(id);
  }, [open]);

  const menuId =
    open && typeof document !== 'undefined'
      ? searchMenuId(place, document.cookie, COOKIE_NAMES.menuId, sessionMenuId)
      : null;
  const enabled = shouldSearch(open, debounced);
  const query = useQuery({
    queryKey: ['product-search', debounced, menuId],
    queryFn: ({ signal }) =>
      api.get('/v2/product', {
        schema: contract('ZProductListResponse'),
        query: searchProductsQuery(debounced, menuId),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

  const results = enabled ? (query.data?.products ?? []) : [];
  const waiting = text.trim() !== debounced || (enabled && query.isFetching);

  const focusResult = (index: number) => {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links || links.length === 0) return;
    if (index < 0) inputRef.current?.focus();
    else links[Math.min(index, links.length - 1)]?.focus();
  };
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusResult(0);
    }
  };
  const onResultKey = (e: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusResult(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusResult(index - 1);
    }
  };

  let status: string | null = null;
  if (enabled && query.isError) status = null;
  else if (enabled && !waiting && results.length === 0 && query.isSuccess)
    status = t('empty', { query: debounced });
  else if (results.length > 0 && !waiting) status = t('count', { count: results.length });
  // Only punctuation ('%', '-'): nothing to search for, so nothing found (no request is made).
  else if (open && !enabled && debounced !== '' && text.trim() === debounced)
    status = t('empty', { query: debounced });

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <RadixDialog.Content
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo?.current;
            if (target?.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          aria-describedby={undefined}
          data-testid="search-overlay"
          className="fixed inset-x-0 top-0 z-50 flex max-h-dvh flex-col bg-white shadow-card focus:outline-none md:top-6 md:left-1/2 md:w-[min(92vw,40rem)] md:-translate-x-1/2 md:rounded-card"
        >
          <RadixDialog.Title className="sr-only">{t('title')}</RadixDialog.Title>
          <div className="flex items-center gap-2 border-b border-line p-3">
            <label htmlFor={inputId} className="sr-only">
              {t('label')}
            </label>
            <div className="relative flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-muted" />
              <input
                ref={inputRef}
                id={inputId}
                type="search"
                value={text}
                maxLength={SEARCH_MAX_LENGTH}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onInputKey}
                placeholder={t('placeholder')}
                autoComplete="off"
                enterKeyHint="search"
                // Only while the list exists: a reference to nothing is invalid ARIA (axe, WCAG 4.1.2).
                aria-controls={results.length > 0 ? resultsId : undefined}
                aria-describedby={`${resultsId}-status`}
                data-testid="search-input"
                className="h-12 w-full rounded-full border border-line bg-cream pr-4 pl-10 text-base"
              />
            </div>
            <RadixDialog.Close
              aria-label={t('close')}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-brand-100"
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto p-2" aria-busy={waiting}>
            <p
              id={`${resultsId}-status`}
              role="status"
              className={status ? 'px-3 py-2 text-muted' : 'sr-only'}
            >
              {status ?? (waiting && debounced ? t('searching') : '')}
            </p>
            {enabled && query.isError && (
              <div
                role="alert"
                className="flex flex-col items-start gap-2 px-3 py-2"
                data-testid="search-error"
              >
                <p className="text-paprika-600">{t('error')}</p>
                <button
                  type="button"
                  onClick={() => void query.refetch()}
                  className="rounded-full bg-white px-4 py-2 font-semibold ring-1 ring-line hover:bg-brand-50"
                >
                  {t('retry')}
                </button>
              </div>
            )}
            {results.length > 0 && (
              <ul
                ref={listRef}
                id={resultsId}
                aria-label={t('results')}
                className="flex flex-col"
                data-testid="search-results"
              >
                {results.map((product, index) => (
                  <li key={product.id}>
                    <Link
                      href={searchResultHref(product.slug ?? product.id, place)}
                      onClick={() => onOpenChange(false)}
                      onKeyDown={(e) => onResultKey(e, index)}
                      data-testid="search-result"
                      className="flex items-center gap-3 rounded-card p-2 hover:bg-brand-50 focus-visible:bg-brand-50"
                    >
                      <span className="h-14 w-14 shrink-0 overflow-hidden rounded-xl bg-brand-50">
                        {product.image && (
                          <ApiImage
                            image={product.image}
                            sizes="56px"
                            alt=""
                            className="h-full w-full object-cover"
                          />
                        )}
                      </span>
                      <span className="min-w-0 flex-1 truncate font-semibold">
                        {pick(product.title, locale)}
                      </span>
                      {product.out_price !== undefined && (
                        <span className="shrink-0 text-sm font-semibold whitespace-nowrap">
                          {formatSum(product.out_price, locale)}
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Loaded with the first search (see the header): TanStack Query and Radix Dialog come with it. */
export function SearchOverlay(props: TSearchOverlayProps) {
  return (
    <QueryProvider>
      <SearchOverlayContent {...props} />
    </QueryProvider>
  );
}
