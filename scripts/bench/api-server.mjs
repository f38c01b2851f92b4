#!/usr/bin/env node
/**
 * Starts the API for a benchmark, on PGlite in a throw-away data folder or on PostgreSQL in a fresh
 * database (dropped afterwards), with the request rate limits and the SMS budget raised (a bench
 * places thousands of orders from one address), and watches the API process's memory.
 *
 * As a command:
 *   node scripts/bench/api-server.mjs --db pglite|postgres --port 4121 [--pg-url postgres://postgres@127.0.0.1:5432] [--db-prefix bench] [--cpu-prof DIR]
 *        [--orders --seconds 20 --connections 16 --customers 200 [--combos]]
 * --processes N (PostgreSQL only) starts N API processes on one database, on ports PORT..PORT+N-1;
 * the CPU figures then sum them. With --orders it runs scripts/bench/orders.mjs against the API(s),
 * then stops them; without, it
 * serves until Ctrl-C. Either way its LAST line is a JSON object:
 *   {"db":"pglite","peak_rss_mb":..,"rss_mb":..,"orders":{...orders.mjs's result...}}
 *
 * As a module (the `npm run bench` orchestrator):
 *   const api = await startBenchApi({ db: 'postgres', port: 4121 });
 *   ... api.url ...; api.memory() -> { rssMb, peakRssMb }; await api.stop();
 *
 * The API runs as one node process (`node --import tsx apps/api/src/server.ts`, no tsx wrapper) so
 * its pid is the server's: the peak is /proc/<pid>/status VmHWM (the kernel's high-water mark of
 * the resident set), cross-checked by sampling VmRSS every 100 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const API_DIR = join(REPO_ROOT, 'apps/api');
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432';

/** The environment a bench API runs with: rate limits and SMS budget out of the way, quiet logs. */
export const BENCH_API_ENV = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SMS_PROVIDER: 'outbox',
  // As `npm start` runs the API (scripts/start.mjs): two glibc malloc arenas.
  MALLOC_ARENA_MAX: '2',
  // As `npm start` runs the API: a 256 MB V8 heap limit, so the heap is collected before it grows far.
  NODE_OPTIONS: '--max-old-space-size=256',
  // orders.mjs signs each customer in from its own address in X-Forwarded-For (its header says why).
  TRUST_PROXY: 'loopback',
  // Every request limit (http/rate-limit.ts's policies; .env.example lists them): a bench places
  // thousands of orders from one address, and 429s are cheap answers. The limits still count.
  ...Object.fromEntries(
    [
      'SIGN_IN',
      'CODE_CONFIRM',
      'GEOCODER',
      'SEARCH',
      'PRICING',
      'QUOTE',
      'ORDER',
      'VACANCY_APPLICATION',
      'REVIEW',
      'CUSTOMER_WRITES',
    ].map((name) => [`RATE_LIMIT_${name}`, '1000000/1m']),
  ),
  SMS_BUDGET_PER_HOUR: '1000000',
  SMS_BUDGET_PER_DAY: '1000000',
};

