// Pure parsing for `npm run bench`: the shared harness's output lines, the HTML's flight payload,
// /proc status files and the options (the table is summary.mjs). No I/O here, so parse.test.mjs can
// pin each format (a harness that changes its output breaks a test, not a run).

import { resolve } from 'node:path';

/**
 * The shared harness: PERF_DIR when set; else `<repo>/../shared/perf` (where CI and fresh clones
 * have it), or, in a git worktree elsewhere, next to the main checkout (`mainRoot`), whichever
 * exists (`exists` is fs.existsSync; the first candidate when none does, for the error message).
 */
export function resolvePerfDir(env, repoRoot, mainRoot, exists) {
  if (env.PERF_DIR?.trim()) return resolve(env.PERF_DIR.trim());
  const candidates = [repoRoot, mainRoot]
    .filter(Boolean)
    .map((root) => resolve(root, '..', 'shared', 'perf'));
  return candidates.find((dir) => exists(dir)) ?? candidates[0];
}

/** Median of finite numbers; NaN for none. */
export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/**
 * The medians block and the last line of `lighthouse-ratio.sh`:
 *
 *   medians (A: 5 runs, B: 5 runs)
 *         score  LCP_ms  TBT_ms     CLS  JS_KiB
 *   A        62    1852     279   0.000   216.0
 *   B        90     703     136   0.000   144.0
 *   LCP ratio 2.63, TBT ratio 2.05, JS ratio 1.50 (A score 62, B score 90)
 *
 * Returns { runs: {A, B}, A: {score, LCP_ms, ...}, B: {...}, ratios: {lcp, tbt, js} }; throws naming
 * what is missing when the output is not in this shape.
 */
export function parseLighthouseOutput(text) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^medians \(A: \d+ runs, B: \d+ runs\)/.test(l.trim()));
  if (at < 0) throw new Error('lighthouse-ratio output: no "medians (A: n runs, B: n runs)" line');
  const [, runsA, runsB] = /A: (\d+) runs, B: (\d+) runs/.exec(lines[at]) ?? [];
  const names = (lines[at + 1] ?? '').trim().split(/\s+/);
  for (const want of ['LCP_ms', 'TBT_ms', 'JS_KiB']) {
    if (!names.includes(want)) throw new Error(`lighthouse-ratio output: medians header lacks ${want}`);
  }
  const row = (side) => {
    const line = lines.slice(at + 2, at + 4).find((l) => l.startsWith(`${side} `));
    if (!line) throw new Error(`lighthouse-ratio output: no medians row for ${side}`);
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    if (values.length !== names.length || values.some((x) => !Number.isFinite(x))) {
      throw new Error(`lighthouse-ratio output: medians row ${side} does not match its header: ${line}`);
    }
    return Object.fromEntries(names.map((n, i) => [n, values[i]]));
  };
  const ratioLine = lines.find((l) => l.startsWith('LCP ratio '));
  const m = ratioLine && /^LCP ratio (\S+), TBT ratio (\S+), JS ratio (\S+)/.exec(ratioLine);
  if (!m) throw new Error('lighthouse-ratio output: no "LCP ratio x, TBT ratio y, JS ratio z" line');
  const num = (s) => (s === 'inf' ? Number.POSITIVE_INFINITY : Number(s));
  return {
    runs: { A: Number(runsA), B: Number(runsB) },
    A: row('A'),
    B: row('B'),
    ratios: { lcp: num(m[1]), tbt: num(m[2]), js: num(m[3]) },
  };
}

/**
 * The last line of `http-ratio.sh` (and its warning line when a run had non-2xx or errors):
 *
 *   req/s ratio 0.04 (A 30 req/s p50 320 ms p99 555 ms; B 730 req/s p50 12 ms p99 40 ms)
 */
