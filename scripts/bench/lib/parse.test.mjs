import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lighthouseEnv } from '../measure.mjs';
import {
  flightPayload,
  median,
  parseHttpRatioOutput,
  parseLighthouseOutput,
  parseOptions,
  parseOrdersOutput,
  parseProcStatus,
  resolvePerfDir,
} from './parse.mjs';
import { GENERATOR_BOUND, markdownTable, summaryRows, textTable } from './summary.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN_ROOT = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
}).stdout.trim();
const PERF_DIR = resolvePerfDir(process.env, REPO_ROOT, MAIN_ROOT ? join(MAIN_ROOT, '..') : null, existsSync);

// What lighthouse-ratio.sh printed in a real run (per-run lines, medians, ratio line).
const LIGHTHOUSE_OUTPUT = `Lighthouse 12.8.2 mobile preset (throttling: devtools), 2 runs each, alternating A/B; chrome 156.0.8078.108
A = http://localhost:3150/
B = http://localhost:3151/
(warm-up run for http://localhost:3150/: 27.1 s, discarded)
(warm-up run for http://localhost:3151/: 20.3 s, discarded)
run  ab  score   LCP_ms   TBT_ms     CLS   JS_KiB    secs
1    A      62     1852      279   0.000    216.0    25.2
1    B      90      703      136   0.000    144.0    19.8
2    A      60     1900      300   0.001    216.0    25.0
2    B      91      700      130   0.000    144.0    19.1

medians (A: 2 runs, B: 2 runs)
      score  LCP_ms  TBT_ms     CLS  JS_KiB
A        61    1876     290   0.001   216.0
B        91     702     133   0.000   144.0
LCP ratio 2.67, TBT ratio 2.18, JS ratio 1.50 (A score 61, B score 91)`;

const HTTP_OUTPUT = `autocannon 9.0.0: 2 rounds x 10 s, 10 connections, alternating A/B, headers: none
A = http://localhost:3150/
B = http://localhost:3151/
(warm-up: 2 s each, discarded)
round ab      req/s  p50_ms  p99_ms  non2xx  errors
1     A          30     320     555       0       0
1     B         730      12      40       0       0

medians over 2 rounds
A  req/s      30   p50 320 ms   p99 555 ms
B  req/s     730   p50 12 ms   p99 40 ms
req/s ratio 0.04 (A 30 req/s p50 320 ms p99 555 ms; B 730 req/s p50 12 ms p99 40 ms)`;

describe('resolvePerfDir', () => {
  const exists = (dirs) => (dir) => dirs.includes(dir);
  it('takes PERF_DIR, else shared/perf beside the checkout, else beside the main checkout', () => {
    expect(resolvePerfDir({ PERF_DIR: '/opt/perf' }, '/work/app', null, exists([]))).toBe('/opt/perf');
    expect(resolvePerfDir({}, '/work/app', '/work/main', exists(['/work/shared/perf']))).toBe(
      '/work/shared/perf',
    );
    expect(resolvePerfDir({}, '/work/wt/app', '/work/main', exists(['/work/shared/perf']))).toBe(
      '/work/shared/perf',
    );
    expect(resolvePerfDir({}, '/work/wt/app', null, exists([]))).toBe('/work/wt/shared/perf');
  });
});

describe('parseLighthouseOutput', () => {
  it('reads the medians and the ratios', () => {
    const r = parseLighthouseOutput(LIGHTHOUSE_OUTPUT);
    expect(r.runs).toEqual({ A: 2, B: 2 });
    expect(r.A).toEqual({ score: 61, LCP_ms: 1876, TBT_ms: 290, CLS: 0.001, JS_KiB: 216 });
    expect(r.B.LCP_ms).toBe(702);
    expect(r.ratios).toEqual({ lcp: 2.67, tbt: 2.18, js: 1.5 });
  });

  it('refuses output without the medians or the ratio line', () => {
    expect(() => parseLighthouseOutput('no successful runs for A')).toThrow(/medians/);
    expect(() => parseLighthouseOutput(LIGHTHOUSE_OUTPUT.replace(/^LCP ratio.*$/m, ''))).toThrow(/LCP ratio/);
    expect(() => parseLighthouseOutput(LIGHTHOUSE_OUTPUT.replace('JS_KiB\nA', 'JS\nA'))).toThrow(/JS_KiB/);
  });
});

