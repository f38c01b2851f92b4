'use client';

import { useTranslations } from 'next-intl';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { inNextTask } from '@/lib/next-task';
import { useMenuData, useMenuFilterState } from './menu-filter';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Height of the site's sticky header, followed as it changes (the mobile address bar, fonts). The
 * bar's effects read layout, so each does it in a task of its own (`inNextTask`), not inside the
 * page's hydration commit, where the first read would force the style and layout of the whole page.
 */
function useStickyHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    let observer: ResizeObserver | undefined;
    const cancel = inNextTask(() => {
      const header = document.querySelector<HTMLElement>('header');
      if (!header || getComputedStyle(header).position !== 'sticky') return;
      const measure = () => setHeight(header.offsetHeight);
      measure();
      observer = new ResizeObserver(measure);
      observer.observe(header);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, []);
  return height;
}

/**
 * The sticky bar of category links. A scroll spy (IntersectionObserver) highlights the category
 * being read and keeps its link in view inside the bar; a click jumps to the section.
 */
export function CategoryBar() {
  const t = useTranslations('common.menu');
  const { view } = useMenuData();
  const { visible } = useMenuFilterState();
  const categories = useMemo(
    () =>
      view.categories.map((c) => ({
        slug: c.slug,
        title: c.title,
        productIds: c.items.flatMap((i) => view.products[i]?.id ?? []),
      })),
    [view],
  );
  const [active, setActive] = useState<string | null>(categories[0]?.slug ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const headerHeight = useStickyHeaderHeight();
  // While a click scrolls the page, the sections passing by must not steal the highlight.
  const jumpingUntil = useRef(0);
  const recomputeRef = useRef<() => void>(() => {});

  const shown = categories.filter((c) => visible === null || c.productIds.some((id) => visible.has(id)));

  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const cancel = inNextTask(() => {
      const order = categories.map((c) => c.slug);
      const sections = order
        .map((slug) => document.getElementById(slug))
        .filter((el): el is HTMLElement => el !== null);
      const coveredTop = () => headerHeight + (navRef.current?.offsetHeight ?? 0) + 16;
      // The category being read is the last visible section whose top has passed under the sticky bars.
      const recompute = () => {
        if (Date.now() < jumpingUntil.current) return;
        const line = coveredTop();
        let current: string | null = null;
        for (const section of sections) {
          if (section.hidden) continue;
          if (section.getBoundingClientRect().top <= line) current = section.id;
          else break;
        }
        const first = sections.find((section) => !section.hidden)?.id ?? null;
        setActive(current ?? first);
      };
      // The observer only says when a section crosses the band below the bars; geometry then decides.
      observer = new IntersectionObserver(recompute, {
        rootMargin: `-${coveredTop()}px 0px -55% 0px`,
        threshold: [0, 1],
      });
      for (const section of sections) observer.observe(section);
      recomputeRef.current = recompute;
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [categories, headerHeight]);

  useEffect(
    () =>
      inNextTask(() => {
        const list = listRef.current;
        const link = active ? list?.querySelector<HTMLElement>(`[data-slug="${CSS.escape(active)}"]`) : null;
        if (!list || !link) return;
        // scrollIntoView would also scroll the page vertically; only the bar should move.
        const left = link.offsetLeft - list.clientWidth / 2 + link.clientWidth / 2;
        list.scrollTo({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      }),
    [active],
  );

  const jump = (event: MouseEvent<HTMLAnchorElement>, slug: string) => {
    const section = document.getElementById(slug);
    if (!section) return;
    event.preventDefault();
    jumpingUntil.current = Date.now() + 900;
    setActive(slug);
    // Once the smooth scroll has settled, the position decides again.
    window.setTimeout(() => recomputeRef.current(), 1000);
    // The sticky header and this bar cover the top of the page: land the section just below them.
    const top =
      section.getBoundingClientRect().top +
      window.scrollY -
      headerHeight -
      (navRef.current?.offsetHeight ?? 0);
    window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    window.history.replaceState(null, '', `#${slug}`);
    // Keyboard and screen-reader users continue reading from the section they jumped to.
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  if (shown.length === 0) return null;
  return (
    <nav
      ref={navRef}
      aria-label={t('categoriesLabel')}
      style={{ top: headerHeight }}
      className="sticky top-0 z-30 -mx-4 mt-3 border-b border-line bg-cream/95 backdrop-blur md:mx-0"
    >
      <ul
        ref={listRef}
        className="[scrollbar-width:none] flex gap-1 overflow-x-auto px-4 py-2 md:px-0"
        data-testid="category-bar"
      >
        {shown.map((c) => {
          const current = c.slug === active;
          return (
            <li key={c.slug} className="shrink-0">
              <a
                href={`#${c.slug}`}
                data-slug={c.slug}
                aria-current={current ? 'true' : undefined}
                onClick={(e) => jump(e, c.slug)}
                className={
                  current
                    ? 'block rounded-full bg-ink px-4 py-2 text-sm font-semibold whitespace-nowrap text-white'
                    : 'block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap text-ink hover:bg-brand-100'
                }
              >
                {c.title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
