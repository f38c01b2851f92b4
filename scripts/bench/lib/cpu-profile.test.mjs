import { SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
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
} from './cpu-profile.mjs';

const frame = (functionName, url = '', lineNumber = 0, columnNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
  scriptId: '0',
});

/** A profile whose samples hit the given node ids, `deltaMs` apart. */
function profileOf(nodes, hits, deltaMs = 1) {
  return {
    nodes: nodes.map((callFrame, i) => ({ id: i + 1, callFrame })),
    startTime: 0,
    endTime: hits.length * deltaMs * 1000,
    samples: hits,
    timeDeltas: hits.map(() => deltaMs * 1000),
  };
}

const CHUNK = 'http://localhost:3000/_next/static/chunks/abc123.js';
const NODES = [
  frame('(idle)'),
  frame('(program)'),
  frame('(garbage collector)'),
  frame('render', CHUNK, 0, 10),
  frame('hydrate', CHUNK, 0, 50),
];
const [IDLE, PROGRAM, GC_NODE, RENDER, HYDRATE] = [1, 2, 3, 4, 5];

describe('samplesOf', () => {
  it('gives each sample its time from the start and the interval to the next sample', () => {
    const profile = profileOf(NODES, [RENDER, RENDER, IDLE]);
    profile.timeDeltas = [500, 2000, 1000];
    const samples = samplesOf(profile);
    expect(samples.map((s) => [s.node.callFrame.functionName, s.at, s.duration])).toEqual([
      ['render', 0.5, 2],
      ['render', 2.5, 1],
      ['(idle)', 3.5, 0],
    ]);
  });
});

describe('busyBy', () => {
  it('sums the work per key and leaves the idle samples out, largest first', () => {
    const samples = samplesOf(
      profileOf(NODES, [IDLE, RENDER, HYDRATE, HYDRATE, PROGRAM, GC_NODE, IDLE, HYDRATE, IDLE]),
    );
    const byName = busyBy(samples, (node) => node.callFrame.functionName);
    expect([...byName]).toEqual([
      ['hydrate', 3],
      ['render', 1],
      ['(program)', 1],
      ['(garbage collector)', 1],
    ]);
  });
});

describe('busyStretches and blockingOf', () => {
  it('cuts the work at every idle sample and measures each stretch', () => {
    const hits = [
      IDLE,
      ...Array(60).fill(HYDRATE),
      IDLE,
      IDLE,
      ...Array(20).fill(RENDER),
      IDLE,
      ...Array(70).fill(PROGRAM),
      IDLE,
    ];
    const stretches = busyStretches(samplesOf(profileOf(NODES, hits)));
    expect(stretches.map((s) => [s.start, s.duration, s.samples.length])).toEqual([
      [2, 60, 60],
      [64, 20, 20],
      [85, 70, 70],
    ]);
    // Only the time over 50 ms counts, and only from the given moment.
    expect(blockingOf(stretches)).toBe(10 + 20);
    expect(blockingOf(stretches, 50)).toBe(20);
  });
});

describe('originalOf', () => {
  it("names a chunk's code by its source through the chunk's source map", () => {
    const generator = new SourceMapGenerator({ file: 'abc123.js' });
    generator.addMapping({
      generated: { line: 1, column: 10 },
      original: { line: 42, column: 2 },
      source: 'turbopack:///[project]/apps/web/src/features/menu/components/menu-grid.tsx',
      name: 'MenuGrid',
    });
    const map = sourceMapOf(generator.toString());
    const place = originalOf((url) => (url === CHUNK ? map : null));
    const [, program, gc, render] = profileOf(NODES, []).nodes;
    expect(place(render)).toEqual({
      source: 'turbopack:///[project]/apps/web/src/features/menu/components/menu-grid.tsx',
      line: 42,
      name: 'MenuGrid',
    });
    expect(place(program).source).toBe(NATIVE);
    expect(place(gc).source).toBe(GC);
  });

  it("keeps the script's file name and line when there is no map or no mapping", () => {
    const place = originalOf(() => null);
    const node = { id: 9, callFrame: frame('x', `${CHUNK}?v=2`, 4, 0) };
    expect(place(node)).toEqual({ source: 'abc123.js', line: 5, name: 'x' });
  });
});

describe('ownerOf', () => {
  it('names whose code a source is', () => {
    expect(ownerOf('turbopack:///[project]/node_modules/next/dist/compiled/react-dom/cjs/x.js')).toBe(
      'next/compiled/react-dom',
    );
    expect(ownerOf('turbopack:///[project]/node_modules/next/src/client/app-index.tsx')).toBe('next');
    expect(ownerOf('turbopack:///[project]/node_modules/@tanstack/query-core/build/x.js')).toBe(
      '@tanstack/query-core',
    );
    expect(ownerOf('turbopack:///[turbopack]/browser/runtime/base/build-base.ts')).toBe(
      '[turbopack runtime]',
    );
    expect(ownerOf('turbopack:///[project]/apps/web/src/features/menu/components/menu-grid.tsx')).toBe(
      'apps/web/src/features/menu',
    );
    expect(ownerOf('turbopack:///[project]/apps/web/src/i18n/request.ts')).toBe('apps/web/src/i18n');
    expect(ownerOf('turbopack:///[project]/packages/domain/src/money.ts')).toBe('packages/domain');
    expect(ownerOf('abc123.js')).toBe('abc123.js');
  });
});

describe('traceSelfTimes', () => {
  const meta = (pid, tid, name) => ({ ph: 'M', name: 'thread_name', pid, tid, args: { name } });
  const x = (name, ts, dur, tid = 1) => ({ ph: 'X', name, ts, dur, pid: 7, tid });

  it("gives each event its time less its nested events', on the renderers' main threads only", () => {
    const times = traceSelfTimes([
      meta(7, 1, 'CrRendererMain'),
      meta(7, 2, 'Compositor'),
      // A task of 10 ms: 2 ms of parsing holding 1 ms of script, then 5 ms of layout.
      x('RunTask', 0, 10_000),
      x('ParseHTML', 1000, 2000),
      x('EvaluateScript', 1500, 1000),
      x('Layout', 4000, 5000),
      // A second task, and work on another thread that is not counted.
      x('RunTask', 20_000, 3000),
      x('UpdateLayoutTree', 20_000, 3000),
      x('Paint', 0, 50_000, 2),
      { ph: 'B', name: 'Ignored', ts: 0, pid: 7, tid: 1 },
    ]);
    expect(Object.fromEntries(times)).toEqual({
      Layout: 5,
      RunTask: 3,
      UpdateLayoutTree: 3,
      ParseHTML: 1,
      EvaluateScript: 1,
    });
    const values = [...times.values()];
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });
});
