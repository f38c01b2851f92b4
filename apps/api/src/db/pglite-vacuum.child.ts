/**
 * The process pglite-vacuum.test.ts starts (`node --import tsx`, no IPC channel: one would keep it
 * alive): an app on an in-memory PGlite with the maintenance job on a 20 ms timer, which runs a few
 * rounds, then closes the app and the database and returns. It prints `rounds <n>` and `closed`; the
 * test checks that the process then exits by itself, with nothing left to keep it alive.
 */
import Fastify from 'fastify';
import { createDb } from './client.ts';
import { pgliteClientOf, pgliteMaintenance, registerPgliteVacuumJob } from './pglite-vacuum.job.ts';

async function main() {
  const handle = await createDb({});
  const app = Fastify({ logger: false });
  app.decorate('db', handle.db);
  const client = pgliteClientOf(handle.db);
  if (!client) throw new Error('expected PGlite');
  const maintenance = pgliteMaintenance(client, { limits: { intervalMs: 0 } });
  let rounds = 0;
  registerPgliteVacuumJob(app, {
    checkMs: 20,
    maintenance: {
      run: async (closing) => {
        rounds += 1;
        return maintenance.run(closing);
      },
    },
  });
  await app.ready();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await app.close();
  await handle.close();
  console.log(`rounds ${rounds}`);
  console.log('closed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
