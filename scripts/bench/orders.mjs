#!/usr/bin/env node
/**
 * Orders load generator (issue 11): places real orders through the public API, as the storefront's
 * checkout does (POST /v2/ondemand-order with an Idempotency-Key), from many signed-in customers,
 * with a fixed number of requests in flight, and measures orders per second and latency.
 *
 *   node scripts/bench/orders.mjs --api http://localhost:4121 --seconds 20 --connections 16 [--customers 200]
 *   --api http://localhost:4121,http://localhost:4122  several API processes on one database: customers
 *   sign in through the first, and the placements in flight are spread over all of them.
 *   --combos  each cart also holds one of the branch's combos, with the first pick of each of its
 *   groups (as the product page offers them: GET /v2/product/:id's combo_groups).
 *
 * Before the timed part (not measured) it
 * 1. signs `--customers` new customers in through the API: POST /v1/customers/register, the code from
 *    the development SMS outbox (GET /v1/dev/sms-outbox, which exists when SMS_PROVIDER=outbox and
 *    answers only loopback clients), POST /v1/customers/register-confirm;
 * 2. builds carts (lib/carts.mjs) from the demo menu as a customer would see it (GET /v1/branches,
 *    /v1/delivery-zones, /v2/menu-products?branch_id=): simple products without compulsory
 *    modifiers, not stopped, enough for the zone's minimum; half deliveries to a point inside a zone
 *    the branch serves, half self-pickups; an express order where the branch is open now, otherwise a
 *    scheduled one within its hours. Each cart is checked with POST /v2/ondemand-order/quote (the
 *    same computation as placing) and kept only when the quote has no refusal.
 * Then for `--seconds` it keeps `--connections` placements in flight, each with a new UUID
 * Idempotency-Key, the customer and the cart taken round robin. Only 201 answers count as orders;
 * other answers are counted as refusals (by status and code) and network failures as errors.
 * Human-readable lines go first; the LAST line is one JSON object:
 *   {"orders_per_s":..,"p50_ms":..,"p99_ms":..,"errors":..,"non2xx":..,"orders":..}
 * (p50/p99 over the 2xx placements).
 *
 * The API under test must run with the request rate limits and the SMS budget raised, or most
 * placements are refused with 429 (the default RATE_LIMIT_ORDER is 20 per 10 minutes per customer),
 * and with TRUST_PROXY=loopback: each customer signs in from its own address in X-Forwarded-For
 * (the one-time-code limit of 20 sends per address and hour is not configurable):
 *
 *   # PGlite (the default database), in a throw-away data folder:
 *   DATA_DIR=$(mktemp -d) PORT=4121 NODE_ENV=development LOG_LEVEL=warn SMS_PROVIDER=outbox TRUST_PROXY=loopback \
 *   RATE_LIMIT_ORDER=1000000/1m RATE_LIMIT_QUOTE=1000000/1m RATE_LIMIT_SIGN_IN=1000000/1m \
 *   RATE_LIMIT_CODE_CONFIRM=1000000/1m SMS_BUDGET_PER_HOUR=1000000 SMS_BUDGET_PER_DAY=1000000 \
 *     node --import tsx apps/api/src/server.ts
 *   # PostgreSQL: the same with a fresh database (createdb -h 127.0.0.1 -U postgres bench_orders)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_orders ...
 *
 * scripts/bench/api-server.mjs does exactly this (a temp data folder or a fresh database, dropped
 * afterwards) and reports the API process's peak memory:
 *   node scripts/bench/api-server.mjs --db pglite --port 4121 --orders --seconds 20
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { CLIENT_HEADERS, call, expectOk } from './lib/api-call.mjs';
import { buildCarts } from './lib/carts.mjs';

function parseCli(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string' },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '16' },
      customers: { type: 'string', default: '200' },
      combos: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.api) {
    console.error(
      'usage: node scripts/bench/orders.mjs --api http://localhost:PORT --seconds N --connections 16 [--customers 200] [--combos]',
    );
    process.exit(values.help ? 0 : 2);
  }
  const positive = (name) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n <= 0) {
      console.error(`--${name} must be a positive number`);
      process.exit(2);
    }
    return n;
  };
  const apis = values.api.split(',').map((u) => u.trim().replace(/\/+$/, ''));
  return {
    api: apis[0],
    apis,
    seconds: positive('seconds'),
    connections: Math.floor(positive('connections')),
    customers: Math.floor(positive('customers')),
    combos: values.combos,
  };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Each customer's own client address (198.18.0.0/15, the benchmarking range), sent in
 * X-Forwarded-For: the one-time-code limit of 20 sends per address and hour is fixed, so the API runs
 * with TRUST_PROXY=loopback and believes this machine's proxy-like header, as behind a real proxy.
 */
