'use client';

import { type ComponentType, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * A component whose code loads when it is first rendered, in the browser only: what
 * `next/dynamic(load, { ssr: false })` does (next/dynamic is itself `React.lazy` in a `<Suspense>`,
 * bailing out of the server render), without next/dynamic's modules, which were ~1.8 KB gzipped of
 * every page's first load (issue 11). The server's render and the hydrating one show `fallback`
 * (nothing by default), so the HTML and the first client render agree; a later render loads the
 * module (once, then from React's cache) and shows `fallback` until it arrives. Rendered in a
 * transition, the previous content stays until the code is there, as with next/dynamic.
 */
export function lazyClient<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => ReactNode = () => null,
): ComponentType<P> {
  // React.lazy's type does not carry a generic P through its props; it renders the loaded P.
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyClient(props: P) {
    const browser = useSyncExternalStore(subscribeNothing, inBrowser, onServer);
    if (!browser) return fallback();
    return (
      <Suspense fallback={fallback()}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyClient;
}
