import { asc, eq } from 'drizzle-orm';
import { DEFAULT_STAFF_DEMO_PASSWORD, type Env, EnvError } from '../env.ts';
import { verifyPassword } from '../modules/staff/passwords.ts';
import type { DbHandle, DbOrTx } from './client.ts';
import { migrateDb } from './migrate.ts';
import { shippers, staffAccounts } from './schema/index.ts';
import { refreshSearchKeys } from './seed/catalog.ts';
import { SEED_VERSION, seedDatabase } from './seed/index.ts';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Passwords published with the project: the README's demo staff password. */
export const DEMO_STAFF_PASSWORDS: readonly string[] = [DEFAULT_STAFF_DEMO_PASSWORD];

/**
 * Logins of active staff accounts (any chain) whose password is a published demo password. One
 * scrypt hash per account and password, one at a time (tens of milliseconds each, once per start),
 * so the check does not compete with requests for the CPU.
 */
export async function staffWithDemoPasswords(
  db: DbOrTx,
  passwords: readonly string[] = DEMO_STAFF_PASSWORDS,
): Promise<string[]> {
  const rows = await db
    .select({ login: staffAccounts.login, hash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.isActive, true))
    .orderBy(asc(staffAccounts.login));
  const found: string[] = [];
  for (const row of rows) {
    for (const password of passwords) {
      if (await verifyPassword(password, row.hash)) {
        found.push(row.login);
        break;
      }
    }
  }
  return found;
}

/**
 * What every start does before serving: migrate, then load the demo chain into an empty database
 * (never its staff accounts in production), then, in production, refuse a database whose active
 * staff accounts still have the demo password (one seeded by a development start, for instance).
 */
export async function prepareDatabase(
  handle: DbHandle,
  options: {
    seed: 'auto' | 'never';
    log: Log;
    staffPassword?: string | undefined;
    production?: boolean;
    /** The payment providers' settings, checked in production against what the chains offer. */
    payments?: PaymentSettings;
  },
) {
  await migrateDb(handle);
  const refreshed = await refreshSearchKeys(handle.db);
  if (refreshed)
    options.log.info({ products: refreshed }, 'search keys updated to the current folding rules');
  if (options.seed === 'auto') await seed(handle, options);
  if (options.production) {
    const problems: string[] = [];
    const logins = await staffWithDemoPasswords(handle.db);
    if (logins.length > 0) {
      problems.push(
        `staff accounts ${logins.join(', ')} still have the demo password published in the README: ` +
          'give each its own password (npm run staff:password -w @app/api -- <login>, the password ' +
          'on stdin) or deactivate it (staff_accounts.is_active = false) before starting in production',
      );
    }
    problems.push(...(await missingPaymentSettings(handle.db, options.payments ?? {})));
    if (problems.length > 0) throw new EnvError(problems, 'Refusing to start in production');
  }
}

export type PaymentSettings = Partial<
  Pick<Env, 'PAYME_MERCHANT_ID' | 'PAYME_KEY' | 'CLICK_SERVICE_ID' | 'CLICK_MERCHANT_ID' | 'CLICK_SECRET_KEY'>
>;

/** The settings a provider cannot take money without (payment-links.ts isConfigured reads the same). */
const PROVIDER_SETTINGS = {
  payme: ['PAYME_MERCHANT_ID', 'PAYME_KEY'],
  click: ['CLICK_SERVICE_ID', 'CLICK_MERCHANT_ID', 'CLICK_SECRET_KEY'],
} as const;

/**
 * A chain that offers payme or click (shippers.payment_types) while that provider's settings are
 * missing: its customers would see an online payment that every order refuses. One problem per
 * provider, naming the variables to set (or the payment type to take out of the chain's list).
 */
export async function missingPaymentSettings(db: DbOrTx, settings: PaymentSettings): Promise<string[]> {
  const rows = await db.select({ paymentTypes: shippers.paymentTypes }).from(shippers);
  const offered = new Set(rows.flatMap((r) => r.paymentTypes));
  const problems: string[] = [];
  for (const provider of ['payme', 'click'] as const) {
    if (!offered.has(provider)) continue;
    const missing = PROVIDER_SETTINGS[provider].filter((name) => !settings[name]);
    if (missing.length > 0) {
      problems.push(
        `${missing.join(', ')}: required in production, since a chain offers '${provider}' ` +
          `(shippers.payment_types); set them, or take '${provider}' out of the chain's payment types`,
      );
    }
  }
  return problems;
}

async function seed(
  handle: DbHandle,
  options: { log: Log; staffPassword?: string | undefined; production?: boolean },
) {
  const result = await seedDatabase(handle.db, {
    ...(options.staffPassword ? { staffPassword: options.staffPassword } : {}),
    // The demo staff's password is public: production never gets the accounts.
    staff: !options.production,
  });
  if (result.added?.length) options.log.info({ parts: result.added }, 'demo data parts added');
  if (result.seeded) {
    options.log.info({ version: result.version }, 'demo data loaded');
    if (options.production) {
      options.log.warn(
        { version: result.version },
        'SEED=auto in production: the demo chain (catalogue, content, promo codes) was loaded, without staff accounts',
      );
    }
  } else if (result.version !== SEED_VERSION) {
    options.log.warn(
      { version: result.version, current: SEED_VERSION },
      'the database holds an older demo data version; `npm run db:reset` reloads it',
    );
  }
}
