import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IIKO_DEFAULT_MAX_CONCURRENT } from './adapters/loyalty/iiko.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  DEFAULT_POOL_MAX,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from './db/pool-size.ts';

/** The repository root, so the default data folder does not depend on where the process was started. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const DEMO_SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
export const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
/** Password of the seeded demo staff accounts (operator, vendor, courier) unless STAFF_DEMO_PASSWORD says otherwise. */
export const DEFAULT_STAFF_DEMO_PASSWORD = 'baraka-staff-demo';

/**
 * The payment providers' demo settings (.env.example): outside production they are the defaults, and
 * with them `payment_link` points to the API's own sandbox pages (/dev/pay/...) instead of the
 * providers' checkout, which a laptop without network cannot reach. Refused in production.
 */
export const DEMO_PAYME_MERCHANT_ID = '5e730e8e0b852a417aa49ceb';
export const DEMO_PAYME_KEY = 'demo-payme-key-not-for-production';
export const DEMO_CLICK_SERVICE_ID = '10001';
export const DEMO_CLICK_MERCHANT_ID = '20002';
export const DEMO_CLICK_MERCHANT_USER_ID = '30003';
export const DEMO_CLICK_SECRET_KEY = 'demo-click-secret-not-for-production';
/** Bonuses a new customer's card starts with outside production (the demo's welcome gift). */
export const DEMO_LOYALTY_WELCOME_BONUS = 20_000;

/**
 * Unset means production: a deployment that forgets to say what it is gets the safe behaviour (no
 * SMS outbox, no demo secrets or staff, no /docs). The local commands say `development` themselves
 * (npm start, npm run dev, npm run db:reset, the browser tests' API); Vitest sets `test`.
 */
export const DEFAULT_NODE_ENV = 'production';

/**
 * TRUST_PROXY: which reverse proxies may tell the API the client's address in `X-Forwarded-For`
 * (request.ip, which every per-address limit counts by). Unset, empty or 'false': none, the socket's
 * peer is the client. Otherwise either
 * - a comma-separated list of the proxies' addresses or CIDR ranges (or proxy-addr's names loopback,
 *   linklocal, uniquelocal): request.ip is the nearest address in X-Forwarded-For that is not one of
 *   them, so a client's own forged entries in front of what the proxy appended are never read, and a
 *   client that reaches the API directly cannot use the header at all. The safe choice.
 * - a hop count N (1-10): the socket's peer and the N-1 entries nearest to it are proxies, the next
 *   entry is the client. For proxies whose addresses change (a cloud load balancer); safe only when
 *   nothing but those proxies can reach the API (HOST=localhost behind a local proxy, a private
 *   network), since a client that connects directly can write the entry that counts. Fastify 5.12
 *   ignores a bare number (trusting nobody), so `trustProxyOption` turns it into a trust function.
 * Refused: 'true' (trusts every hop: the client's leftmost entry becomes its address and every
 * per-address limit is void).
 */
/** More proxies than this in a row is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 10;
/** Nobody, the proxies' addresses/ranges, or a count of hops (see above). */
export type TrustProxySetting = false | string[] | { hops: number };

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify 5.12 treats a bare
 * number as "trust nobody". proxy-addr calls it with each address from the socket's peer (hop 0)
 * outwards and stops at the first it does not trust, which is then the client.
 */
export function trustProxyOption(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || Array.isArray(setting)) return setting;
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.has(entry) || isIP(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const family = isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
};
const proxyEntries = (value: string) =>
  value
    .toLowerCase()
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
const ZTrustProxy = z
  .string()
  .default('false')
  .superRefine((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (v === 'false') return;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would trust every hop, letting any client choose its address with X-Forwarded-For; list the addresses or CIDR ranges of your proxies",
      });
    } else if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops < 1 || hops > MAX_PROXY_HOPS)
        ctx.addIssue({
          code: 'custom',
          message: `a hop count must be 1 to ${MAX_PROXY_HOPS} (or 'false', or the proxies' addresses)`,
        });
    } else {
      const bad = proxyEntries(v).filter((e) => !isProxyEntry(e));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `must be false or a comma-separated list of proxy addresses or CIDR ranges (not ${bad.join(', ')})`,
        });
    }
  })
  .transform((value): TrustProxySetting => {
    const v = value.trim().toLowerCase();
    if (v === 'false') return false;
    if (/^\d+$/.test(v)) return { hops: Number(v) };
    return proxyEntries(v);
  });