describe('parseHttpRatioOutput', () => {
  it('reads the last line', () => {
    expect(parseHttpRatioOutput(HTTP_OUTPUT)).toEqual({
      ratio: 0.04,
      A: { rps: 30, p50: 320, p99: 555 },
      B: { rps: 730, p50: 12, p99: 40 },
      badRuns: 0,
    });
  });

  it('counts the runs the harness warns about', () => {
    const text = HTTP_OUTPUT.replace(
      'req/s ratio',
      'WARNING: 2 run(s) had non-2xx responses or errors; figures include them\nreq/s ratio',
    );
    expect(parseHttpRatioOutput(text).badRuns).toBe(2);
  });

  it('refuses output without the ratio line', () => {
    expect(() => parseHttpRatioOutput(HTTP_OUTPUT.replace(/^req\/s ratio.*$/m, ''))).toThrow(/req\/s ratio/);
  });
});

describe('flightPayload', () => {
  it('weighs the __next_f scripts and their decoded strings', () => {
    const push1 = 'self.__next_f.push([1,"0:{\\"a\\":\\"\\u003cb\\u003e\\"}\\n"])';
    const push2 = 'self.__next_f.push([1,"ё"])';
    const html = `<html><body><h1>Menu</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script><script nonce="abc">${push1}</script><script src="/a.js"></script><script>${push2}</script></body></html>`;
    const r = flightPayload(html);
    expect(r.scripts).toBe(2);
    expect(r.htmlBytes).toBe(Buffer.byteLength(push1) + Buffer.byteLength(push2));
    // 0:{"a":"<b>"}\n is 14 bytes; ё is 2 bytes in UTF-8.
    expect(r.textBytes).toBe(14 + 2);
  });

  it('is zero for a page without a flight payload', () => {
    expect(flightPayload('<html><script>console.log(1)</script></html>')).toEqual({
      scripts: 0,
      htmlBytes: 0,
      textBytes: 0,
    });
  });
});

describe('parseProcStatus', () => {
  it('reads VmHWM and VmRSS in bytes', () => {
    const text =
      'Name:\tnode\nVmPeak:\t 2000000 kB\nVmHWM:\t  812345 kB\nVmRSS:\t  700000 kB\nThreads:\t11\n';
    expect(parseProcStatus(text)).toEqual({ peakBytes: 812345 * 1024, rssBytes: 700000 * 1024 });
  });

  it('says null when a field is missing (a zombie has none)', () => {
    expect(parseProcStatus('Name:\tnode\nState:\tZ (zombie)\n')).toEqual({ peakBytes: null, rssBytes: null });
  });

  it('reads this process', () => {
    const r = parseProcStatus(readFileSync('/proc/self/status', 'utf8'));
    expect(r.peakBytes).toBeGreaterThan(1e6);
    expect(r.peakBytes).toBeGreaterThanOrEqual(r.rssBytes);
  });
});

describe('parseOrdersOutput', () => {
  it('takes the last line as the result', () => {
    const text =
      'signing in 200 customers...\nplacing orders for 20 s\n{"orders_per_s":141.2,"p50_ms":90,"p99_ms":354,"errors":0,"non2xx":1,"orders":2824}\n';
    expect(parseOrdersOutput(text)).toEqual({
      orders_per_s: 141.2,
      p50_ms: 90,
      p99_ms: 354,
      errors: 0,
      non2xx: 1,
      orders: 2824,
    });
  });

  it('refuses a last line that is not the result', () => {
    expect(() => parseOrdersOutput('')).toThrow(/nothing/);
    expect(() => parseOrdersOutput('{"orders_per_s":1}\ndone')).toThrow(/not JSON/);
    expect(() => parseOrdersOutput('{"orders_per_s":1,"p50_ms":1}')).toThrow(/p99_ms/);
  });
});

