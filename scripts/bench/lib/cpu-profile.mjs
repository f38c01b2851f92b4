// The pure parts of scripts/bench/profile-page.mjs: reading a V8 CPU profile (Chrome DevTools
// Protocol `Profiler.stop`) into where the main thread's time went, by source file or package, and
// into busy stretches (what the browser ran between two idle moments: close to its tasks).
import { SourceMapConsumer } from 'source-map-js';

/** Samples V8 takes when the thread waits: not time anything spent. */
const IDLE = new Set(['(idle)', '(root)']);
/** Native work outside JavaScript on the thread (style, layout, paint, the HTML parser, compiling). */
export const NATIVE = '(native)';
export const GC = '(garbage collector)';

/**
 * Each sample of a profile with the node it hit, its time from the profile's start and its
 * duration, in milliseconds. V8 gives each sample's delta to the one before; the sample's own
 * duration is the next delta (the last sample gets 0).
 */
export function samplesOf(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = [];
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] / 1000;
    const duration = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    out.push({ node: nodes.get(profile.samples[i]), at, duration });
  }
  return out;
}

/** Whether a sample is the thread waiting rather than working. */
export function isIdle(node) {
  return IDLE.has(node.callFrame.functionName);
}

/**
 * A function from a profile node to the original place of its code: `{ source, line, name }`, read
 * through the source map of its script when `mapFor(url)` gives one (a SourceMapConsumer), else the
 * script's own file name. `(program)` is native work, the garbage collector keeps its name.
 */
export function originalOf(mapFor) {
  const memo = new Map();
  return (node) => {
    const cached = memo.get(node);
    if (cached) return cached;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    let place;
    if (functionName === '(program)') place = { source: NATIVE, line: 0, name: '' };
    else if (!url) place = { source: functionName || '(anonymous)', line: 0, name: '' };
    else {
      place = { source: url.split('?')[0].split('/').pop() || url, line: lineNumber + 1, name: functionName };
      const map = mapFor(url);
      if (map) {
        const o = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
        if (o.source) place = { source: o.source, line: o.line ?? 0, name: o.name || functionName };
      }
    }
    memo.set(node, place);
    return place;
  };
}

/**
 * The part of a source path that says whose code it is: `node_modules/<package>` (with its scope),
 * our own `apps/web/src/<first two folders>` or `packages/<name>`, Turbopack's `[turbopack]` runtime;
 * anything else as it is.
 */
export function ownerOf(source) {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) {
    // Next bundles React and its other dependencies under next/dist/compiled/<name>.
    const compiled = source.match(/node_modules\/next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/);
    return compiled ? `next/compiled/${compiled[1]}` : pkg[1];
  }
  if (source.includes('[turbopack]')) return '[turbopack runtime]';
  const own = source.match(/(apps\/web\/src\/(?:[^/]+\/){0,2})/);
  if (own) return own[1].replace(/\/$/, '');
  const workspace = source.match(/(packages\/[^/]+)/);
  if (workspace) return workspace[1];
  return source;
}

/** Milliseconds of work per key (`keyOf(node)`), idle samples left out, largest first. */
export function busyBy(samples, keyOf) {
  const totals = new Map();
  for (const { node, duration } of samples) {
    if (isIdle(node)) continue;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + duration);
  }
  return new Map([...totals].sort((a, b) => b[1] - a[1]));
}

/**
 * Stretches of work between idle moments: a run of non-idle samples ends at an idle sample. Each is
 * `{ start, duration, samples }` (milliseconds from the profile's start). A browser task is one such
 * stretch, or several back to back (the thread does not idle between tasks it has queued).
 */
export function busyStretches(samples) {
  const stretches = [];
  let current = null;
  for (const sample of samples) {
    if (isIdle(sample.node)) {
      current = null;
      continue;
    }
    if (!current) {
      current = { start: sample.at, duration: 0, samples: [] };
      stretches.push(current);
    }
    current.duration = sample.at + sample.duration - current.start;
    current.samples.push(sample);
  }
  return stretches;
}

/** The blocking time of stretches (their length over 50 ms, as Lighthouse counts a long task's). */
export function blockingOf(stretches, from = 0) {
  return stretches.filter((s) => s.start >= from).reduce((sum, s) => sum + Math.max(0, s.duration - 50), 0);
}

/** A SourceMapConsumer for a source map's JSON text (plain or indexed map). */
export function sourceMapOf(json) {
  return new SourceMapConsumer(JSON.parse(json));
}

/**
 * Self time by event name on the renderers' main threads of a Chrome trace (its `traceEvents`):
 * each complete event's duration less that of the events nested in it on the same thread, in
 * milliseconds, largest first. `RunTask` is then what a task spent outside any named event
 * (Lighthouse's "Other"); `ParseHTML`, `UpdateLayoutTree` (style), `Layout`, `Paint` and the rest are
 * the renderer's named work; `FunctionCall` and `EvaluateScript` hold the JavaScript.
 */
export function traceSelfTimes(traceEvents) {
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || typeof e.dur !== 'number') continue;
    const thread = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(thread)) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread).push(e);
  }
  const totals = new Map();
  for (const events of byThread.values()) {
    // Outer events first: by start, then the longer one.
    events.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    const close = (until) => {
      while (stack.length && stack[stack.length - 1].end <= until) {
        const done = stack.pop();
        totals.set(done.name, (totals.get(done.name) ?? 0) + done.self / 1000);
      }
    };
    for (const e of events) {
      close(e.ts);
      const parent = stack[stack.length - 1];
      if (parent) parent.self -= Math.min(e.dur, parent.end - e.ts);
      stack.push({ name: e.name, end: e.ts + e.dur, self: e.dur });
    }
    close(Number.POSITIVE_INFINITY);
  }
  return new Map([...totals].filter(([, t]) => t > 0).sort((a, b) => b[1] - a[1]));
}
