'use client';

import { type ComponentProps, useRef } from 'react';
import { Link, useRouter } from '@/i18n/navigation';

/** The hrefs the locale-aware router can prefetch: a path, or a pathname with a query. */
type TIntentHref = Parameters<ReturnType<typeof useRouter>['prefetch']>[0];
type TLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: TIntentHref };

/**
 * A link that prefetches its page when the customer reaches for it (pointer over it, focus, touch),
 * not when it scrolls into view. The menu shows dozens of product links at once: with viewport
 * prefetching each one fetched its page's RSC payload during the page's load (issue 11: the
 * Lighthouse report's time to interactive waited for them). Once per link and page view.
 */
export function IntentLink({ href, onPointerEnter, onFocus, onTouchStart, ...props }: TLinkProps) {
  const router = useRouter();
  const done = useRef(false);
  const prefetch = () => {
    if (done.current) return;
    done.current = true;
    router.prefetch(href);
  };
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
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