const WINDOW_UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** One rate limit: '<max>/<window>', the window a number with s, m, h or d ('30/10m': 30 per 10 minutes). */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(
      (value) => /^\d+\s*\/\s*\d*\s*[smhd]$/.test(value),
      "must look like '30/10m' (requests per window; s, m, h or d)",
    )
    .transform((value) => {
      const [, max = '0', count = '', unit = 'm'] = /^(\d+)\s*\/\s*(\d*)\s*([smhd])$/.exec(value) ?? [];
      return {
        max: Number(max),
        windowMs: Number(count || '1') * WINDOW_UNITS[unit as keyof typeof WINDOW_UNITS],
      };
    })
    .refine(
      (limit) => limit.max >= 1 && limit.windowMs >= 1_000,
      'needs at least 1 request per at least 1 s',
    );

const ZEnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default(DEFAULT_NODE_ENV),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  /**
   * 'localhost' listens on the loopback addresses only (both 127.0.0.1 and ::1, see listen.ts), so
   * http://localhost:4000 answers whichever one the OS resolves first and nobody else reaches it;
   * '0.0.0.0' or '::' listen on every interface (a container, a server behind a proxy).
   */
  HOST: z.string().min(1).default('localhost'),
  /** A PostgreSQL connection string; absent means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * The most connections the API's pool opens to PostgreSQL (db/pool-size.ts says why the default is
   * 6). Unused with PGlite.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_MAX),
  /** db/pool-size.ts says what each bounds and why its default; 0 turns it off. Unused with PGlite. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_STATEMENT_TIMEOUT_MS),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  DATA_DIR: z
    .string()
    .min(1)
    .default(`${REPO_ROOT}.data`)
    .transform((p) => resolve(p)),
  SHIPPER_ID: z.uuid().default(DEMO_SHIPPER_ID),
  PLATFORM_ID: z.uuid().default(WEBSITE_PLATFORM_ID),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated list of browser origins allowed to call the API. */
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:3000')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be a comma-separated list of origins'))),
  /**
   * 'auto' loads the demo chain on the first start (empty database); 'never' leaves the database
   * empty. Unset: 'auto', but 'never' in production. In production 'auto' loads the catalogue and
   * content only (a staging site), never the demo staff accounts.
   */
  SEED: z.enum(['auto', 'never']).optional(),
  /** Who delivers one-time codes: 'outbox' keeps them in the database (development), 'eskiz' sends SMS. */
  SMS_PROVIDER: z.enum(['outbox', 'eskiz']).default('outbox'),
  /** Key of the HMAC that one-time codes are stored under. Required in production. */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a sign-in lasts. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Answers the read cache keeps (src/cache/); 0 turns it off (every read goes to the database). */
  READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2_000),
  /** Megabytes of answer bodies it keeps at most (the least recently read go first). */
  READ_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4_096).default(64),
  /** Safety net: an entry older than this is read again even if no change was announced. */
  READ_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Open GET /v1/catalogue-changes streams per process (storefront servers); more answer 503. */
  CATALOGUE_STREAM_LIMIT: z.coerce.number().int().min(1).max(1_000).default(32),
  /**
   * Of those, what one client address (an IPv4 address, an IPv6 /64) may hold; more answer 429. Each
   * storefront server connects from its own address, so anonymous clients of one address cannot
   * take every place.
   */
  CATALOGUE_STREAM_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000).default(4),
  /** Open GET /v1/staff/stream streams per process (staff screens: operators, kitchens, couriers); more answer 503. */
  STAFF_STREAM_LIMIT: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Open GET /v2/orders/{id}/status-stream streams per process (customers' order pages); more answer 503. */
  ORDER_STATUS_STREAM_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5_000),
  ESKIZ_BASE_URL: z
    .url()
    .default('https://notify.eskiz.uz')
    .transform((u) => u.replace(/\/+$/, '')),
  ESKIZ_EMAIL: z.string().optional(),
  ESKIZ_PASSWORD: z.string().optional(),
  /** The sender name (nickname) Eskiz approved for the account; '4546' is Eskiz's shared test sender. */
  ESKIZ_FROM: z.string().min(1).default('4546'),
  /** Optional delivery-report URL Eskiz calls back. */
  ESKIZ_CALLBACK_URL: z.url().optional(),
  /** Who answers GET /v1/map/geocoder: the local gazetteer, Yandex (key in api_keys) or Nominatim. */
  GEOCODER_PROVIDER: z.enum(['local', 'yandex', 'nominatim']).default('local'),
  YANDEX_GEOCODER_URL: z.url().default('https://geocode-maps.yandex.ru/1.x/'),
  NOMINATIM_URL: z
    .url()
    .default('https://nominatim.openstreetmap.org')
    .transform((u) => u.replace(/\/+$/, '')),
  /** Nominatim's usage policy asks for an identifying User-Agent (with a contact). */
  NOMINATIM_USER_AGENT: z
    .string()
    .min(1)
    .default('BarakaStorefront/1.0 (restaurant ordering site; set NOMINATIM_USER_AGENT to your contact)'),
  /** Bearer token of staff calls (PUT /v2/api-keys/{id}); unset: nobody may write keys. */
  ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Password the demo staff accounts get when they are seeded (first start, db:reset); outside
   * production only (refused there: demo staff are never seeded in production).
   */
  STAFF_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  /** Swagger UI at /docs and the document at /openapi.json. Unset: on, but off in production. */
  DOCS_ENABLED: z.enum(['true', 'false'], "must be 'true' or 'false'").optional(),
  /**
   * 'true': the API's clock is the system time plus an offset that a client on this machine sets
   * through `PUT /v1/dev/clock` (modules/dev/test-clock.routes.ts), so the browser tests move the
   * server's time (the one-minute code resend, code expiry) instead of waiting for it. Off unless
   * said; refused in production.
   */
  TEST_CLOCK: z.enum(['true', 'false'], "must be 'true' or 'false'").optional(),
  /** Who may set the client's address through X-Forwarded-For (see ZTrustProxy); default nobody. */
  TRUST_PROXY: ZTrustProxy,
  /**
   * A redis:// URL: the rate limits count there (shared by every API process). Unset: they count in
   * PostgreSQL (the API's database), which every process shares as well.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * One-time-code SMS the whole API may send per hour and per day, whatever the phone or address
   * (sends that reached the provider, counted in otp_codes). Beyond it sign-in answers 503.
   */
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).default(300),
  SMS_BUDGET_PER_DAY: z.coerce.number().int().min(1).default(3_000),
  /** Requests per window and client address (or signed-in customer); see http/rate-limit.ts. */
  RATE_LIMIT_SIGN_IN: rateLimit('30/10m'),
  RATE_LIMIT_CODE_CONFIRM: rateLimit('30/10m'),
  RATE_LIMIT_GEOCODER: rateLimit('120/10m'),
  RATE_LIMIT_SEARCH: rateLimit('300/10m'),
  RATE_LIMIT_PRICING: rateLimit('300/10m'),
  RATE_LIMIT_QUOTE: rateLimit('120/10m'),
  RATE_LIMIT_ORDER: rateLimit('20/10m'),
  RATE_LIMIT_VACANCY_APPLICATION: rateLimit('10/1h'),
  RATE_LIMIT_REVIEW: rateLimit('30/1h'),
  RATE_LIMIT_CUSTOMER_WRITES: rateLimit('60/10m'),
  /** Payme's calls to its merchant endpoint, per address (generous: the provider's own traffic). */
  RATE_LIMIT_PAYMENTS: rateLimit('1200/1m'),
  /**
   * The storefront's public origin, where a payment provider sends the customer back (return_url:
   * the order's status page). Unset: the first of CORS_ORIGINS.
   */
  STOREFRONT_URL: z
    .url()
    .optional()
    .transform((u) => u?.replace(/\/+$/, '')),
  /**
   * How browsers reach this API (the storefront's PUBLIC_API_URL): the origin of the payment sandbox's
   * links (outside production only; never taken from a request's Host header, which a client
   * chooses). Unset: http://localhost:PORT.
   */
  PUBLIC_API_URL: z
    .url()
    .optional()
    .transform((u) => u?.replace(/\/+$/, '')),
  /** An online order still unpaid this many minutes after it was placed is cancelled by the server. */
  PAYMENT_TIMEOUT_MIN: z.coerce.number().int().min(1).max(1_440).default(30),
  /** Payme merchant (cabinet) id, and the key Payme signs its calls with (Basic Paycom:KEY). */
  PAYME_MERCHANT_ID: z
    .string()
    .regex(/^[0-9a-zA-Z]{1,64}$/, 'must be the cabinet id (letters and digits)')
    .optional(),
  PAYME_KEY: z.string().min(1).max(200).optional(),
  /** Payme's checkout host; the test host is https://checkout.test.paycom.uz. */
  PAYME_CHECKOUT_URL: z
    .url()
    .default('https://checkout.paycom.uz')
    .transform((u) => u.replace(/\/+$/, '')),
  CLICK_SERVICE_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be digits')
    .optional(),
  CLICK_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be digits')
    .optional(),
  CLICK_MERCHANT_USER_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be digits')
    .optional(),
  CLICK_SECRET_KEY: z.string().min(1).max(200).optional(),
  CLICK_CHECKOUT_URL: z.url().default('https://my.click.uz/services/pay'),
  /** Who keeps the accumulative card: our own ledger ('local') or iiko Cloud ('iiko'). */
  LOYALTY_PROVIDER: z.enum(['local', 'iiko']).default('local'),
  /** Percent of the part paid with money credited as bonuses when an order is delivered or finished. */
  LOYALTY_CASHBACK_PERCENT: z.coerce.number().int().min(0).max(100).default(5),
  /** At most this percent of an order's total may be paid with bonuses. */
  LOYALTY_MAX_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  /** Bonuses a new customer's card starts with. Unset: DEMO_LOYALTY_WELCOME_BONUS, but 0 in production. */
  LOYALTY_WELCOME_BONUS: z.coerce.number().int().min(0).max(10_000_000).optional(),
  IIKO_API_URL: z
    .url()
    .default('https://api-ru.iiko.services')
    .transform((u) => u.replace(/\/+$/, '')),
  IIKO_API_LOGIN: z.string().min(1).max(200).optional(),
  IIKO_ORGANIZATION_ID: z.uuid().optional(),
  /**
   * The most operations waiting on iiko Cloud at once inside a database transaction, each with a pool
   * connection (adapters/loyalty/call-guard.ts); more are refused at once (503 LOYALTY_UNAVAILABLE).
   */
  IIKO_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(IIKO_DEFAULT_MAX_CONCURRENT),
});

