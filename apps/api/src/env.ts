import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so the default data folder does not depend on where the process was started. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const DEMO_SHIPPER_ID = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
export const WEBSITE_PLATFORM_ID = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
/** Password of the seeded demo staff accounts (operator, vendor, courier) unless STAFF_DEMO_PASSWORD says otherwise. */
export const DEFAULT_STAFF_DEMO_PASSWORD = 'baraka-staff-demo';

const ZEnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  /**
   * 'localhost' listens on every loopback address (both ::1 and 127.0.0.1), see server.ts, so
   * http://localhost:4000 and http://127.0.0.1:4000 both answer whichever one the OS resolves first.
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
