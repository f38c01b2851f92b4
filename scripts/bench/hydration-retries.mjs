#!/usr/bin/env node
/**
 * A minimal reproduction, with React alone, of what docs/perf/issue-11.md ("2026-12-06") found on the
 * menu page: a root hydrating in a transition (as Next hydrates) that suspends, outside any Suspense
 * boundary, on a lazy component whose module is still loading, below a component calling
 * `useDeferredValue(value, initialValue)` (as Next's layout router does). Each attempt spawns a
 * deferred lane; React renders and commits that lane on the still-dehydrated root, the commit clears
 * the suspended hydration lane, and the hydration is tried again at once: a busy loop of commits until
 * the module arrives. Without the initial value there is none.
 *
 *   node scripts/bench/hydration-retries.mjs [--wait 300]
 *
 * Prints the commits of the dehydrated root during the wait, with and without the initial value, and
 * whether the tree hydrated in the end. Run it after a React upgrade: when the first count is 0, the
 * loop is fixed upstream. Not a test of our code: React as apps/web declares it (Next bundles its own
 * copy, of the same line), in jsdom.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

// React, React DOM and jsdom as the storefront's workspace declares them.
const fromWeb = createRequire(new URL('../../apps/web/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(fromWeb.resolve(name)).href);

const { values } = parseArgs({ options: { wait: { type: 'string', default: '300' } } });
const WAIT_MS = Number(values.wait);
if (!Number.isInteger(WAIT_MS) || WAIT_MS < 1 || WAIT_MS > 60_000) {
  console.error('usage: node scripts/bench/hydration-retries.mjs [--wait MS (1-60000)]');
  process.exit(2);
}

const { JSDOM } = await load('jsdom');
const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>');
Object.assign(globalThis, {
  window: dom.window,
  document: dom.window.document,
  HTMLElement: dom.window.HTMLElement,
});

// React DOM reads the DevTools hook once, when it is first imported: set it before. The same stub
// as profile-page.mjs's `reactHook`, which cannot share it: that one is serialized into the page.
const counts = { commits: 0, dehydrated: 0 };
globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject: () => 1,
  checkDCE() {},
  onScheduleFiberRoot() {},
  onCommitFiberUnmount() {},
  onPostCommitFiberRoot() {},
  onCommitFiberRoot(_id, root) {
    counts.commits++;
    if (root.current.memoizedState?.isDehydrated) counts.dehydrated++;
  },
};
const { createElement: h, lazy, startTransition, useDeferredValue } = await load('react');
const { renderToString } = await load('react-dom/server');
const { hydrateRoot } = await load('react-dom/client');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt(withInitialValue) {
  function Child() {
    return h('p', null, 'the lazy component');
  }
  function Router({ children }) {
    const value = withInitialValue ? useDeferredValue('final', 'initial') : useDeferredValue('final');
    return h('section', { 'data-value': value === 'final' ? 'final' : 'initial' }, children);
  }
  const App = ({ Lazy }) => h('main', null, h(Router, null, h(Lazy)));

  const container = document.createElement('div');
  document.body.replaceChildren(container);
  container.innerHTML = renderToString(h(App, { Lazy: Child }));
  let loaded;
  const module = new Promise((resolve) => {
    loaded = resolve;
  });
  const Lazy = lazy(() => module);
  counts.commits = 0;
  counts.dehydrated = 0;
  startTransition(() => {
    hydrateRoot(container, h(App, { Lazy }));
  });
  await sleep(WAIT_MS); // the module "on the network"
  const whileWaiting = counts.dehydrated;
  loaded({ default: Child });
  await sleep(100);
  return { whileWaiting, commits: counts.commits, hydrated: container.querySelector('p') !== null };
}

for (const withInitialValue of [true, false]) {
  const { whileWaiting, commits, hydrated } = await attempt(withInitialValue);
  console.log(
    `useDeferredValue ${withInitialValue ? 'with' : 'without'} an initial value: ${whileWaiting} commits of the dehydrated root in ${WAIT_MS} ms of waiting, ${commits} in all; hydrated: ${hydrated}`,
  );
}
process.exit(0);