/** The OTP secret used outside production when none is set: stable per data folder, never secret. */
export const developmentOtpSecret = (dataDir: string) =>
  createHash('sha256').update(`baraka-dev-otp-secret:${dataDir}`).digest('hex');

/**
 * Words of the placeholders documentation and examples put where a secret goes ('change-me',
 * 'your-secret-here', 'example-token'...): a value containing one was typed, not generated.
 */
const PLACEHOLDER_WORDS = /change|example|placeholder|replace|your|secret|demo|dummy|sample|test|todo|xxx/i;
/** A generated key of 32+ characters has far more distinct characters than this (hex: ~16). */
const MIN_DISTINCT_CHARACTERS = 8;

/**
 * Why `value` cannot be a production secret, or null: a placeholder or a repetition rather than
 * the output of a generator such as `openssl rand -hex 32` (README, production checklist).
 */
export function weakSecretReason(value: string, known: readonly string[] = []): string | null {
  if (known.includes(value))
    return 'is a value published with this project (an example or the development default)';
  if (PLACEHOLDER_WORDS.test(value)) return 'looks like a placeholder, not a generated secret';
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS)
    return 'repeats too few characters to be a generated secret';
  return null;
}

type EnvProblem = { variable: string; message: string };
type ProductionInput = {
  NODE_ENV: string;
  SMS_PROVIDER: string;
  OTP_SECRET?: string | undefined;
  ADMIN_TOKEN?: string | undefined;
  STAFF_DEMO_PASSWORD?: string | undefined;
  /** 'true' from the environment, `true` in the loaded Env (buildApp checks that one again). */
  TEST_CLOCK?: boolean | string | undefined;
  DATA_DIR: string;
  PAYME_KEY?: string | undefined;
  CLICK_SECRET_KEY?: string | undefined;
};