describe('parseOptions', () => {
  it('defaults to every part on both back-ends', () => {
    const o = parseOptions([], {});
    expect(o.parts).toEqual(['html', 'lighthouse', 'opener', 'pages', 'api', 'orders', 'memory']);
    expect(o.backends).toEqual(['pglite', 'postgres']);
    expect(o).toMatchObject({
      lhRuns: 5,
      httpSeconds: 10,
      ordersSeconds: 20,
      ordersConnections: 16,
      skipBuild: false,
    });
  });

  it('takes groups, skips, environment variables, and flags over them', () => {
    const o = parseOptions(['--only=page,memory', '--skip=lighthouse', '--lh-runs=3'], {
      BENCH_LH_RUNS: '7',
      BENCH_HTTP_SECONDS: '4',
      BENCH_DB: 'pglite',
      BENCH_SKIP_BUILD: '1',
    });
    expect(o.parts).toEqual(['html', 'opener', 'pages', 'memory']);
    expect(parseOptions(['--only=page', '--skip=opener'], {}).parts).toEqual(['html', 'lighthouse', 'pages']);
    expect(o.backends).toEqual(['pglite']);
    expect(o).toMatchObject({ lhRuns: 3, httpSeconds: 4, skipBuild: true });
  });

  it('refuses unknown parts, options and bad numbers', () => {
    expect(() => parseOptions(['--only=pages,speed'], {})).toThrow(/unknown part "speed"/);
    expect(() => parseOptions(['--fast'], {})).toThrow(/unknown option --fast/);
    expect(() => parseOptions(['--lh-runs=0'], {})).toThrow(/positive integer/);
    expect(() => parseOptions(['--db=mysql'], {})).toThrow(/back-end/);
    expect(() => parseOptions(['--only=api', '--skip=api'], {})).toThrow(/nothing to run/);
  });
});

