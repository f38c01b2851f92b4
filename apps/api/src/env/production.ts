/**
 * What production refuses to start with (issue 9, finding 9): the SMS outbox, missing or placeholder
 * secrets, demo staff, the test clock. env.ts checks it when it loads the environment, buildApp again
 * for settings given in code.
 */
import { createHash } from 'node:crypto';
import { DEMO_CLICK_SECRET_KEY, DEMO_PAYME_KEY } from './defaults.ts';

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

export type EnvProblem = { variable: string; message: string };
export type ProductionInput = {
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
