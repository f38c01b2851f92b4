#!/usr/bin/env node
/**
 * Starts the API for a benchmark, on PGlite in a throw-away data folder or on PostgreSQL in a fresh
 * database (dropped afterwards), with the request rate limits and the SMS budget raised (a bench
 * places thousands of orders from one address), and watches the API process's memory.
 *
 * As a command:
 *   node scripts/bench/api-server.mjs --db pglite|postgres --port 4121 [--pg-url postgres://postgres@127.0.0.1:5432]
 *        [--orders --seconds 20 --connections 16 --customers 200]
 * With --orders it runs scripts/bench/orders.mjs against the API, then stops the API; without, it
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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  log = () => {},
}) {
  if (!port) throw new Error('startBenchApi: a port is required');
  const dataDir = mkdtempSync(join(tmpdir(), `bench-api-${port}-`));
  let databaseName = null;
  const serverUrl = pgUrl.replace(/\/[^/@]*$/, '').replace(/\/+$/, '');
  if (db === 'postgres') {
    databaseName = `bench_${port}_${Date.now().toString(36)}`;
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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
    if (databaseName) {
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

function runOrders(url, args) {
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
      out += chunk;
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
      orders: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '16' },
      customers: { type: 'string', default: '200' },
    },
  });
  if (!values.port) {
    console.error(
      'usage: node scripts/bench/api-server.mjs --db pglite|postgres --port PORT [--pg-url URL] [--orders --seconds N --connections 16 --customers 200]',
    );
    process.exit(2);
  }
  const log = (line) => console.log(`[api-server] ${line}`);
  const api = await startBenchApi({ db: values.db, port: Number(values.port), pgUrl: values['pg-url'], log });
  log(`started; memory now ${api.memory().rssMb} MB`);
  let orders = null;
  if (values.orders) {
    try {
      orders = await runOrders(api.url, [
        '--seconds',
        values.seconds,
        '--connections',
        values.connections,
        '--customers',
        values.customers,
      ]);
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
  const mem = await api.stop();
  log(`API stopped; peak RSS ${mem.peakRssMb} MB`);
  console.log(JSON.stringify({ db: values.db, peak_rss_mb: mem.peakRssMb, rss_mb: mem.rssMb, orders }));
  if (values.orders && !orders) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`[api-server] ${error.message}`);
    process.exit(1);
  });
}