describe('summaryRows', () => {
  const measured = {
    lighthouse: {
      ...parseLighthouseOutput(LIGHTHOUSE_OUTPUT),
      tti: { A: 8800, B: 2000 },
    },
    opener: {
      policy: 'same-origin',
      ...parseLighthouseOutput(LIGHTHOUSE_OUTPUT),
      ratios: { lcp: 1.08, tbt: 1, js: 1 },
    },
    html: {
      ours: { rawBytes: 475_000, gzipBytes: 59 * 1024, flight: { htmlBytes: 289_000 } },
      baseline: { rawBytes: 34_000, gzipBytes: 6 * 1024, flight: { htmlBytes: 10_000 } },
    },
    pages: parseHttpRatioOutput(HTTP_OUTPUT),
    pagesGzip: { ratio: 3.4, A: { rps: 849, p99: 33.5 }, B: { rps: 247, p99: 83.5 }, badRuns: 0 },
    api: {
      pglite: { ratio: 0.6, A: { rps: 1200, p99: 20 }, B: { rps: 2000, p99: 9 }, badRuns: 0 },
      postgres: { skipped: 'no PostgreSQL answers at 127.0.0.1:5432' },
    },
    apiGzip: {
      pglite: { ratio: 1.9, A: { rps: 7000, p99: 3 }, B: { rps: 3700, p99: 6 }, badRuns: 0 },
      postgres: { skipped: 'no PostgreSQL answers at 127.0.0.1:5432' },
    },
    apiCeiling: {
      pglite: {
        ratio: 0.97,
        A: { rps: 2100, p99: 8 },
        B: { rps: 2170, p99: 7 },
        badRuns: 0,
        bodyBytes: 95_289,
      },
      postgres: {
        ratio: 1.02,
        A: { rps: 2200, p99: 8 },
        B: { rps: 2150, p99: 7 },
        badRuns: 1,
        bodyBytes: 95_289,
      },
    },
    orders: {
      pglite: { orders_per_s: 120, p50_ms: 50, p99_ms: 300, errors: 0, non2xx: 0, orders: 2400 },
      postgres: { skipped: 'no PostgreSQL answers at 127.0.0.1:5432' },
    },
    memory: {
      pglite: { peakBytes: 900e6, rssBytes: 700e6, startPeakBytes: 850e6 },
      postgres: { skipped: 'no PostgreSQL' },
    },
    ordersConnections: 16,
  };
  const byFigure = (rows) => Object.fromEntries(rows.map((r) => [r.figure, r]));

  it('judges each figure against its goal', () => {
    const rows = byFigure(summaryRows(measured));
    expect(rows['LCP (median)']).toMatchObject({
      ours: '1,876 ms',
      baseline: '702 ms',
      ratio: '2.67',
      result: 'FAIL',
    });
    expect(rows['LCP against the baseline with our opener policy (median)']).toMatchObject({
      ours: '1,876 ms',
      baseline: '702 ms (`same-origin`)',
      ratio: '1.08',
      goal: 'ratio <= 1.1 (diagnostic)',
      result: 'pass',
    });
    expect(rows['Time to interactive (median)']).toMatchObject({ ours: '8.8 s', result: 'FAIL' });
    expect(rows['HTML document `/`']).toMatchObject({ ratio: '13.97', result: 'FAIL' });
    expect(rows['Served pages, `/` req/s'].result).toBe('FAIL');
    expect(rows["Served pages with gzip (a browser's Accept-Encoding), `/` req/s"]).toMatchObject({
      ours: '849 (p99 34 ms)',
      ratio: '3.40',
      result: 'pass',
    });
    const failed = byFigure(summaryRows({ ...measured, pagesGzip: { error: 'autocannon exited 1' } }));
    expect(failed["Served pages with gzip (a browser's Accept-Encoding), `/` req/s"]).toMatchObject({
      ours: 'error: autocannon exited 1',
      result: '-',
    });
    expect(rows['`GET /v2/menu-products` req/s, PGlite']).toMatchObject({ ratio: '0.60', result: 'pass' });
    expect(rows['`GET /v2/menu-products` req/s, PostgreSQL']).toMatchObject({
      ours: 'skipped: no PostgreSQL answers at 127.0.0.1:5432',
      result: '-',
    });
    expect(
      rows["`GET /v2/menu-products` req/s with gzip (a browser's Accept-Encoding), PGlite"],
    ).toMatchObject({
      ours: '7,000 (p99 3 ms)',
      baseline: '3,700 (`/healthz`, p99 6 ms)',
      ratio: '1.90',
      result: 'pass',
    });
    expect(
      rows["`GET /v2/menu-products` req/s with gzip (a browser's Accept-Encoding), PostgreSQL"],
    ).toMatchObject({ ours: 'skipped: no PostgreSQL answers at 127.0.0.1:5432', result: '-' });
    expect(
      rows['`GET /v2/menu-products` req/s against a bare server answering the same bytes, PGlite'],
    ).toMatchObject({
      ours: '2,100 (p99 8 ms)',
      baseline: '2,170 (bare Node server, the same 95 KB, p99 7 ms)',
      ratio: '0.97',
      goal: 'diagnostic: near 1 means the load generator bounds it',
      result: '-',
    });
    // A run with errors is not a ceiling.
    expect(
      rows['`GET /v2/menu-products` req/s against a bare server answering the same bytes, PostgreSQL'],
    ).toMatchObject({ ratio: '1.02', result: 'FAIL' });
    expect(
      byFigure(summaryRows({ ...measured, apiCeiling: {} }))[
        '`GET /v2/menu-products` req/s against a bare server answering the same bytes, PGlite'
      ],
    ).toMatchObject({ ours: 'not run', result: '-' });
    expect(rows['Orders placed per second, PGlite, 16 in flight']).toMatchObject({ result: 'pass' });
    expect(rows['API process memory, PGlite (peak; at the end)']).toMatchObject({
      ours: '900 MB peak (850 MB by the end of start-up); 700 MB at the end',
      result: 'FAIL',
    });
  });

  it("says beside a missed menu read that it is at the load generator's ceiling", () => {
    const slow = { ratio: 0.44, A: { rps: 4037, p99: 4 }, B: { rps: 9133, p99: 3 }, badRuns: 0 };
    const ceiling = (ratio, badRuns = 0) => ({
      ratio,
      A: { rps: 4000, p99: 4 },
      B: { rps: 4040, p99: 5 },
      badRuns,
      bodyBytes: 95_289,
    });
    const plain = '`GET /v2/menu-products` req/s, PostgreSQL';
    const gzip = "`GET /v2/menu-products` req/s with gzip (a browser's Accept-Encoding), PostgreSQL";
    const rowsWith = (apiCeiling, api = slow) =>
      byFigure(
        summaryRows({
          ...measured,
          api: { ...measured.api, postgres: api },
          apiGzip: { ...measured.apiGzip, postgres: slow },
          apiCeiling: { ...measured.apiCeiling, postgres: apiCeiling },
        }),
      );
    const bound = rowsWith(ceiling(0.99));
    expect(bound[plain]).toMatchObject({
      ours: "4,037 (p99 4 ms); autocannon's ceiling: 0.99 of a bare server answering the same bytes",
      ratio: '0.44',
      result: 'FAIL',
    });
    // The ceiling was measured with the plain body only.
    expect(bound[gzip].ours).toBe('4,037 (p99 4 ms)');
    // Below the bound, with errors in either run, or not measured: the figure alone.
    expect(rowsWith(ceiling(GENERATOR_BOUND - 0.01))[plain].ours).toBe('4,037 (p99 4 ms)');
    expect(rowsWith(ceiling(0.99, 1))[plain].ours).toBe('4,037 (p99 4 ms)');
    expect(rowsWith(ceiling(0.99), { ...slow, badRuns: 1 })[plain].ours).toBe('4,037 (p99 4 ms)');
    expect(rowsWith({ skipped: 'not asked' })[plain].ours).toBe('4,037 (p99 4 ms)');
    // A pass needs no reason.
    expect(rowsWith(ceiling(0.99), { ...slow, ratio: 0.6 })[plain]).toMatchObject({
      ours: '4,037 (p99 4 ms)',
      result: 'pass',
    });
  });

  it('fails a throughput that came with errors', () => {
    const rows = byFigure(
      summaryRows({
        ...measured,
        api: { pglite: { ...measured.api.pglite, badRuns: 1 } },
        orders: { pglite: { ...measured.orders.pglite, non2xx: 3 } },
      }),
    );
    expect(rows['`GET /v2/menu-products` req/s, PGlite'].result).toBe('FAIL');
    expect(rows['Orders placed per second, PGlite, 16 in flight']).toMatchObject({ result: 'FAIL' });
    expect(rows['Orders placed per second, PGlite, 16 in flight'].ours).toContain('3 non-2xx');
  });

  it('says why a part has no figures', () => {
    const rows = byFigure(summaryRows({ lighthouse: { skipped: 'no Chromium at /usr/bin/chromium' } }));
    expect(rows['LCP (median)']).toMatchObject({
      ours: 'skipped: no Chromium at /usr/bin/chromium',
      result: '-',
    });
    expect(rows['HTML document `/`']).toMatchObject({ ours: 'not run', result: '-' });
    const noPolicy = byFigure(
      summaryRows({ opener: { skipped: 'the storefront sends no Cross-Origin-Opener-Policy' } }),
    );
    expect(noPolicy['LCP against the baseline with our opener policy (median)']).toMatchObject({
      ours: 'skipped: the storefront sends no Cross-Origin-Opener-Policy',
      result: '-',
    });
  });

  it('prints as Markdown and as aligned text', () => {
    const rows = summaryRows(measured);
    const md = markdownTable(rows).split('\n');
    expect(md[0]).toBe('| Figure | Menu page / API | Baseline | Ratio | Goal | Result |');
    expect(md).toHaveLength(rows.length + 2);
    expect(md[2]).toBe('| LCP (median) | 1,876 ms | 702 ms | 2.67 | ratio <= 1.1 | FAIL |');
    expect(textTable(rows).split('\n')).toHaveLength(rows.length + 2);
  });

  it('takes medians of finite values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, Number.NaN, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

// The harness's own code, run on made-up inputs, must still print what the parsers read: a
// change of its output format fails here rather than in the middle of a 15-minute bench. It lives
// outside the repository (../shared/perf, or PERF_DIR); without it there is nothing to check.
describe.skipIf(!existsSync(join(PERF_DIR, 'lighthouse-ratio.sh')))(
  `the shared harness at ${PERF_DIR}`,
  () => {
    it('lighthouse-ratio.sh reads every variable the bench sets for it', () => {
      const script = readFileSync(join(PERF_DIR, 'lighthouse-ratio.sh'), 'utf8');
      const env = lighthouseEnv({ PATH: '/bin', LH_THROTTLING: ' simulate ' }, '/tmp/reports');
      expect(env).toMatchObject({ PATH: '/bin', LH_THROTTLING: 'simulate', LH_OUT_DIR: '/tmp/reports' });
      expect(lighthouseEnv({}, '/r').LH_THROTTLING).toBe('devtools');
      // A name the script never reads (LH_outDir once) would leave the reports, and with them the
      // time-to-interactive row, in a temporary folder the script removes.
      for (const name of Object.keys(env).filter((key) => key.startsWith('LH_'))) {
        expect(script, name).toContain(`\${${name}`);
      }
    });

    it("lighthouse-ratio.sh's medians block parses", () => {
      const script = readFileSync(join(PERF_DIR, 'lighthouse-ratio.sh'), 'utf8');
      // The last `node -e '...' "$OUT"` computes the medians from the per-run files A.txt / B.txt.
      const blocks = [...script.matchAll(/node -e '([^']*)' "\$OUT"/g)];
      expect(blocks.length).toBeGreaterThan(0);
      const dir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
      try {
        writeFileSync(
          join(dir, 'A.txt'),
          '62 1852 279 0.000 216.0\n60 1900 300 0.001 216.0\n61 1800 250 0.000 216.0\n',
        );
        writeFileSync(join(dir, 'B.txt'), '90 703 136 0.000 144.0\n91 700 130 0.000 144.0\n');
        const run = spawnSync(process.execPath, ['-e', blocks.at(-1)[1], dir], { encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);
        const r = parseLighthouseOutput(run.stdout);
        expect(r.runs).toEqual({ A: 3, B: 2 });
        expect(r.A).toMatchObject({ LCP_ms: 1852, TBT_ms: 279, JS_KiB: 216 });
        expect(r.B).toMatchObject({ LCP_ms: 702, TBT_ms: 133, JS_KiB: 144 });
        expect(r.ratios).toEqual({ lcp: 2.64, tbt: 2.1, js: 1.5 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    describe.skipIf(!existsSync(join(PERF_DIR, 'node_modules', 'autocannon')))(
      'http-ratio.sh (autocannon installed)',
      () => {
        let servers = [];
        let urls = [];
        beforeAll(async () => {
          servers = [0, 1].map((i) => createServer((_req, res) => res.end(i === 0 ? 'a' : 'bb')));
          urls = await Promise.all(
            servers.map(
              (s) =>
                new Promise((resolve) =>
                  s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${s.address().port}/`)),
                ),
            ),
          );
        });
        afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

        it('prints a ratio line that parses', async () => {
          const child = spawn(
            'bash',
            [join(PERF_DIR, 'http-ratio.sh'), urls[0], urls[1], '1', '2', '-H', 'X-Test: 1'],
            {
              env: { ...process.env, ROUNDS: '1', WARMUP: '0' },
            },
          );
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d) => {
            stdout += d;
          });
          child.stderr.on('data', (d) => {
            stderr += d;
          });
          const code = await new Promise((resolve) => child.once('close', resolve));
          expect(code, stderr).toBe(0);
          const r = parseHttpRatioOutput(stdout);
          expect(r.A.rps).toBeGreaterThan(0);
          expect(r.B.rps).toBeGreaterThan(0);
          expect(r.badRuns).toBe(0);
          expect(r.ratio).toBeCloseTo(r.A.rps / r.B.rps, 1);
        }, 30_000);
      },
    );
  },
);
