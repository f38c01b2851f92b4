// Playwright's webServer command for the storefront: `next build` when a web source changed since
// the last build (the API is already up, so build-time fetches work), then the storefront's server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWeb } from '../../scripts/lib/build.mjs';
import { REPO_ROOT } from '../../scripts/lib/env.mjs';

const port = process.env.E2E_WEB_PORT || '3000';

await buildWeb();

// The storefront's production server (`next start` plus brotli for build files, apps/web/server.mjs)
// itself rather than the workspace script, whose port is fixed at 3000. No -H: it listens on every
// interface, and -H 127.0.0.1 breaks the locale rewrite.
const web = spawn(process.execPath, [join(REPO_ROOT, 'apps/web/server.mjs'), '-p', port], {
  cwd: join(REPO_ROOT, 'apps/web'),
  stdio: 'inherit',
});
web.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
