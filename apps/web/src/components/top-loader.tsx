'use client';

import { useEffect, useRef } from 'react';

/** A click that the client router turns into a navigation to another page of this site. */
export function isPageNavigation(event: MouseEvent, here: URL): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return false;
  const to = new URL(anchor.getAttribute('href') ?? '', here);
  if (to.origin !== here.origin) return false;
  // Same page, or only another fragment of it: no page loads.
  return to.pathname !== here.pathname || to.search !== here.search;
}

/** The bar's slow climb while a page loads (it never reaches the end before the page arrives). */
const CLIMB = 'width 8s cubic-bezier(0.1, 0.7, 0.2, 1)';

/**
 * The page-load bar (issue 11: instead of nextjs-toploader with nprogress, ~6 KB gzip in every first
 * load): a 3 px bar along the top that starts when a click on a link leaves for another page of the
 * site, climbs slowly, and completes and fades when the router commits the new URL (`pushState`,
 * `replaceState`) or the history moves (back/forward). Decorative (`aria-hidden`): the new page's
 * title and focus say it has loaded. Styles are set through the DOM (CSSOM), which the page's
 * Content-Security-Policy allows without a nonce; with reduced motion the bar shows without moving.
 */
export function TopLoader() {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    let running = false;
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

    const start = () => {
      clearTimeout(hideTimer);
      running = true;
      el.style.transition = 'none';
      el.style.opacity = '1';
      el.style.width = '0%';
      // Apply the start before the climb, so the climb animates from it.
      void el.offsetWidth;
      el.style.transition = reducedMotion ? 'none' : CLIMB;
      el.style.width = reducedMotion ? '50%' : '85%';
    };
    const done = () => {
      if (!running) return;
      running = false;
      el.style.transition = reducedMotion ? 'none' : 'width 200ms ease-out, opacity 300ms ease 200ms';
      el.style.width = '100%';
      el.style.opacity = '0';
      hideTimer = setTimeout(() => {
        el.style.transition = 'none';
        el.style.width = '0%';
      }, 600);
    };

    const onClick = (event: MouseEvent) => {
      if (isPageNavigation(event, new URL(window.location.href))) start();
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', done);
    // The router commits a navigation with the History API: the page has arrived.
    const { pushState, replaceState } = window.history;
    window.history.pushState = function patchedPushState(...args) {
      done();
      return pushState.apply(this, args);
    };
    window.history.replaceState = function patchedReplaceState(...args) {
      done();
      return replaceState.apply(this, args);
    };
    return () => {
      clearTimeout(hideTimer);
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', done);
      window.history.pushState = pushState;
      window.history.replaceState = replaceState;
    };
  }, []);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-[1600] h-[3px]">
      <div ref={bar} className="h-full w-0 bg-[#e35d0b] opacity-0" />
    </div>
  );
}
