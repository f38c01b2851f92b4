// `npm run db:reset`: wipe the database and load the demo chain again, with the same .env as
// `npm start` (so DATABASE_URL in .env resets that PostgreSQL, not the embedded database).
import { spawnSync } from 'node:child_process';
import { isPortTaken, loadRootEnv, REPO_ROOT, resolveServers } from './lib/env.mjs';

loadRootEnv();
const { env, api } = resolveServers(process.env);
const embedded = !env.DATABASE_URL?.trim();

// The embedded database allows one process per folder: resetting it under a running API corrupts it.
if (embedded && (await isPortTaken(api.port))) {
  console.error(
    `Something is listening on the API port ${api.port}; stop npm start / npm run dev first ` +
      '(the embedded database cannot be reset while the API holds it).',
  );
  process.exit(1);
}

// The local demo's database, like `npm start`'s API: development unless the shell or .env says
// otherwise (the reset refuses to run in production).
const result = spawnSync('npm', ['run', '--silent', 'db:reset', '-w', '@app/api'], {
  cwd: REPO_ROOT,
  env: { ...env, NODE_ENV: process.env.NODE_ENV?.trim() || 'development' },
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