/**
 * Everything production refuses (issue 9, finding 9), checked by loadEnv and again by buildApp
 * (which also takes settings from code). The database's demo staff are checked after migration
 * (db/prepare.ts).
 */
export function productionProblems(env: ProductionInput): EnvProblem[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: EnvProblem[] = [];
  if (env.SMS_PROVIDER === 'outbox') {
    problems.push({
      variable: 'SMS_PROVIDER',
      message: "'outbox' only keeps codes in the database and must not run in production; use 'eskiz'",
    });
  }
  if (!env.OTP_SECRET) {
    problems.push({ variable: 'OTP_SECRET', message: 'is required in production' });
  } else {
    const weak = weakSecretReason(env.OTP_SECRET, [developmentOtpSecret(env.DATA_DIR)]);
    if (weak)
      problems.push({ variable: 'OTP_SECRET', message: `${weak}; use e.g. \`openssl rand -hex 32\`` });
  }
  if (env.ADMIN_TOKEN) {
    const weak =
      env.ADMIN_TOKEN === env.OTP_SECRET
        ? 'must not be the same value as OTP_SECRET'
        : weakSecretReason(env.ADMIN_TOKEN);
    if (weak)
      problems.push({ variable: 'ADMIN_TOKEN', message: `${weak}; use e.g. \`openssl rand -hex 32\`` });
  }
  if (env.STAFF_DEMO_PASSWORD !== undefined) {
    problems.push({
      variable: 'STAFF_DEMO_PASSWORD',
      message: 'must not be set in production: demo staff accounts are never seeded there',
    });
  }
  if (env.PAYME_KEY !== undefined) {
    const weak = weakSecretReason(env.PAYME_KEY, [DEMO_PAYME_KEY]);
    if (weak)
      problems.push({ variable: 'PAYME_KEY', message: `${weak}; use the key of Payme's merchant cabinet` });
  }
  if (env.CLICK_SECRET_KEY !== undefined) {
    const weak = weakSecretReason(env.CLICK_SECRET_KEY, [DEMO_CLICK_SECRET_KEY]);
    if (weak)
      problems.push({ variable: 'CLICK_SECRET_KEY', message: `${weak}; use the secret key Click issued` });
  }
  if (env.TEST_CLOCK === true || env.TEST_CLOCK === 'true') {
    problems.push({
      variable: 'TEST_CLOCK',
      message: "must not be 'true' in production: it lets a client on the machine move the API's clock",
    });
  }
  return problems;
}