const CLOCK_TICKS = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** utime+stime of a process in seconds, or null when it is gone (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The 1-minute load average. */
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** { rss, hwm } in kB of a live process, or null when it is gone. */
function readMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

async function withPg(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function waitHealthy(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the API did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * Starts the API on `port` with `db` ('pglite': a new data folder; 'postgres': a new database
 * bench_<port>_<time> on `pgUrl`'s server). `env` adds or overrides variables (e.g. NODE_OPTIONS).
 */
export async function startBenchApi({
  db = 'pglite',
  port,
  pgUrl = DEFAULT_PG_URL,
  env = {},
  dbPrefix = 'bench',
  nodeArgs = [],
  /** Another API on the database of an API already started (`api.databaseName`); not dropped here. */
  shareDatabase = null,
  log = () => {},
}) {
  if (!port) throw new Error('startBenchApi: a port is required');
  const dataDir = mkdtempSync(join(tmpdir(), `bench-api-${port}-`));
  let databaseName = null;
  const serverUrl = pgUrl.replace(/\/[^/@]*$/, '').replace(/\/+$/, '');
  if (db === 'postgres' && shareDatabase) {
    databaseName = shareDatabase;
  } else if (db === 'postgres') {
    databaseName = `${dbPrefix}_${port}_${Date.now().toString(36)}`;
    await withPg(`${serverUrl}/postgres`, (c) => c.query(`create database ${databaseName}`));
  } else if (db !== 'pglite') {
    throw new Error(`--db must be pglite or postgres, not ${db}`);
  }
  const childEnv = {
    ...process.env,
    ...BENCH_API_ENV,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseName ? `${serverUrl}/${databaseName}` : '',
    ...env,
  };
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let peakSampled = 0;
  let lastHwm = 0;
  const sampler = setInterval(() => {
    const m = readMemory(child.pid);
    if (m) {
      peakSampled = Math.max(peakSampled, m.rss);
      lastHwm = m.hwm;
    }
  }, 100);
  sampler.unref();

  const url = `http://localhost:${port}`;
  const cleanup = async () => {
    clearInterval(sampler);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName && !shareDatabase) {
      await withPg(`${serverUrl}/postgres`, (c) =>
        c.query(`drop database if exists ${databaseName} with (force)`),
      ).catch((e) => log(`could not drop ${databaseName}: ${e.message}`));
    }
  };
  try {
    await waitHealthy(url, child, 240_000);
  } catch (error) {
    child.kill('SIGKILL');
    await cleanup();
    throw new Error(`${error.message}\n${output.slice(-3000)}`);
  }
  log(`API on ${db} at ${url} (pid ${child.pid}${databaseName ? `, database ${databaseName}` : ''})`);

  const memory = () => {
    const m = readMemory(child.pid);
    if (m) lastHwm = m.hwm;
    const rss = m?.rss ?? 0;
    return {
      rssMb: Math.round(rss / 1024),
      peakRssMb: Math.round(Math.max(lastHwm, peakSampled, rss) / 1024),
    };
  };
  const stop = async () => {
    const final = memory();
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await cleanup();
    return final;
  };
  return { url, pid: child.pid, db, databaseName, memory, stop, output: () => output };
}

/** utime+stime (s) of every process named `postgres` on this machine, by pid. */
function postgresCpu() {
  const out = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const cpu = cpuSeconds(name);
    if (cpu !== null) out.set(Number(name), cpu);
  }
  return out;
}

/**
 * CPU accounting of the timed part of an orders run: snapshots of the API, the load generator and
 * every local PostgreSQL process when orders.mjs starts placing and when it has finished; the
 * PostgreSQL processes are then told apart (this run's database, the server's own background
 * processes, other databases) from pg_stat_activity. Only meaningful when PostgreSQL runs on this
 * machine (its processes are read from /proc).
 */
function cpuProbe({ apiPids, pgUrl, databaseName }) {
  let start = null;
  let end = null;
  const snap = (generatorPid) => ({
    at: performance.now(),
    load: loadAverage(),
    api: apiPids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0),
    generator: cpuSeconds(generatorPid) ?? 0,
    pg: databaseName ? postgresCpu() : new Map(),
  });
  return {
    started: (pid) => {
      start = snap(pid);
    },
    ended: (pid) => {
      end = snap(pid);
    },
    /** CPU ms per order of each process group, and the share of the 2 cores each used. */
    async report(orders) {
      if (!start || !end || !orders) return null;
      const wall = (end.at - start.at) / 1000;
      const groups = { api: end.api - start.api, generator: end.generator - start.generator };
      if (databaseName) {
        const rows = await withPg(pgUrl, (c) =>
          c.query('select pid, datname, backend_type from pg_stat_activity').then((r) => r.rows),
        );
        const kind = new Map(
          rows.map((r) => [
            r.pid,
            r.datname === databaseName ? 'pg_backends' : r.datname ? 'pg_other_dbs' : 'pg_background',
          ]),
        );
        for (const [pid, cpu] of end.pg) {
          const k = kind.get(pid) ?? 'pg_background';
          groups[k] = (groups[k] ?? 0) + cpu - (start.pg.get(pid) ?? 0);
        }
      }
      const perOrder = {};
      const cores = {};
      for (const [k, v] of Object.entries(groups)) {
        perOrder[k] = Math.round((v * 1000 * 100) / orders) / 100;
        cores[k] = Math.round((v / wall) * 100) / 100;
      }
      return { cpu_ms_per_order: perOrder, cores_used: cores, load_start: start.load, load_end: end.load };
    },
  };
}

function runOrders(url, args, probe) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'scripts/bench/orders.mjs'), '--api', url, ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      const text = String(chunk);
      // orders.mjs logs these two lines right before and right after the timed part.
      if (probe && /\[orders\] placing orders for/.test(text)) probe.started(child.pid);
      if (probe && /\[orders\] \d+ orders in /.test(text)) probe.ended(child.pid);
      out += text;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`orders.mjs exited with ${code}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`orders.mjs printed no JSON result: ${last}`));
      }
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      port: { type: 'string' },
      'pg-url': { type: 'string', default: DEFAULT_PG_URL },
      'db-prefix': { type: 'string', default: 'bench' },
      'cpu-prof': { type: 'string' },
      orders: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '16' },
      customers: { type: 'string', default: '200' },
      combos: { type: 'boolean', default: false },
      processes: { type: 'string', default: '1' },
    },
  });
  const processes = Math.max(1, Math.floor(Number(values.processes)) || 1);
  if (processes > 1 && values.db !== 'postgres') {
    console.error('--processes > 1 needs --db postgres (PGlite serves one process)');
    process.exit(2);
  }
  if (!values.port) {
    console.error(
      'usage: node scripts/bench/api-server.mjs --db pglite|postgres --port PORT [--pg-url URL] [--orders --seconds N --connections 16 --customers 200 [--combos]] [--processes N]',
    );
    process.exit(2);
  }
  const log = (line) => console.log(`[api-server] ${line}`);
  const start = (port, shareDatabase) =>
    startBenchApi({
      db: values.db,
      port,
      pgUrl: values['pg-url'],
      dbPrefix: values['db-prefix'],
      shareDatabase,
      // --cpu-prof DIR: the API writes a V8 CPU profile into DIR when it stops (docs/perf/orders.md).
      nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
      log,
    });
  const api = await start(Number(values.port), null);
  // --processes N: N API processes on one database (ports PORT..PORT+N-1), as behind a load
  // balancer; orders.mjs spreads its requests over them.
  const apis = [api];
  for (let i = 1; i < processes; i++) apis.push(await start(Number(values.port) + i, api.databaseName));
  log(`started; memory now ${apis.map((a) => a.memory().rssMb).join(' + ')} MB`);
  let orders = null;
  let cpu = null;
  if (values.orders) {
    try {
      const probe = cpuProbe({
        apiPids: apis.map((a) => a.pid),
        pgUrl: `${values['pg-url'].replace(/\/+$/, '')}/postgres`,
        databaseName: api.databaseName,
      });
      orders = await runOrders(
        apis.map((a) => a.url).join(','),
        [
          '--seconds',
          values.seconds,
          '--connections',
          values.connections,
          '--customers',
          values.customers,
          ...(values.combos ? ['--combos'] : []),
        ],
        probe,
      );
      cpu = await probe.report(orders.orders);
      if (cpu) log(`CPU: ${JSON.stringify(cpu)}`);
    } catch (error) {
      log(error.message);
    }
  } else {
    log('serving until Ctrl-C');
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  }
  // The first API drops the database: it stops last.
  for (const other of apis.slice(1)) {
    const m = await other.stop();
    log(`API ${other.url} stopped; peak RSS ${m.peakRssMb} MB`);
  }
  const mem = await api.stop();
  log(`API stopped; peak RSS ${mem.peakRssMb} MB`);
  console.log(JSON.stringify({ db: values.db, peak_rss_mb: mem.peakRssMb, rss_mb: mem.rssMb, orders, cpu }));
  if (values.orders && !orders) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`[api-server] ${error.message}`);
    process.exit(1);
  });
}