export function parseHttpRatioOutput(text) {
  const line = text
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('req/s ratio '));
  const re =
    /^req\/s ratio (\S+) \(A (\d+) req\/s p50 (\d+(?:\.\d+)?) ms p99 (\d+(?:\.\d+)?) ms; B (\d+) req\/s p50 (\d+(?:\.\d+)?) ms p99 (\d+(?:\.\d+)?) ms\)/;
  const m = line && re.exec(line);
  if (!m) throw new Error('http-ratio output: no "req/s ratio r (A n req/s p50 x ms p99 y ms; B ...)" line');
  const warning = /^WARNING: (\d+) run\(s\) had non-2xx responses or errors/m.exec(text);
  return {
    ratio: m[1] === 'inf' ? Number.POSITIVE_INFINITY : Number(m[1]),
    A: { rps: Number(m[2]), p50: Number(m[3]), p99: Number(m[4]) },
    B: { rps: Number(m[5]), p50: Number(m[6]), p99: Number(m[7]) },
    badRuns: warning ? Number(warning[1]) : 0,
  };
}

/**
 * The React flight payload that Next inlines in the HTML for the client: every inline
 * `<script>self.__next_f.push(...)</script>`. `htmlBytes` is what those scripts weigh in the
 * document (UTF-8, as sent); `textBytes` is the payload they carry once the JS string literals are
 * decoded (what React parses).
 */
export function flightPayload(html) {
  let htmlBytes = 0;
  let textBytes = 0;
  let scripts = 0;
  for (const m of html.matchAll(/<script\b[^>]*>(self\.__next_f\.push\(([\s\S]*?)\))<\/script>/g)) {
    scripts++;
    htmlBytes += Buffer.byteLength(m[1], 'utf8');
    try {
      const chunk = JSON.parse(m[2]);
      if (Array.isArray(chunk) && typeof chunk[1] === 'string')
        textBytes += Buffer.byteLength(chunk[1], 'utf8');
    } catch {
      // Not a JSON array (Next writes JSON today); counted in htmlBytes only.
    }
  }
  return { scripts, htmlBytes, textBytes };
}

/** `VmHWM` (peak resident set) and `VmRSS` of a /proc/<pid>/status text, in bytes; null if absent. */
export function parseProcStatus(text) {
  const kb = (name) => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) * 1024 : null;
  };
  return { peakBytes: kb('VmHWM'), rssBytes: kb('VmRSS') };
}

/** The last non-empty stdout line of `orders.mjs`, a JSON object with these numeric fields. */
export function parseOrdersOutput(text) {
  const last = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  if (!last) throw new Error('orders.mjs printed nothing');
  let value;
  try {
    value = JSON.parse(last);
  } catch {
    throw new Error(`orders.mjs: the last line is not JSON: ${last.slice(0, 200)}`);
  }
  const fields = ['orders_per_s', 'p50_ms', 'p99_ms', 'errors', 'non2xx', 'orders'];
  const missing = fields.filter((f) => typeof value?.[f] !== 'number');
  if (missing.length) throw new Error(`orders.mjs: the last line lacks numeric ${missing.join(', ')}`);
  return Object.fromEntries(fields.map((f) => [f, value[f]]));
}

// ---- options ------------------------------------------------------------------------------------

/** The measurable parts, in the order they run; `page` and `db` name groups. */
export const PARTS = ['html', 'lighthouse', 'opener', 'pages', 'api', 'orders', 'memory'];
const GROUPS = { page: ['html', 'lighthouse', 'opener', 'pages'], all: PARTS };
export const BACKENDS = ['pglite', 'postgres'];

function partList(value, flag) {
  const out = new Set();
  for (const raw of value.split(',')) {
    const name = raw.trim();
    if (!name) continue;
    const parts = GROUPS[name] ?? (PARTS.includes(name) ? [name] : null);
    if (!parts)
      throw new Error(
        `${flag}: unknown part "${name}" (parts: ${[...Object.keys(GROUPS), ...PARTS].join(', ')})`,
      );
    for (const p of parts) out.add(p);
  }
  return out;
}

