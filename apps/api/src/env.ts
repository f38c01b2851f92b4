import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so the default data folder does not depend on where the process was started. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const DEMO_SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
export const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
/** Password of the seeded demo staff accounts (operator, vendor, courier) unless STAFF_DEMO_PASSWORD says otherwise. */
export const DEFAULT_STAFF_DEMO_PASSWORD = 'baraka-staff-demo';

/**
 * TRUST_PROXY: which reverse proxies may tell the API the client's address in `X-Forwarded-For`
 * (Fastify's `trustProxy`). Unset, empty or 'false': none, the socket's peer is the client. Otherwise
 * a comma-separated list of the proxies' addresses or CIDR ranges (or proxy-addr's names loopback,
 * linklocal, uniquelocal): request.ip is then the nearest address in X-Forwarded-For that is not one
 * of them, so a client's own forged entries in front of what the proxy appended are never read.
 * Refused: 'true' (trusts every hop: the client's leftmost entry becomes its address and every
 * per-address limit is void) and a hop count (Fastify 5.12 ignores hop counts, since a count cannot
 * tell the proxy from a client that reaches the API directly; silently trusting nobody would put
 * every customer behind the proxy into one address bucket).
 */
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
      ctx.addIssue({
        code: 'custom',
        message:
          'a hop count cannot tell your proxy from a client that reaches the API directly (Fastify ignores it); list the addresses or CIDR ranges of your proxies',
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
  .transform((value): false | string[] =>
    value.trim().toLowerCase() === 'false' ? false : proxyEntries(value),
  );

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
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  /** 'auto' loads the demo chain on the first start (empty database); 'never' leaves the database empty. */
  SEED: z.enum(['auto', 'never']).default('auto'),
  /** Who delivers one-time codes: 'outbox' keeps them in the database (development), 'eskiz' sends SMS. */
  SMS_PROVIDER: z.enum(['outbox', 'eskiz']).default('outbox'),
  /** Key of the HMAC that one-time codes are stored under. Required in production. */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a sign-in lasts. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
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
  /** Password the demo staff accounts get when they are seeded (first start, db:reset). */
  STAFF_DEMO_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(200)
    .default(DEFAULT_STAFF_DEMO_PASSWORD),
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
});

const ZEnv = ZEnvFields.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'outbox') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message: "'outbox' only keeps codes in the database and must not run in production; use 'eskiz'",
    });
  }
  if (env.NODE_ENV === 'production' && !env.OTP_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['OTP_SECRET'], message: 'is required in production' });
  }
  if (env.SMS_PROVIDER === 'eskiz') {
    for (const key of ['ESKIZ_EMAIL', 'ESKIZ_PASSWORD'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: "is required when SMS_PROVIDER is 'eskiz'" });
    }
  }
}).transform((env) => ({
  ...env,
  // Outside production a missing secret is derived from the data folder: stable across restarts
  // (codes sent before a `tsx watch` restart still work) and never used where it matters.
  OTP_SECRET:
    env.OTP_SECRET ?? createHash('sha256').update(`baraka-dev-otp-secret:${env.DATA_DIR}`).digest('hex'),
}));

export type Env = z.output<typeof ZEnv>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
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
