// Playwright's webServer command for the API: a fresh, empty data folder on every run, then the
// API in the foreground, which migrates and seeds that folder's database and draws the pictures
// missing from DATA_DIR/images (so no separate `npm run build -w @app/api` here).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { REPO_ROOT } from '../../scripts/lib/env.mjs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) {
  console.error('start-api.mjs: DATA_DIR must be set (playwright.config.ts sets it)');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Same process group as us: Playwright's SIGTERM to the group reaches the API directly.
// Development, like `npm start`'s API: the journeys sign in through the SMS outbox and the demo
// staff (the API's own default, production, refuses both).
const api = spawn('npm', ['run', '--silent', 'start', '-w', '@app/api'], {
  cwd: REPO_ROOT,
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV?.trim() || 'development' },
  stdio: 'inherit',
});
api.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
