// `npm run bench`: the figures of issue 11's table, measured side by side in one run (see
// docs/perf/README.md). It builds the storefront into apps/web/dist/next-bench (when its sources
// changed), starts the API on a fresh PGlite database with the demo chain, the storefront against
// it and the shared harness's baseline page, all on free ports, and measures with the shared harness
// (`../shared/perf`, or PERF_DIR): Lighthouse and autocannon ratios, the HTML's size, orders per
// second (scripts/bench/orders.mjs) and the API's memory; then the same API figures on the
// PostgreSQL at 127.0.0.1:5432 when it answers. Everything it starts is stopped at the end, on
// Ctrl-C and on a failure. The table is printed and written to .bench/last.{json,md}.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { buildWeb } from '../lib/build.mjs';
import { isPortTaken, REPO_ROOT } from '../lib/env.mjs';
import { waitForUrl } from '../lib/processes.mjs';
import { BENCH_API_ENV } from './api-server.mjs';
import {
  PARTS,
  parseOptions,
  parseOrdersOutput,
  parseProcStatus,
  resolvePerfDir,
  USAGE,
} from './lib/parse.mjs';
import { runCaptured, startServer, stopAll, stopServer } from './lib/processes.mjs';
import { markdownTable, summaryRows, textTable } from './lib/summary.mjs';
import { BROWSER_ENCODINGS, harnessMeasurements } from './measure.mjs';

/** The main checkout when this is a git worktree (its .git is elsewhere), else null. */
function mainCheckout() {
  const r = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return r.status === 0 ? dirname(r.stdout.trim()) : null;
}
const PERF_DIR = resolvePerfDir(process.env, REPO_ROOT, mainCheckout(), existsSync);
const OUT_DIR = join(REPO_ROOT, '.bench');
const LOG_DIR = join(OUT_DIR, 'logs');
const WEB_DIST_DIR = 'dist/next-bench';
const ORDERS_SCRIPT = join(REPO_ROOT, 'scripts', 'bench', 'orders.mjs');
const CHROME_PATH = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';
const PG_URL = process.env.BENCH_PG_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = process.env.BENCH_PG_DB?.trim() || 'i11_bench_pg';
const SHIPPER_ID = process.env.SHIPPER_ID?.trim() || '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
const PLATFORM_ID = process.env.PLATFORM_ID?.trim() || '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
const API_HEADERS = { Shipper: SHIPPER_ID, Platform: PLATFORM_ID };
const LOAD_WARNING = 0.5;

const log = (message) => console.log(`[bench] ${message}`);
const warn = (message) => console.warn(`[bench] WARNING: ${message}`);
const errorText = (error) => (error instanceof Error ? error.message : String(error));
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
const { runHttpRatio, runAgainstSameBytes, measureHtml, runLighthouse, runOpenerLcp } = harnessMeasurements({
  perfDir: PERF_DIR,
  outDir: OUT_DIR,
  logDir: LOG_DIR,
  log,
});

// ---- clean-up ------------------------------------------------------------------------------------

let dataDir = null;
let pgDatabaseCreated = false;
let cleaning = null;

async function dropPgDatabase() {
  if (!pgDatabaseCreated) return;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${PG_DB}" with (force)`);
    pgDatabaseCreated = false;
  } finally {
    await admin.end();
  }
}

