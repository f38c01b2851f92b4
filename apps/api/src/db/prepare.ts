import type { DbHandle } from './client.ts';
import { migrateDb } from './migrate.ts';
import { refreshSearchKeys } from './seed/catalog.ts';
import { SEED_VERSION, seedDatabase } from './seed/index.ts';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** What every start does before serving: migrate, then load the demo chain into an empty database. */
export async function prepareDatabase(
  handle: DbHandle,
  options: { seed: 'auto' | 'never'; log: Log; staffPassword?: string },
) {
  await migrateDb(handle);
  const refreshed = await refreshSearchKeys(handle.db);
  if (refreshed)
    options.log.info({ products: refreshed }, 'search keys updated to the current folding rules');
  if (options.seed === 'never') return;
  const result = await seedDatabase(
    handle.db,
    options.staffPassword ? { staffPassword: options.staffPassword } : {},
  );
  if (result.added?.length) options.log.info({ parts: result.added }, 'demo data parts added');
  if (result.seeded) {
    options.log.info({ version: result.version }, 'demo data loaded');
  } else if (result.version !== SEED_VERSION) {
    options.log.warn(
      { version: result.version, current: SEED_VERSION },
      'the database holds an older demo data version; `npm run db:reset` reloads it',
    );
  }
}