function positiveInt(value, name) {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

export const USAGE = `usage: npm run bench [-- options]

  --only=a,b        parts to run: page (= html, lighthouse, opener, pages), api, orders, memory;
                    default all. opener: LCP again, against the baseline served with the
                    storefront's Cross-Origin-Opener-Policy (both through a pass-through proxy)
  --skip=a,b        parts to leave out
  --db=pglite,postgres   API back-ends (default both; postgres only when 127.0.0.1:5432 answers)
  --lh-runs=N       Lighthouse runs per page (default 5)
  --http-seconds=N  seconds per autocannon run (default 10; 2 rounds x 2 targets + warm-up)
  --http-connections=N   autocannon connections (default 10)
  --orders-seconds=N     seconds of order placing per back-end (default 20)
  --orders-connections=N orders in flight (default 16)
  --orders-customers=N   distinct customers placing orders (default 200)
  --no-build        use the storefront build in apps/web/dist/next-bench as it is (BENCH_SKIP_BUILD=1)
  --rebuild         build the storefront even when its sources did not change

Every option has an environment variable: BENCH_ONLY, BENCH_SKIP, BENCH_DB, BENCH_LH_RUNS,
BENCH_HTTP_SECONDS, BENCH_HTTP_CONNECTIONS, BENCH_ORDERS_SECONDS, BENCH_ORDERS_CONNECTIONS,
BENCH_ORDERS_CUSTOMERS, BENCH_SKIP_BUILD=1; flags win. See docs/perf/README.md.`;

/** Options from flags (`--name=value`) over environment variables over defaults. */
export function parseOptions(argv, env) {
  const flags = {};
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') return { help: true };
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    flags[m[1]] = m[2] ?? 'true';
  }
  const known = [
    'only',
    'skip',
    'db',
    'lh-runs',
    'http-seconds',
    'http-connections',
    'orders-seconds',
    'orders-connections',
    'orders-customers',
    'no-build',
    'rebuild',
  ];
  for (const name of Object.keys(flags)) {
    if (!known.includes(name)) throw new Error(`unknown option --${name}\n${USAGE}`);
  }
  const pick = (flag, envName, fallback) => flags[flag] ?? (env[envName]?.trim() || fallback);
  const parts = partList(pick('only', 'BENCH_ONLY', 'all'), '--only');
  for (const p of partList(pick('skip', 'BENCH_SKIP', ''), '--skip')) parts.delete(p);
  if (parts.size === 0) throw new Error('nothing to run: --only/--skip leave no part');
  const backends = new Set();
  for (const raw of pick('db', 'BENCH_DB', BACKENDS.join(',')).split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (!BACKENDS.includes(name)) throw new Error(`--db: unknown back-end "${name}" (pglite, postgres)`);
    backends.add(name);
  }
  return {
    help: false,
    parts: PARTS.filter((p) => parts.has(p)),
    backends: BACKENDS.filter((b) => backends.has(b)),
    lhRuns: positiveInt(pick('lh-runs', 'BENCH_LH_RUNS', '5'), 'lh-runs'),
    httpSeconds: positiveInt(pick('http-seconds', 'BENCH_HTTP_SECONDS', '10'), 'http-seconds'),
    httpConnections: positiveInt(
      pick('http-connections', 'BENCH_HTTP_CONNECTIONS', '10'),
      'http-connections',
    ),
    ordersSeconds: positiveInt(pick('orders-seconds', 'BENCH_ORDERS_SECONDS', '20'), 'orders-seconds'),
    ordersConnections: positiveInt(
      pick('orders-connections', 'BENCH_ORDERS_CONNECTIONS', '16'),
      'orders-connections',
    ),
    ordersCustomers: positiveInt(
      pick('orders-customers', 'BENCH_ORDERS_CUSTOMERS', '200'),
      'orders-customers',
    ),
    skipBuild: flags['no-build'] === 'true' || env.BENCH_SKIP_BUILD === '1',
    rebuild: flags.rebuild === 'true',
  };
}