function cleanUp() {
  cleaning ??= (async () => {
    await stopAll();
    try {
      await dropPgDatabase();
    } catch (error) {
      warn(`could not drop the database ${PG_DB}: ${errorText(error)}`);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n[bench] ${signal}: stopping everything it started...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- helpers -------------------------------------------------------------------------------------

function canListen(port) {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen({ port, host: '127.0.0.1' }, () => server.close(() => resolvePort(true)));
  });
}

/** The first `count` free ports from `start` (up to 50 tried), none of them in `taken`. */
async function freePorts(start, count, taken = new Set()) {
  const ports = [];
  for (let port = start; port < start + 50 && ports.length < count; port++) {
    if (taken.has(port)) continue;
    if ((await canListen(port)) && !(await isPortTaken(port))) ports.push(port);
  }
  if (ports.length < count) throw new Error(`no ${count} free ports from ${start}`);
  for (const p of ports) taken.add(p);
  return ports;
}

function answers(port, host = '127.0.0.1') {
  return new Promise((resolveAnswer) => {
    const socket = connect({ port, host });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolveAnswer(false);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}

function gitDescription() {
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (rev.status !== 0) return 'unknown';
  return `${rev.stdout.trim()}${dirty.stdout.trim() ? ' (with uncommitted changes)' : ''}`;
}

function checkLoad(when) {
  const [one] = loadavg();
  if (one > LOAD_WARNING) {
    warn(
      `1-minute load average is ${one.toFixed(2)} ${when} (want <= ${LOAD_WARNING} on an idle machine): ` +
        'other work on this machine skews the figures, the absolute ones most.',
    );
  }
  return one;
}

/** Runs the harness's npm ci / baseline build once, under a lock so two benches do not race. */
async function ensureHarness({ lighthouse, autocannon, baseline }) {
  if (!existsSync(join(PERF_DIR, 'package.json'))) {
    throw new Error(`no shared harness at ${PERF_DIR} (set PERF_DIR)`);
  }
  const missingModules =
    (lighthouse && !existsSync(join(PERF_DIR, 'node_modules', '.bin', 'lighthouse'))) ||
    (autocannon && !existsSync(join(PERF_DIR, 'node_modules', 'autocannon'))) ||
    (baseline && !existsSync(join(PERF_DIR, 'node_modules', 'next')));
  const missingBuild = baseline && !existsSync(join(PERF_DIR, 'baseline-web', '.next', 'BUILD_ID'));
  if (!missingModules && !missingBuild) return;
  const lock = join(PERF_DIR, '.bench-setup.lock');
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 20 * 60_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock} held for 15 minutes; remove it if no setup runs`);
      log(`waiting for another bench's harness set-up (${lock})...`);
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
  try {
    const step = async (args) => {
      log(`npm ${args.join(' ')}`);
      const r = await runCaptured('setup', 'npm', args, { cwd: REPO_ROOT, env: process.env, quiet: true });
      if (r.code !== 0) {
        throw new Error(
          `npm ${args.join(' ')} failed (exit ${r.code}): ${r.stderr.split('\n').slice(-5).join(' ')}`,
        );
      }
    };
    if (
      (lighthouse && !existsSync(join(PERF_DIR, 'node_modules', '.bin', 'lighthouse'))) ||
      (autocannon && !existsSync(join(PERF_DIR, 'node_modules', 'autocannon'))) ||
      (baseline && !existsSync(join(PERF_DIR, 'node_modules', 'next')))
    ) {
      await step(['ci', '--prefix', PERF_DIR, '--no-audit', '--no-fund']);
    }
    if (baseline && !existsSync(join(PERF_DIR, 'baseline-web', '.next', 'BUILD_ID'))) {
      await step(['run', 'baseline:build', '--prefix', PERF_DIR]);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Fails with the tail of the server's log when it does not come up. */
async function waitForServer(url, service, timeoutMs) {
  try {
    await waitForUrl(url, service, timeoutMs);
  } catch (error) {
    const tail = existsSync(service.logFile)
      ? readFileSync(service.logFile, 'utf8').trim().split('\n').slice(-15).join('\n')
      : '';
    throw new Error(`${errorText(error)}${tail ? `\n--- ${service.logFile} (last lines) ---\n${tail}` : ''}`);
  }
}

function apiEnv({ port, webUrl, databaseUrl }) {
  const env = {
    ...process.env,
    // The bench API's settings, shared with api-server.mjs: development mode (orders.mjs signs
    // customers in through the SMS outbox, which production refuses), quiet logs, every request limit
    // and SMS budget raised, TRUST_PROXY=loopback (orders.mjs signs each customer in from an address
    // of its own), two malloc arenas as under `npm start`.
    ...BENCH_API_ENV,
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    SEED: 'auto',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL?.trim() || BENCH_API_ENV.LOG_LEVEL,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX?.trim() || BENCH_API_ENV.MALLOC_ARENA_MAX,
    CORS_ORIGINS: webUrl,
    SHIPPER_ID,
    PLATFORM_ID,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.TEST_CLOCK;
  return env;
}

/** The API as `npm start` runs it, but the node process itself (no npm, no tsx CLI): its pid is the server's. */
async function startApi(label, { port, webUrl, databaseUrl }) {
  const service = startServer(`api-${label}`, process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(REPO_ROOT, 'apps', 'api'),
    env: apiEnv({ port, webUrl, databaseUrl }),
    logFile: join(LOG_DIR, `api-${label}.log`),
  });
  const url = `http://localhost:${port}`;
  const t0 = Date.now();
  log(`API (${label}) starting on ${url} (migrate, seed, pictures; log: ${service.logFile})`);
  await waitForServer(`${url}/healthz`, service, 300_000);
  // What start-up alone (migrations, the demo seed on an empty database, pictures) left behind.
  const startMemory = readMemory(service.child.pid);
  log(
    `API (${label}) ready in ${seconds(Date.now() - t0)}; memory peak ${megabytes(startMemory.peakBytes)} so far`,
  );
  return { service, url, pid: service.child.pid, startMemory };
}

function readMemory(pid) {
  return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

async function tashkentMenuId(apiUrl) {
  const response = await fetch(`${apiUrl}/v1/cities`, { headers: API_HEADERS });
  if (!response.ok) throw new Error(`GET /v1/cities: HTTP ${response.status}`);
  const { cities } = await response.json();
  const city = cities.find((c) => c.slug === 'tashkent');
  if (!city) throw new Error('GET /v1/cities has no tashkent');
  return city.default_menu_id;
}

async function runOrders(label, apiUrl, opts) {
  if (!existsSync(ORDERS_SCRIPT)) {
    log('orders: scripts/bench/orders.mjs not present');
    return { skipped: 'scripts/bench/orders.mjs not present' };
  }
  const args = [
    ORDERS_SCRIPT,
    '--api',
    apiUrl,
    '--seconds',
    String(opts.ordersSeconds),
    '--connections',
    String(opts.ordersConnections),
    '--customers',
    String(opts.ordersCustomers),
  ];
  log(
    `orders (${label}): ${opts.ordersSeconds} s, ${opts.ordersConnections} in flight, ${opts.ordersCustomers} customers`,
  );
  const r = await runCaptured(`orders-${label}`, process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, SHIPPER_ID, PLATFORM_ID },
  });
  writeFileSync(join(LOG_DIR, `orders-${label}.txt`), `${r.stdout}\n${r.stderr}\n`);
  if (r.code !== 0)
    throw new Error(`orders.mjs exited ${r.code}: ${r.stderr.split('\n').slice(-3).join(' ')}`);
  return parseOrdersOutput(r.stdout);
}

const durations = {};

/** Runs `fn`, giving its result or { error }, so one broken part does not lose the others. */
async function part(label, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } catch (error) {
    console.error(`[bench] ${label} failed: ${errorText(error)}`);
    return { error: errorText(error).split('\n')[0] };
  } finally {
    durations[label] = Math.round((Date.now() - t0) / 1000);
  }
}

/** The results' keys each API part fills, per back-end. */
const API_PART_KEYS = { api: ['api', 'apiGzip', 'apiCeiling'], orders: ['orders'], memory: ['memory'] };

/**
 * Gives every asked API part's figures on `backend` the value `value` ({ skipped } or { error }); with
 * `keep`, only those not measured yet.
 */
function markBackend(results, opts, backend, value, { keep = false } = {}) {
  for (const [part, keys] of Object.entries(API_PART_KEYS)) {
    if (!opts.parts.includes(part)) continue;
    for (const key of keys) if (!(keep && results[key][backend])) results[key][backend] = value;
  }
}

/** The API parts on one back-end: req/s, orders, memory; the API is stopped afterwards. */
async function benchBackend(backend, api, menuId, opts, results) {
  const has = (p) => opts.parts.includes(p);
  if (has('api')) {
    results.api[backend] = await part(`api-${backend}`, () =>
      runHttpRatio(
        `api-${backend}`,
        `${api.url}/v2/menu-products?menu_id=${menuId}`,
        `${api.url}/healthz`,
        opts,
        API_HEADERS,
      ),
    );
    // The same with the Accept-Encoding a browser sends: a hit is then the stored gzip (~19 KB of
    // the menu's 95 KB), while /healthz's 25 bytes go as they are.
    results.apiGzip[backend] = await part(`api-gzip-${backend}`, () =>
      runHttpRatio(
        `api-gzip-${backend}`,
        `${api.url}/v2/menu-products?menu_id=${menuId}`,
        `${api.url}/healthz`,
        opts,
        { ...API_HEADERS, 'Accept-Encoding': BROWSER_ENCODINGS },
      ),
    );
    // Diagnostic: the same read against a bare Node server answering the menu's very bytes. A ratio
    // near 1 says the load generator's own work per answer bounds the figure, not the API.
    results.apiCeiling[backend] = await part(`api-ceiling-${backend}`, () =>
      runAgainstSameBytes(
        `api-ceiling-${backend}`,
        `${api.url}/v2/menu-products?menu_id=${menuId}`,
        opts,
        API_HEADERS,
      ),
    );
  }
  if (has('orders'))
    results.orders[backend] = await part(`orders-${backend}`, () => runOrders(backend, api.url, opts));
  if (has('memory')) {
    results.memory[backend] = await part(`memory-${backend}`, async () => {
      const m = { ...readMemory(api.pid), startPeakBytes: api.startMemory.peakBytes };
      log(`API (${backend}) memory: peak ${megabytes(m.peakBytes)}, now ${megabytes(m.rssBytes)}`);
      return m;
    });
  }
}

/** A fresh database, an API on it, the API parts, then the API stopped and the database dropped. */
async function benchPostgres(port, webUrl, opts, results, harnessError) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${PG_DB}" with (force)`);
    await admin.query(`create database "${PG_DB}"`);
    pgDatabaseCreated = true;
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${PG_DB}`;
  const pgApi = await startApi('postgres', { port, webUrl, databaseUrl: url.toString() });
  try {
    if (opts.parts.includes('api') && harnessError) {
      for (const key of API_PART_KEYS.api) results[key].postgres = { error: `harness: ${harnessError}` };
    }
    const menuId = await tashkentMenuId(pgApi.url);
    await benchBackend(
      'postgres',
      pgApi,
      menuId,
      { ...opts, parts: opts.parts.filter((p) => !(p === 'api' && harnessError)) },
      results,
    );
  } finally {
    await stopServer(pgApi.service);
    await dropPgDatabase();
  }
}

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env);
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const started = new Date();
  mkdirSync(LOG_DIR, { recursive: true });
  const has = (p) => opts.parts.includes(p);
  const needWeb = has('html') || has('lighthouse') || has('opener') || has('pages');
  const needApiParts = has('api') || has('orders') || has('memory');
  const meta = {
    date: started.toISOString(),
    commit: gitDescription(),
    node: process.version,
    cpus: cpus().length,
    loadAtStart: checkLoad('at the start'),
    options: opts,
    perfDir: PERF_DIR,
  };
  log(
    `commit ${meta.commit}, ${meta.cpus} cores, parts: ${opts.parts.join(', ')}; back-ends: ${opts.backends.join(', ')}`,
  );
  const results = {
    api: {},
    apiGzip: {},
    apiCeiling: {},
    orders: {},
    memory: {},
    ordersConnections: opts.ordersConnections,
  };

  // The harness: npm ci and the baseline build when missing; Chromium for Lighthouse.
  let harnessError = null;
  if (needWeb || has('api')) {
    try {
      await ensureHarness({
        lighthouse: has('lighthouse') || has('opener'),
        autocannon: has('pages') || has('api'),
        baseline: needWeb,
      });
    } catch (error) {
      harnessError = errorText(error);
      console.error(`[bench] harness set-up failed: ${harnessError}`);
    }
  }
  let lighthouseSkip = null;
  if ((has('lighthouse') || has('opener')) && !existsSync(CHROME_PATH)) {
    lighthouseSkip = `no Chromium at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH)`;
    warn(`${lighthouseSkip}: the Lighthouse figures are skipped`);
  }

  if (needWeb && !opts.skipBuild) {
    await buildWeb({
      force: opts.rebuild,
      env: { ...process.env, WEB_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' },
    });
  } else if (needWeb && !existsSync(join(REPO_ROOT, 'apps', 'web', WEB_DIST_DIR, 'BUILD_ID'))) {
    throw new Error(`BENCH_SKIP_BUILD: no storefront build in apps/web/${WEB_DIST_DIR}; run once without it`);
  }

  const taken = new Set();
  const [pglitePort, postgresPort] = await freePorts(Number(process.env.BENCH_API_PORT || 4150), 2, taken);
  const [webPort, basePort] = await freePorts(Number(process.env.BENCH_WEB_PORT || 3150), 2, taken);
  const webUrl = `http://localhost:${webPort}`;
  const baseUrl = `http://localhost:${basePort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));

  // PGlite: the storefront's API and the first back-end.
  const wantPglite = needWeb || (needApiParts && opts.backends.includes('pglite'));
  let pgliteApi = null;
  let menuId = null;
  if (wantPglite) {
    pgliteApi = await startApi('pglite', { port: pglitePort, webUrl });
    menuId = await tashkentMenuId(pgliteApi.url);
  }

  if (needWeb) {
    const web = startServer(
      'web',
      process.execPath,
      // The storefront's production server (`npm start`'s): `next start` plus brotli for build files.
      [join(REPO_ROOT, 'apps', 'web', 'server.mjs'), '-H', 'localhost', '-p', String(webPort)],
      {
        cwd: join(REPO_ROOT, 'apps', 'web'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          NEXT_TELEMETRY_DISABLED: '1',
          WEB_DIST_DIR,
          API_URL: pgliteApi.url,
          PUBLIC_API_URL: pgliteApi.url,
          SITE_URL: webUrl,
          SHIPPER_ID,
          PLATFORM_ID,
        },
        logFile: join(LOG_DIR, 'web.log'),
      },
    );
    const servers = [web];
    let base = null;
    if (!harnessError) {
      base = startServer('baseline', 'npm', ['run', '--silent', 'baseline:start', '--prefix', PERF_DIR], {
        cwd: REPO_ROOT,
        env: { ...process.env, PORT: String(basePort), NODE_ENV: 'production' },
        logFile: join(LOG_DIR, 'baseline.log'),
      });
      servers.push(base);
    }
    await waitForServer(`${webUrl}/`, web, 120_000);
    if (base) await waitForServer(`${baseUrl}/`, base, 120_000);
    log(`storefront ${webUrl} (build apps/web/${WEB_DIST_DIR}), baseline ${base ? baseUrl : 'not started'}`);
    meta.loadBeforeMeasuring = checkLoad('before measuring');

    const needsHarness = (fn) => () => {
      if (harnessError) throw new Error(`harness: ${harnessError}`);
      return fn();
    };
    if (has('html')) {
      results.html = await part(
        'html',
        needsHarness(async () => {
          // Warm both (first render, caches) before weighing.
          for (const u of [webUrl, baseUrl]) for (let i = 0; i < 3; i++) await measureHtml(`${u}/`);
          const html = { ours: await measureHtml(`${webUrl}/`), baseline: await measureHtml(`${baseUrl}/`) };
          log(
            `HTML: ours ${html.ours.rawBytes} B (gzip ${html.ours.gzipBytes} B; flight ${html.ours.flight.htmlBytes} B in ${html.ours.flight.scripts} scripts), baseline ${html.baseline.rawBytes} B`,
          );
          return html;
        }),
      );
    }
    if (has('lighthouse')) {
      if (lighthouseSkip) results.lighthouse = { skipped: lighthouseSkip };
      else
        results.lighthouse = await part(
          'lighthouse',
          needsHarness(() => runLighthouse('lighthouse', `${webUrl}/`, `${baseUrl}/`, opts)),
        );
    }
    if (has('opener')) {
      if (lighthouseSkip) results.opener = { skipped: lighthouseSkip };
      else
        results.opener = await part(
          'opener',
          needsHarness(() => runOpenerLcp(webUrl, baseUrl, opts)),
        );
    }
    if (has('pages')) {
      results.pages = await part(
        'pages',
        needsHarness(() => runHttpRatio('pages', `${webUrl}/`, `${baseUrl}/`, opts)),
      );
      // The same with the Accept-Encoding a browser sends: both sides answer gzip (ours built once
      // per stored page, the baseline's by Next per response).
      results.pagesGzip = await part(
        'pages-gzip',
        needsHarness(() =>
          runHttpRatio('pages-gzip', `${webUrl}/`, `${baseUrl}/`, opts, {
            'Accept-Encoding': BROWSER_ENCODINGS,
          }),
        ),
      );
    }
    // The page servers would only compete with the API from here on.
    for (const s of servers) await stopServer(s);
  }

  if (needApiParts && opts.backends.includes('pglite')) {
    if (has('api') && harnessError) {
      for (const key of API_PART_KEYS.api) results[key].pglite = { error: `harness: ${harnessError}` };
    }
    await benchBackend(
      'pglite',
      pgliteApi,
      menuId,
      { ...opts, parts: opts.parts.filter((p) => !(p === 'api' && harnessError)) },
      results,
    );
  }
  if (pgliteApi) await stopServer(pgliteApi.service);

  if (needApiParts && opts.backends.includes('postgres')) {
    const pgHost = new URL(PG_URL);
    if (!(await answers(Number(pgHost.port || 5432), pgHost.hostname))) {
      const why = `no PostgreSQL answers at ${pgHost.hostname}:${pgHost.port || 5432}`;
      log(`${why}: the PostgreSQL figures are skipped`);
      markBackend(results, opts, 'postgres', { skipped: why });
    } else {
      // A failure here (database, start-up) leaves the PGlite figures and the table intact.
      try {
        await benchPostgres(postgresPort, webUrl, opts, results, harnessError);
      } catch (error) {
        console.error(`[bench] PostgreSQL part failed: ${errorText(error)}`);
        markBackend(results, opts, 'postgres', { error: errorText(error).split('\n')[0] }, { keep: true });
      }
    }
  }

  for (const p of PARTS) {
    if (!has(p)) results[p] = { skipped: 'not asked (--only/--skip)' };
  }
  meta.seconds = Math.round((Date.now() - started.getTime()) / 1000);
  meta.partSeconds = durations;
  const rows = summaryRows(results);
  const table = textTable(rows);
  console.log(
    `\nIssue 11 figures (${meta.date}, commit ${meta.commit}, ${meta.seconds} s, load average ${meta.loadAtStart.toFixed(2)} at the start):\n`,
  );
  console.log(table);
  const md = [
    `# Bench ${meta.date}`,
    '',
    `Commit ${meta.commit}; Node ${meta.node}; ${meta.cpus} cores; load average ${meta.loadAtStart.toFixed(2)} at the start` +
      `${meta.loadBeforeMeasuring !== undefined ? `, ${meta.loadBeforeMeasuring.toFixed(2)} before measuring` : ''}; ` +
      `${meta.seconds} s. Parts: ${opts.parts.join(', ')}; Lighthouse ${opts.lhRuns} runs; autocannon ${opts.httpSeconds} s x 2 rounds, ` +
      `${opts.httpConnections} connections; orders ${opts.ordersSeconds} s, ${opts.ordersConnections} in flight, ${opts.ordersCustomers} customers.`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
  writeFileSync(join(OUT_DIR, 'last.json'), `${JSON.stringify({ meta, results, rows }, null, 2)}\n`);
  writeFileSync(join(OUT_DIR, 'last.md'), md);
  console.log(`\nWritten: .bench/last.json, .bench/last.md (harness outputs in .bench/logs/)`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`[bench] failed: ${errorText(error)}`);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
