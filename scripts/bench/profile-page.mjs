#!/usr/bin/env node
/**
 * Where a page load's main-thread time goes, under Lighthouse's mobile conditions (devtools
 * throttling: 562.5 ms round trip, 1,474.56 Kbps down, 675 Kbps up, CPU slowed 4x; a 412 x 823
 * screen at 1.75x). For each URL (two are loaded alternately, like the shared harness's A/B), it
 * records a V8 CPU profile of the load and the seconds after it, and React's commits through React's
 * DevTools hook, then prints, averaged over the runs:
 *   - the main thread's busy time: JavaScript by owner (package, our feature folder, Turbopack's
 *     runtime), native work (style, layout, paint, parsing) and the garbage collector;
 *   - with --trace, the renderer's main thread by trace event (self time: ParseHTML,
 *     UpdateLayoutTree, Layout, Paint, RunTask's own...), from a trace recorded alongside; tracing
 *     slows the load (2-3x here), so compare its figures only with each other;
 *   - the busy stretches of 50 ms and more of the first run, each with what filled it: close to the
 *     browser's long tasks, though tasks queued back to back make one stretch;
 *   - the fibers of React's hydration (components and host elements), and how many commits React
 *     made of the root before it was hydrated: each follows an attempt of the hydration that waited
 *     for a client chunk still on the network, wasted work (docs/perf/issue-11.md, 2026-12-06, and
 *     hydration-retries.mjs).
 * A storefront built with PROFILE_SOURCE_MAPS=1 (next.config.ts) is read through its source maps, so
 * its chunks are named by their sources; pass its static chunks folder with --chunks (once per build
 * when two builds are compared).
 *
 *   WEB_DIST_DIR=dist/next-prof PROFILE_SOURCE_MAPS=1 npx next build   (in apps/web)
 *   node scripts/bench/profile-page.mjs http://localhost:3000/ [http://localhost:3001/]
 *        [--runs 3] [--after 6] [--chunks apps/web/dist/next-prof/static/chunks] [--top 20] [--out DIR] [--trace]
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH). Not a timed test: a tool to find what
 * to change, to be confirmed by `npm run bench` (docs/perf/README.md).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  blockingOf,
  busyBy,
  busyStretches,
  GC,
  NATIVE,
  originalOf,
  ownerOf,
  samplesOf,
  sourceMapOf,
  traceSelfTimes,
} from './lib/cpu-profile.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    after: { type: 'string', default: '6' },
    chunks: { type: 'string', multiple: true },
    top: { type: 'string', default: '20' },
    out: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});
const counts = [values.runs, values.top, values.after];
if (positionals.length < 1 || positionals.length > 2 || !counts.every((v) => /^[1-9]\d{0,3}$/.test(v))) {
  console.error(
    'usage: node scripts/bench/profile-page.mjs URL [URL2] [--runs 3] [--after 6] [--chunks DIR] [--top 20] [--out DIR] [--trace]',
  );
  process.exit(2);
}
const RUNS = Number(values.runs);
const TOP = Number(values.top);
// Builds' chunk folders (one per build compared); a chunk's file name is its content's hash.
const CHUNKS = (values.chunks ?? []).map((dir) => resolve(dir));
const CHROME_PATH = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';

/** Lighthouse 12's mobile preset with devtools throttling (its constants.js). */
const THROTTLING = {
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
  cpuSlowdown: 4,
};

/** The renderer's named work (parsing, style, layout, paint) and its tasks, as Lighthouse records them. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'loading',
];

/** The source map of a chunk, from a --chunks folder (named by the chunk's sourceMappingURL). */
const maps = new Map();
function mapFor(url) {
  if (!url.includes('/_next/static/chunks/')) return null;
  const file = url.split('?')[0].split('/').pop();
  if (!maps.has(file)) {
    let map = null;
    const dir = CHUNKS.find((d) => existsSync(join(d, file)));
    if (dir) {
      const named = readFileSync(join(dir, file), 'utf8').match(/sourceMappingURL=(\S+)\s*$/);
      const path = join(dir, named ? named[1] : `${file}.map`);
      if (existsSync(path)) map = sourceMapOf(readFileSync(path, 'utf8'));
    }
    maps.set(file, map);
  }
  return maps.get(file);
}
const placeOf = originalOf(mapFor);
const ownerKey = (node) => {
  const { source } = placeOf(node);
  return source === NATIVE || source === GC ? source : ownerOf(source);
};

/**
 * Counts the fibers of React's hydration, the first commit of more than 100 fibers (a smaller root, a
 * portal's, may commit first), by kind; later commits are not walked, so the hook costs the page one
 * walk. Before it, counts the commits of a root still dehydrated (React retrying the hydration while
 * client chunks are missing). Set before any script of the page runs.
 */
