import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  DEFAULT_POOL_MAX,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from './db/pool-size.ts';
import {
  DEFAULT_NODE_ENV,
  DEFAULT_STAFF_DEMO_PASSWORD,
  DEMO_CLICK_MERCHANT_ID,
  DEMO_CLICK_MERCHANT_USER_ID,
  DEMO_CLICK_SECRET_KEY,
  DEMO_CLICK_SERVICE_ID,
  DEMO_LOYALTY_WELCOME_BONUS,
  DEMO_PAYME_KEY,
  DEMO_PAYME_MERCHANT_ID,
  DEMO_SHIPPER_ID,
  WEBSITE_PLATFORM_ID,
} from './env/defaults.ts';
import { developmentOtpSecret, productionProblems } from './env/production.ts';
import { rateLimit } from './env/rate-limit.ts';
import { ZTrustProxy } from './env/trust-proxy.ts';

/** The repository root, so the default data folder does not depend on where the process was started. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export * from './env/defaults.ts';
export { developmentOtpSecret, productionProblems, weakSecretReason } from './env/production.ts';
export { type TrustProxySetting, trustProxyOption } from './env/trust-proxy.ts';

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
  /**
   * One-time codes one client address (an IPv4 address, an IPv6 /64) may be sent per hour, whatever
   * the phones. Raise it when many customers share an address (a mobile carrier's NAT); every send
   * reads that hour's sends of the address, hence the ceiling.
   */
  OTP_SENDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(20),
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
  /**
   * Days payment_calls keeps a provider's call (the log for disputes; the payments themselves are in
   * payment_transactions, kept for good); older ones are deleted (modules/payments/payment-calls-purge.job.ts).
   */
  PAYMENT_CALLS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
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
});

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
