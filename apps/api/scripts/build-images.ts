/**
 * `npm run build`: renders every image of the demo data ahead of the first start, so that start
 * is quick. It seeds a throwaway in-memory database to learn which images the data names (the
 * same way the server does at start), and writes the missing files into DATA_DIR/images.
 */
import { imagesDir } from '../src/app.ts';
import { createDb } from '../src/db/client.ts';
import { migrateDb } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/index.ts';
import { loadDataDir } from '../src/env.ts';
import { ensureImages } from '../src/images/images.ts';
import { imagesInDb } from '../src/images/images-in-db.ts';

// Only the data folder: the build needs nothing else, and must work where the production
// settings (SMS provider, secrets) are not given, such as a build machine.
const env = { DATA_DIR: loadDataDir() };
const handle = await createDb();
try {
  await migrateDb(handle);
  // Staff accounts have no pictures: skipping them spares a scrypt hash per account.
  await seedDatabase(handle.db, { staff: false });
  const started = Date.now();
  const result = await ensureImages(imagesDir(env), await imagesInDb(handle.db));
  console.log(
    `Images: ${result.total} in ${imagesDir(env)}, ${result.written} written in ${Date.now() - started} ms`,
  );
} finally {
  await handle.close();
}