function reactHook() {
  window.__hydration = null;
  window.__dehydratedCommits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (window.__hydration) return;
      if (root.current.memoizedState?.isDehydrated) {
        window.__dehydratedCommits++;
        return;
      }
      const count = { fibers: 0, components: 0, hosts: 0 };
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        count.fibers++;
        if ([0, 1, 11, 14, 15].includes(fiber.tag)) count.components++;
        if (fiber.tag === 5) count.hosts++;
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling && fiber !== root.current) stack.push(fiber.sibling);
      }
      if (count.fibers > 100) window.__hydration = count;
    },
  };
}

async function profileLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(reactHook);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latency,
      downloadThroughput: THROTTLING.downloadThroughput,
      uploadThroughput: THROTTLING.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    if (values.trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(Number(values.after) * 1000);
    const trace = values.trace ? JSON.parse((await browser.stopTracing()).toString('utf8')) : null;
    const { profile } = await cdp.send('Profiler.stop');
    const hydration = await page.evaluate(() =>
      window.__hydration ? { ...window.__hydration, dehydratedCommits: window.__dehydratedCommits } : null,
    );
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    return { profile, traceEvents: trace ? (trace.traceEvents ?? trace) : null, hydration, fcp };
  } finally {
    await context.close();
  }
}

const ms = (n) => `${Math.round(n)}`.padStart(6);

function report(url, loads) {
  const n = loads.length;
  const totals = new Map();
  let busy = 0;
  for (const { samples } of loads) {
    for (const [key, t] of busyBy(samples, ownerKey)) {
      totals.set(key, (totals.get(key) ?? 0) + t / n);
      busy += t / n;
    }
  }
  console.log(`\n== ${url} (${n} loads)`);
  const commit = loads[0].hydration;
  const dehydrated = Math.round(
    loads.reduce((sum, load) => sum + (load.hydration?.dehydratedCommits ?? 0), 0) / n,
  );
  console.log(
    `main thread busy ${Math.round(busy)} ms per load; React's hydration: ${
      commit
        ? `${commit.fibers} fibers (${commit.components} components, ${commit.hosts} elements), after ${dehydrated} commits of the still-dehydrated root per load`
        : 'none seen'
    }`,
  );
  console.log('busy time by owner (ms per load):');
  for (const [key, t] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${ms(t)}  ${key}`);
  if (loads[0].renderer) {
    const renderer = new Map();
    for (const load of loads) {
      for (const [name, t] of load.renderer) renderer.set(name, (renderer.get(name) ?? 0) + t / n);
    }
    console.log(
      "the renderer's main thread by trace event, self time (ms per load; RunTask's own is Lighthouse's \"Other\"):",
    );
    for (const [name, t] of [...renderer].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${ms(t)}  ${name}`);
  }

  // Times count from the profile's start, a few milliseconds before the navigation's (FCP's origin).
  const { samples, fcp } = loads[0];
  const stretches = busyStretches(samples).filter((s) => s.duration >= 50);
  console.log(
    `busy stretches of 50 ms and more, first load (FCP ${fcp === null ? '?' : Math.round(fcp)} ms; their time over 50 ms after it ${
      fcp === null ? '?' : Math.round(blockingOf(stretches, fcp))
    } ms):`,
  );
  for (const stretch of stretches) {
    const parts = [...busyBy(stretch.samples, ownerKey)]
      .slice(0, 4)
      .map(([key, t]) => `${Math.round(t)} ${key}`)
      .join(', ');
    console.log(`${ms(stretch.start)} ms +${Math.round(stretch.duration)} ms: ${parts}`);
  }
}

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  const results = new Map(positionals.map((url) => [url, []]));
  if (values.out) mkdirSync(values.out, { recursive: true });
  for (let run = 0; run < RUNS; run++) {
    for (const [index, url] of positionals.entries()) {
      const load = await profileLoad(browser, url);
      if (values.out) {
        writeFileSync(join(values.out, `${'AB'[index]}-${run + 1}.cpuprofile`), JSON.stringify(load.profile));
      }
      results.get(url).push({
        samples: samplesOf(load.profile),
        renderer: load.traceEvents ? traceSelfTimes(load.traceEvents) : null,
        fcp: load.fcp,
        hydration: load.hydration,
      });
      process.stderr.write(`[profile] ${url} run ${run + 1} of ${RUNS}\n`);
    }
  }
  for (const [url, loads] of results) report(url, loads);
} finally {
  await browser.close();
}