const ZEnv = ZEnvFields.superRefine((env, ctx) => {
  for (const problem of productionProblems(env)) {
    ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  }
  if (env.SMS_PROVIDER === 'eskiz') {
    for (const key of ['ESKIZ_EMAIL', 'ESKIZ_PASSWORD'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: "is required when SMS_PROVIDER is 'eskiz'" });
    }
  }
  if (env.LOYALTY_PROVIDER === 'iiko') {
    for (const key of ['IIKO_API_LOGIN', 'IIKO_ORGANIZATION_ID'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: "is required when LOYALTY_PROVIDER is 'iiko'" });
    }
  }
}).transform((env) => {
  const production = env.NODE_ENV === 'production';
  return {
    ...env,
    // Outside production a missing secret is derived from the data folder: stable across restarts
    // (codes sent before a `tsx watch` restart still work) and never used where it matters.
    OTP_SECRET: env.OTP_SECRET ?? developmentOtpSecret(env.DATA_DIR),
    // An empty production database stays empty unless SEED=auto is asked for (a staging site).
    SEED: env.SEED ?? (production ? 'never' : 'auto'),
    // Never a default in production (undefined there: nothing is seeded with it, nothing printed).
    STAFF_DEMO_PASSWORD: env.STAFF_DEMO_PASSWORD ?? (production ? undefined : DEFAULT_STAFF_DEMO_PASSWORD),
    DOCS_ENABLED: env.DOCS_ENABLED === undefined ? !production : env.DOCS_ENABLED === 'true',
    TEST_CLOCK: env.TEST_CLOCK === 'true',
    STOREFRONT_URL:
      env.STOREFRONT_URL ?? (env.CORS_ORIGINS[0] ?? 'http://localhost:3000').replace(/\/+$/, ''),
    PUBLIC_API_URL: env.PUBLIC_API_URL ?? `http://localhost:${env.PORT}`,
    // Outside production the providers' demo settings are the defaults (payment_link: the sandbox).
    PAYME_MERCHANT_ID: env.PAYME_MERCHANT_ID ?? (production ? undefined : DEMO_PAYME_MERCHANT_ID),
    PAYME_KEY: env.PAYME_KEY ?? (production ? undefined : DEMO_PAYME_KEY),
    CLICK_SERVICE_ID: env.CLICK_SERVICE_ID ?? (production ? undefined : DEMO_CLICK_SERVICE_ID),
    CLICK_MERCHANT_ID: env.CLICK_MERCHANT_ID ?? (production ? undefined : DEMO_CLICK_MERCHANT_ID),
    CLICK_MERCHANT_USER_ID:
      env.CLICK_MERCHANT_USER_ID ?? (production ? undefined : DEMO_CLICK_MERCHANT_USER_ID),
    CLICK_SECRET_KEY: env.CLICK_SECRET_KEY ?? (production ? undefined : DEMO_CLICK_SECRET_KEY),
    LOYALTY_WELCOME_BONUS: env.LOYALTY_WELCOME_BONUS ?? (production ? 0 : DEMO_LOYALTY_WELCOME_BONUS),
  };
});

