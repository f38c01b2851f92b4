'use client';

import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { type ComponentProps, type MouseEvent, useRef } from 'react';
import { localeHref, type TLocaleHref } from '@/i18n/locale-href';
import type { TAppLocale } from '@/i18n/routing';

type TLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A locale-less path of the site (paths.ts); the page's locale prefix is added. */
  href: TLocaleHref;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Scroll to the top of the new page (default), or keep the scroll position (false). */
  scroll?: boolean;
};

/**
 * A click the browser should handle itself: another tab or window, a download, a modified click.
 * `anchor` is the link clicked: the event's own element, or one inside it when a parent handles its
 * links' clicks (the menu grid, features/menu/components/card-actions.ts).
 */
export function isBrowserClick(event: MouseEvent<HTMLElement>, anchor: HTMLAnchorElement): boolean {
  const target = anchor.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== '' && target !== '_self') ||
    anchor.hasAttribute('download')
  );
}

/**
 * The storefront's link to its own pages: an `<a>` with the page's locale prefix whose plain click
 * navigates inside the app (`router.push`, so intercepting routes such as the product dialog work
 * as with `next/link`), and which prefetches its page when the customer reaches for it (pointer over
 * it, focus, touch), once per link and page view, never when it scrolls into view. The menu shows
 * dozens of product links at once: with viewport prefetching each one fetched its page's RSC payload
 * during the page's load (issue 11). Written here rather than wrapping `next/link` and next-intl's
 * `Link`: with prefetching left out, what they add is the same click handling, and their modules
 * were ~5 KB gzipped of every page's first load (docs/perf/issue-11.md, "i11-js (third session)").
 */
export function IntentLink({
  href,
  replace,
  scroll = true,
  onClick,
  onPointerEnter,
  onFocus,
  onTouchStart,
  ...props
}: TLinkProps) {
  const router = useRouter();
  const locale = useLocale() as TAppLocale;
  const url = localeHref(href, locale);
  const done = useRef(false);
  const prefetch = () => {
    if (done.current) return;
    done.current = true;
    router.prefetch(url);
  };
  return (
    <a
      {...props}
      href={url}
      onClick={(event) => {
        onClick?.(event);
        if (isBrowserClick(event, event.currentTarget)) return;
        event.preventDefault();
        if (replace) router.replace(url, { scroll });
        else router.push(url, { scroll });
      }}
      onPointerEnter={(event) => {
        prefetch();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
    />
  );
}
