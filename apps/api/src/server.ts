import { buildApp, imagesDir } from './app.ts';
import { EnvError, loadEnv } from './env.ts';
import { ensureImages } from './images/images.ts';
import { imagesInDb } from './images/images-in-db.ts';
import { listen } from './listen.ts';
import { staffSignInBanner } from './modules/staff/staff-banner.ts';

/** Starts the API: open and prepare the database, make missing images, listen, stop cleanly. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ env });
  const images = await ensureImages(imagesDir(env), await imagesInDb(app.db));
  app.log.info(images, 'images ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Fastify stops accepting, finishes in-flight requests, then its onClose closes the database
    // (PGlite keeps the process alive until it is closed).
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // 'localhost': this machine only (127.0.0.1 and ::1); see listen.ts.
  await listen(app, { host: env.HOST, port: env.PORT });
  const shown =
    env.HOST === 'localhost' || env.HOST === '::' || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
  app.log.info(`API ready at http://${shown}:${env.PORT} (docs at /docs)`);
  console.log(`API:  http://${shown}:${env.PORT}  (OpenAPI: http://${shown}:${env.PORT}/docs)`);
  // The demo's sign-in hint; never in production, which has no demo staff and no password to show.
  if (env.NODE_ENV !== 'production' && env.STAFF_DEMO_PASSWORD !== undefined) {
    try {
      const banner = await staffSignInBanner(app.db, {
        shipperId: env.SHIPPER_ID,
        password: env.STAFF_DEMO_PASSWORD,
        apiUrl: `http://${shown}:${env.PORT}`,
      });
      for (const line of banner) console.log(line);
    } catch (error) {
      app.log.warn({ err: error }, 'could not list the staff accounts');
    }
  }
}

main().catch((error) => {
  // A refusal to start (production rules, demo staff passwords in the database) is a message for
  // the operator, not a crash: no stack.
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
