import { sql } from 'drizzle-orm';
import { imagesDir } from '../app.ts';
import { EnvError, loadEnv } from '../env.ts';
import { ensureImages } from '../images/images.ts';
import { imagesInDb } from '../images/images-in-db.ts';
import { createDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

/** `npm run db:reset`: drop everything (tables and migration history), migrate, load the demo chain. */
async function main() {
  const env = loadEnv();
  if (env.NODE_ENV === 'production') {
    // It wipes every table and loads the demo chain with its staff: never what a deployment wants.
    throw new EnvError(
      ['NODE_ENV: db:reset wipes the database and loads the demo chain; it does not run in production'],
      'Refusing to reset',
    );
  }
  const handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`create schema public`);
    await migrateDb(handle);
    const result = await seedDatabase(handle.db, { staffPassword: env.STAFF_DEMO_PASSWORD });
    const images = await ensureImages(imagesDir(env), await imagesInDb(handle.db));
    console.log(
      `Database reset (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`}); demo data ${result.version}; ${images.written} images written.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
