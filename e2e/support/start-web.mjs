// Playwright's webServer command for the storefront: `next build` when a web source changed since
// the last build (the API is already up, so build-time fetches work), then `next start`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWeb } from '../../scripts/lib/build.mjs';
import { REPO_ROOT } from '../../scripts/lib/env.mjs';

const port = process.env.E2E_WEB_PORT || '3000';

await buildWeb();

// `next start` itself rather than the workspace script, whose port is fixed at 3000. No -H: Next
// listens on every interface, and -H 127.0.0.1 breaks the locale rewrite.
const web = spawn(join(REPO_ROOT, 'node_modules/.bin/next'), ['start', '-p', port], {
  cwd: join(REPO_ROOT, 'apps/web'),
  stdio: 'inherit',
});
web.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
