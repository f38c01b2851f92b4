// `npm run dev`: the API in watch mode (tsx watch) and `next dev` side by side, output prefixed
// [api] / [web]. Ctrl-C stops both; if either dies, the other is stopped too.
import { buildApi } from './lib/build.mjs';
import { assertPortsFree, loadRootEnv, REPO_ROOT, resolveServers } from './lib/env.mjs';
import { prefix, startService, stopServices, waitForUrl } from './lib/processes.mjs';

const services = [];
let stopping = false;

async function shutdown(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`\n${reason}`);
  await stopServices(services);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void shutdown(0));
}

const webPortArgs = (port) => (port === 3000 ? [] : ['--', '-p', String(port)]);

try {
  const envFile = loadRootEnv();
  if (envFile) console.log(`Loaded ${envFile}`);
  const { env, api, web } = resolveServers({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
  await assertPortsFree({ api, web });

  // The pictures are files written by the API's build; a fresh clone has none yet.
  await buildApi(env);

  // Watch mode is development by definition (next dev sets it for the storefront itself); the API
  // must be told, since its default is production.
  const apiService = startService('api', 'npm', ['run', '--silent', 'dev', '-w', '@app/api'], {
    cwd: REPO_ROOT,
    env: { ...env, NODE_ENV: 'development' },
  });
  // No -H: Next listens on every interface, and -H 127.0.0.1 breaks the locale rewrite.
  const webService = startService(
    'web',
    'npm',
    ['run', '--silent', 'dev', '-w', '@app/web', ...webPortArgs(web.port)],
    {
      cwd: REPO_ROOT,
      env,
    },
  );
  for (const service of [apiService, webService]) {
    services.push(service);
    service.exited.then(({ name, code, signal }) => {
      void shutdown(code || 1, `${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    });
  }

  await Promise.all([
    waitForUrl(`${api.url}/healthz`, apiService, 180_000),
    waitForUrl(`${web.url}/`, webService, 300_000),
  ]);
  console.log(`
${prefix('ready')} Storefront: ${web.url} (next dev: each page compiles on its first visit)
${prefix('ready')} API:        ${api.url} (docs at ${api.url}/docs), restarts when its code changes
`);
} catch (error) {
  await shutdown(1, `npm run dev failed: ${error instanceof Error ? error.message : String(error)}`);
}
