/**
 * `npm run lint:openapi`: writes the API's OpenAPI document (the app built in-process on an empty
 * in-memory database, as /openapi.json serves it) to .test-data/openapi.json, then lints it with
 * Redocly CLI under redocly.yaml. `--write-only` stops after writing. Nothing here reaches the
 * network: Redocly's telemetry and update check are switched off.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { createDb } from '../src/db/client.ts';
import { migrateDb } from '../src/db/migrate.ts';
import { REPO_ROOT } from '../src/env.ts';

const output = join(REPO_ROOT, '.test-data', 'openapi.json');
// The document as a development start serves it (/openapi.json is off in production, and production
// would refuse this script's SMS outbox and missing secrets before building anything).
process.env.NODE_ENV = 'development';

async function writeDocument(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openapi-'));
  const db = await createDb();
  try {
    await migrateDb(db);
    const app = await buildApp({
      db,
      env: { SEED: 'never', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      logger: false,
      runJobs: false,
    });
    try {
      await app.ready();
      mkdirSync(join(REPO_ROOT, '.test-data'), { recursive: true });
      writeFileSync(output, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await writeDocument();
console.log(`OpenAPI document written to ${output}`);
if (!process.argv.includes('--write-only')) {
  const redocly = join(REPO_ROOT, 'node_modules', '.bin', 'redocly');
  const result = spawnSync(redocly, ['lint', output, '--config', join(REPO_ROOT, 'redocly.yaml')], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
}
