// `npm start`: build what is stale, then run the API and the storefront in production mode with
// one shared environment (the shell's, plus the root .env). Ctrl-C stops both; if either dies,
// the other is stopped and we exit non-zero.
import { buildApi, buildWeb } from './lib/build.mjs';
import { assertPortsFree, loadRootEnv, REPO_ROOT, resolveServers } from './lib/env.mjs';
import { prefix, startService, stopServices, waitForUrl } from './lib/processes.mjs';

const force = process.argv.includes('--rebuild');
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
  process.on(signal, () => {
    console.log(`\nReceived ${signal}, stopping the API and the storefront...`);
    void shutdown(0);
  });
}

function watch(service) {
  services.push(service);
  service.exited.then(({ name, code, signal }) => {
    void shutdown(code || 1, `${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
  });
  return service;
}

/** The workspace script's port is 3000; a later -p wins in Next's CLI. */
const webPortArgs = (port) => (port === 3000 ? [] : ['--', '-p', String(port)]);

try {
  const envFile = loadRootEnv();
  if (envFile) console.log(`Loaded ${envFile}`);
  const servers = resolveServers({ ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' });
  const { env, api, web } = servers;
  // `npm start` is the local demo: the storefront runs its production build, but the API runs in
  // development, said here explicitly because the API's own default is production (which refuses
  // the SMS outbox that demo sign-in reads its codes from, the demo secrets and staff, and /docs).
  // A NODE_ENV set in the shell or .env still wins, so NODE_ENV=production npm start is the real
  // thing with its checks (README, production checklist).
  const apiEnv = {
    ...env,
    NODE_ENV: process.env.NODE_ENV?.trim() || 'development',
    // glibc gives each thread that allocates (sharp's image workers, PGlite, libuv) a malloc arena of
    // its own and keeps their memory: 2 arenas cut the API's peak RSS by ~120 MB under the orders
    // bench (docs/perf/orders.md). A value in the shell or .env wins.
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX?.trim() || '2',
    // V8 lets the old generation grow far past what is live before it collects it fully: under the
    // orders bench on PGlite the heap held ~70 MB live but grew to ~165 MB, and the API peaked at
    // 510-533 MB RSS. A heap limit makes it collect sooner, at the same CPU per order: 437-445 MB
    // (docs/perf/orders.md, round 4). A value in the shell or .env wins.
    NODE_OPTIONS: env.NODE_OPTIONS?.trim() || '--max-old-space-size=256',
  };
  await assertPortsFree({ api, web });

  await buildApi(apiEnv);
  // The API starts before the storefront is built, so a page that Next prerenders at build time
  // can already fetch its data.
  const apiService = watch(
    startService('api', 'npm', ['run', '--silent', 'start', '-w', '@app/api'], {
      cwd: REPO_ROOT,
      env: apiEnv,
    }),
  );
  await waitForUrl(`${api.url}/healthz`, apiService, 180_000);
  await buildWeb({ force, env });
  const webService = watch(
    startService('web', 'npm', ['run', '--silent', 'start', '-w', '@app/web', ...webPortArgs(web.port)], {
      cwd: REPO_ROOT,
      env,
    }),
  );
  await waitForUrl(`${web.url}/`, webService, 120_000);

  console.log(`
${prefix('ready')} Storefront: ${web.url}
${prefix('ready')} API:        ${api.url} (docs at ${api.url}/docs)
Press Ctrl-C to stop both.
`);
} catch (error) {
  await shutdown(1, `npm start failed: ${error instanceof Error ? error.message : String(error)}`);
}