export type Env = z.output<typeof ZEnv>;

/**
 * A reason not to start, with every problem listed. server.ts prints the message (no stack) and
 * exits with 1.
 */
export class EnvError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'Invalid environment',
  ) {
    super(`${heading}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * buildApp's check of the environment it was given (loadEnv's result with overrides from code, which
 * loadEnv never saw): the same production refusals.
 */
export function assertProductionReady(env: Env): void {
  const problems = productionProblems(env);
  if (problems.length > 0) {
    throw new EnvError(
      problems.map((p) => `${p.variable}: ${p.message}`),
      'Refusing to start in production',
    );
  }
}

/**
 * Only the data folder, for commands that need nothing else (the image build): they must work with
 * a production environment that is not complete on the build machine.
 */
export function loadDataDir(source: Record<string, string | undefined> = process.env): string {
  const value = source.DATA_DIR?.trim();
  return ZEnvFields.shape.DATA_DIR.parse(value ? value : undefined);
}

/**
 * Reads the environment once at start. Empty strings count as unset, so a blank line in .env
 * falls back to the default instead of failing. Every bad variable is reported at once.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ZEnvFields.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = ZEnv.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}: ${issue.message} (got ${JSON.stringify(input[name] ?? null)})`;
    });
    throw new EnvError(problems);
  }
  return result.data;
}