const customerAddress = (index) => `198.18.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`;

/** A new customer through the one-time-code flow; phones are unique per run (+99897 + 7 digits). */
async function signIn(api, index, runTag) {
  const phone = `99897${String(runTag * 10_000 + index)
    .padStart(7, '0')
    .slice(-7)}`;
  const headers = { 'x-forwarded-for': customerAddress(index) };
  await expectOk(
    call(api, 'POST', '/v1/customers/register', { body: { phone }, headers }),
    `register ${phone}`,
  );
  const outbox = await expectOk(call(api, 'GET', `/v1/dev/sms-outbox?phone=${phone}`), 'sms outbox');
  const code = outbox?.messages?.[0]?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the SMS outbox for ${phone} (is SMS_PROVIDER=outbox?)`);
  const auth = await expectOk(
    call(api, 'POST', '/v1/customers/register-confirm', { body: { phone, code }, headers }),
    `register-confirm ${phone}`,
  );
  return { phone, token: auth.access_token, address: headers['x-forwarded-for'] };
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * One POST over a kept-alive connection of `agent`: node:http directly, about half the CPU of
 * fetch() per request, so the generator takes less of the machine it shares with the API.
 */
function post(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Keeps `connections` placements in flight for `seconds` (spread over `apis`, several API
 * processes); answers the counts and 2xx latencies.
 */
async function placeOrders(apis, customers, carts, { seconds, connections }) {
  const latencies = [];
  const refusals = new Map();
  let errors = 0;
  let non2xx = 0;
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  // Bodies serialised once; each request still gets its own Idempotency-Key.
  const bodies = carts.map((c) => JSON.stringify(c));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (w) => {
    const url = `${apis[w % apis.length]}/v2/ondemand-order`;
    while (performance.now() < deadline) {
      const n = turn++;
      const customer = customers[n % customers.length];
      const body = bodies[(n * 7 + Math.floor(n / customers.length)) % bodies.length];
      const t0 = performance.now();
      try {
        const res = await post(
          agent,
          url,
          {
            ...CLIENT_HEADERS,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${customer.token}`,
            'idempotency-key': randomUUID(),
            'x-forwarded-for': customer.address,
          },
          body,
        );
        const ms = performance.now() - t0;
        if (res.status >= 200 && res.status < 300) {
          latencies.push(ms);
        } else {
          non2xx++;
          let code = '';
          try {
            code = JSON.parse(res.text).code ?? '';
          } catch {}
          const k = `${res.status}${code ? ` ${code}` : ''}`;
          refusals.set(k, (refusals.get(k) ?? 0) + 1);
        }
      } catch (error) {
        errors++;
        const k = `network ${error?.code ?? error?.message ?? error}`;
        refusals.set(k, (refusals.get(k) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, refusals, errors, non2xx, elapsed };
}

async function main() {
  const opts = parseCli(process.argv.slice(2));
  const log = (line) => console.log(`[orders] ${line}`);
  const health = await call(opts.api, 'GET', '/healthz').catch((e) => {
    throw new Error(`the API at ${opts.api} does not answer: ${e.cause?.code ?? e.message}`);
  });
  if (health.status !== 200) throw new Error(`${opts.api}/healthz answered ${health.status}`);

  // A tag per run keeps phones unique when the same database serves several runs.
  const runTag = Math.floor(Date.now() / 1000) % 1000;
  const t0 = performance.now();
  const customers = await pool(
    Array.from({ length: opts.customers }, (_, i) => i),
    8,
    (i) => signIn(opts.api, i, runTag),
  );
  log(`${customers.length} customers signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const carts = await buildCarts(opts.api, customers[0].token, log, { combos: opts.combos });

  log(`placing orders for ${opts.seconds} s with ${opts.connections} in flight ...`);
  const r = await placeOrders(opts.apis, customers, carts, opts);
  const sorted = r.latencies.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  const result = {
    orders_per_s: round(sorted.length / r.elapsed),
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    errors: r.errors,
    non2xx: r.non2xx,
    orders: sorted.length,
  };
  log(
    `${result.orders} orders in ${r.elapsed.toFixed(1)} s: ${result.orders_per_s}/s, p50 ${result.p50_ms} ms, ` +
      `p90 ${round(percentile(sorted, 90))} ms, p99 ${result.p99_ms} ms, max ${round(sorted.at(-1) ?? 0)} ms`,
  );
  if (r.refusals.size) {
    log(`not placed: ${[...r.refusals].map(([k, v]) => `${k} x${v}`).join(', ')}`);
  } else {
    log('not placed: none');
  }
  console.log(JSON.stringify(result));
}

main().catch((error) => {
  console.error(`[orders] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
