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
 * 2. builds carts from the demo menu as a customer would see it (GET /v1/branches,
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

const SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
const CLIENT_HEADERS = { shipper: SHIPPER_ID, platform: WEBSITE_PLATFORM_ID };

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

async function call(api, method, path, { body, token, headers } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...CLIENT_HEADERS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

async function expectOk(promise, what) {
  const res = await promise;
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.json;
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

/** The vertices' mean: inside the convex-ish demo zones; the quote tells when it is not. */
function zonePoint(zone) {
  const pts = zone.points;
  const lat = pts.reduce((s, p) => s + p.lat, 0) / pts.length;
  const long = pts.reduce((s, p) => s + (p.lon ?? p.long), 0) / pts.length;
  return { lat: Math.round(lat * 1e5) / 1e5, long: Math.round(long * 1e5) / 1e5 };
}

/** Future times to try for a closed branch: each hour ahead, on the hour + 15 min, up to 36 h. */
function futureCandidates(now = Date.now()) {
  const out = [];
  const hour = 60 * 60 * 1000;
  const base = Math.ceil(now / hour) * hour + 15 * 60 * 1000;
  for (let i = 1; i <= 36; i++) out.push(new Date(base + i * hour).toISOString());
  return out;
}

/** Simple products of the branch's menu a customer can add without choosing anything. */
async function branchProducts(api, branchId) {
  const menu = await expectOk(call(api, 'GET', `/v2/menu-products?branch_id=${branchId}`), 'menu-products');
  const seen = new Map();
  for (const category of menu.categories ?? []) for (const p of category.products ?? []) seen.set(p.id, p);
  return [...seen.values()].filter(
    (p) => p.type === 'simple' && !p.has_modifier && !p.in_stop && p.out_price >= 5_000,
  );
}

/**
 * The branch's combos that are not stopped, each as an order line with the first pick of each of its
 * groups (the product page's choices), and its menu price (without the picks' extra charges: only
 * used to fill the cart to the zone's minimum; the quote checks each cart).
 */
async function branchCombos(api, branch) {
  const menu = await expectOk(call(api, 'GET', `/v2/menu-products?branch_id=${branch.id}`), 'menu-products');
  const ids = new Set();
  for (const category of menu.categories ?? [])
    for (const p of category.products ?? []) if (p.type === 'combo' && !p.in_stop) ids.add(p.id);
  const combos = [];
  for (const id of ids) {
    const product = await expectOk(
      call(api, 'GET', `/v2/product/${id}?menu_id=${branch.menu_id}`),
      'product',
    );
    const groups = product.combo_groups ?? [];
    if (!groups.length) continue;
    combos.push({
      line: {
        product_id: id,
        type: 'combo',
        quantity: 1,
        variants: groups.map((g) => ({ group_id: g.id, product_id: g.variants[0].product_id })),
        order_modifiers: [],
      },
      price: product.out_price,
    });
  }
  return combos;
}

/**
 * Picks products (deterministically from `seed`) until the goods reach `target`; with `combos`, the
 * cart starts with one of them.
 */
function cartLines(products, seed, target, combos = []) {
  const lines = [];
  let goods = 0;
  if (combos.length) {
    const combo = combos[seed % combos.length];
    lines.push(combo.line);
    goods += combo.price;
  }
  for (let i = 0; goods < target && i < 6; i++) {
    const p = products[(seed * 7 + i * 3) % products.length];
    const quantity = 1 + ((seed + i) % 2);
    lines.push({ product_id: p.id, type: 'simple', quantity, variants: [], order_modifiers: [] });
    goods += p.out_price * quantity;
  }
  return lines;
}

/**
 * Valid order bodies: per active branch, a pickup and (for each zone it serves) a delivery, each
 * checked with the quote (no refusals) by `token`; express when the branch is open, else scheduled.
 */
async function buildCarts(api, token, log, { combos: withCombos = false } = {}) {
  const { branches } = await expectOk(call(api, 'GET', '/v1/branches'), 'branches');
  const { zones } = await expectOk(call(api, 'GET', '/v1/delivery-zones'), 'delivery-zones');
  const carts = [];
  const rejected = new Map();
  const quote = async (body) => {
    const q = await expectOk(call(api, 'POST', '/v2/ondemand-order/quote', { body, token }), 'quote');
    return q.errors ?? [];
  };
  for (const branch of branches.filter((b) => b.is_active)) {
    const products = await branchProducts(api, branch.id);
    if (products.length < 3) continue;
    const combos = withCombos ? await branchCombos(api, branch) : [];
    if (withCombos && !combos.length) continue;
    const served = zones.filter((z) => z.branch_ids.includes(branch.id));
    const shapes = [
      { delivery_type: 'self-pickup', min: 0 },
      ...served.map((z) => ({
        delivery_type: 'delivery',
        min: z.min_order_amount ?? 0,
        to_address: `${branch.city}, bench street 1`,
        to_location: zonePoint(z),
        delivery_zone_id: z.id,
      })),
    ];
    for (const [s, { min, ...shape }] of shapes.entries()) {
      for (let variant = 0; variant < 3; variant++) {
        const body = {
          ...shape,
          payment_type: (s + variant) % 2 ? 'card' : 'cash',
          is_courier_call: true,
          comment: 'bench',
          steps: [
            {
              branch_id: branch.id,
              products: cartLines(products, s * 3 + variant, Math.max(min, 60_000) + 1, combos),
            },
          ],
        };
        let errors = await quote(body);
        if (errors.some((e) => e.code === 'BRANCH_CLOSED')) {
          // Closed now: the first scheduled time the branch accepts.
          for (const future_time of futureCandidates()) {
            errors = await quote({ ...body, future_time });
            if (!errors.length) {
              body.future_time = future_time;
              break;
            }
          }
        }
        if (errors.length) {
          for (const e of errors) rejected.set(e.code, (rejected.get(e.code) ?? 0) + 1);
          continue;
        }
        carts.push(body);
      }
    }
  }
  const pickups = carts.filter((c) => c.delivery_type === 'self-pickup').length;
  const scheduled = carts.filter((c) => c.future_time).length;
  log(
    `carts: ${carts.length} valid (${pickups} pickup, ${carts.length - pickups} delivery, ${scheduled} scheduled)` +
      (rejected.size
        ? `; left out by the quote: ${[...rejected].map(([k, v]) => `${k} x${v}`).join(', ')}`
        : ''),
  );
  if (!carts.length) throw new Error('no valid cart could be built from the demo menu');
  return carts;
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
