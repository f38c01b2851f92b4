/**
 * The API process ordering-crash.test.ts kills with SIGKILL (run with `node --import tsx`, forked
 * with an IPC channel). It is the real app on the database the test names (CRASH_CHILD: a PostgreSQL
 * URL, or a PGlite data folder it migrates and seeds with the fixture chain), listening on a free
 * port of 127.0.0.1, with one customer signed in through the real code flow. It sends the test
 * `{ ready: { port, customer } }`.
 *
 * The one thing changed: an order whose comment is HOLD_COMMENT stops inside its transaction, in
 * the status bus's publish (after the order, its lines and its first status are written, before the
 * key's answer and the commit), sends `{ held: orderId }` and never goes on. So the test kills the
 * process exactly there, every time, without sleeping.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { orders } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { ROOMY_RATE_LIMITS } from '../../test/app.ts';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import { signInTestCustomer } from '../../test/orders.ts';

export const HOLD_COMMENT = 'crash test: hold inside the transaction';

export type CrashChildConfig = { databaseUrl?: string; dataDir?: string };

export type CrashChildMessage =
  | { ready: { port: number; customer: { id: string; token: string } } }
  | { held: string };

async function main() {
  const send = (message: CrashChildMessage) => process.send?.(message);
  const config = JSON.parse(process.env.CRASH_CHILD ?? '{}') as CrashChildConfig;
  const handle = await createDb(config);
  await migrateDb(handle);
  await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
  const app = await buildApp({
    db: handle,
    // The test places more orders than a customer may in ten minutes (RATE_LIMIT_ORDER), here and in
    // the parent, which share the database and so the counters.
    env: {
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'api-crash-child-')),
      ...ROOMY_RATE_LIMITS,
    },
    logger: false,
    runJobs: false,
  });
  // Placing tells the bus once the order and its outbox row are written, in its transaction: the
  // point to hold it at.
  const published = app.orderEvents.published;
  app.orderEvents.published = async (tx, event) => {
    const [order] = await tx
      .select({ comment: orders.comment })
      .from(orders)
      .where(eq(orders.id, event.order_id));
    if (order?.comment === HOLD_COMMENT) {
      send({ held: event.order_id });
      await new Promise<never>(() => {});
    }
    return published(tx, event);
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const customer = await signInTestCustomer(app);
  send({ ready: { port: address.port, customer: { id: customer.id, token: customer.token } } });
}

// Only when run as the child: the test imports HOLD_COMMENT and the types (and a vitest worker may
// have an IPC channel of its own).
if (process.env.CRASH_CHILD) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
