import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import {
  BUS_BARRIER_CHANNEL,
  CATALOGUE_CHANGED_CHANNEL,
  CatalogueChanges,
  type CurrentStatuses,
  catchUp,
  EVERYTHING_CHANGED,
  ORDER_STATUS_CHANNEL,
  type OrderEvents,
  publishInTx,
  Revocations,
  Subscriptions,
  TOKENS_REVOKED_CHANNEL,
} from './order-events.ts';

type Log = ConstructorParameters<typeof Subscriptions>[0];

export type PostgresOrderEventsOptions = {
  /** How to open the listening connection (the pool's own settings). */
  connection: pg.ClientConfig;
  log: Log;
  currentStatuses?: CurrentStatuses;
  /** First delay before reconnecting, doubled on each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * The bus on PostgreSQL: one dedicated connection per process runs LISTEN (a pooled connection would
 * be handed to other queries and lose it). When that connection drops, it is opened again with
 * growing delays, and every subscribed order then gets its current status (see catchUp).
 */
export async function createPostgresOrderEvents(options: PostgresOrderEventsOptions): Promise<OrderEvents> {
  const { log } = options;
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const subs = new Subscriptions(log);
  const revocations = new Revocations(log);
  const catalogue = new CatalogueChanges(log);
  let client: pg.Client | null = null;
  let closing = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  /** The markers `settled` is waiting for, by payload. */
  const barriers = new Map<string, () => void>();

  const lost = (which: pg.Client, error?: Error) => {
    // Events of a connection we already gave up on (or of one not yet in use) change nothing.
    if (which !== client) return;
    client = null;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    if (closing) return;
    log.warn({ err: error }, 'order status listener lost its connection; reconnecting');
    schedule();
  };

  const connect = async () => {
    const next = new pg.Client({ ...options.connection, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === ORDER_STATUS_CHANNEL) subs.dispatchPayload(message.payload);
      else if (message.channel === TOKENS_REVOKED_CHANNEL) revocations.dispatchPayload(message.payload);
      else if (message.channel === CATALOGUE_CHANGED_CHANNEL) catalogue.dispatchPayload(message.payload);
      // Another process's markers are not in the map: ignored.
      else if (message.channel === BUS_BARRIER_CHANNEL) barriers.get(message.payload ?? '')?.();
    });
    // Without an 'error' listener a dropped connection would crash the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(
        `LISTEN ${ORDER_STATUS_CHANNEL}; LISTEN ${TOKENS_REVOKED_CHANNEL}; LISTEN ${CATALOGUE_CHANGED_CHANNEL}; LISTEN ${BUS_BARRIER_CHANNEL}`,
      );
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closing) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
  };

  const schedule = () => {
    if (timer || closing) return;
    const delay = Math.min(maxRetryMs, retryMs * 2 ** attempt);
    attempt++;
    timer = setTimeout(async () => {
      timer = null;
      try {
        await connect();
        if (closing) return;
        log.info({}, 'order status listener reconnected');
        // A sign-out while the connection was down was not heard: its listeners check again.
        revocations.dispatch({ kind: 'maybe-missed' });
        // So may a catalogue change: every cached read is dropped.
        catalogue.dispatch(EVERYTHING_CHANGED);
        await catchUp(subs, options.currentStatuses, log);
      } catch (error) {
        log.warn({ err: error, attempt }, 'order status listener could not reconnect; retrying');
        schedule();
      }
    }, delay);
    // A pending reconnect alone does not keep the process alive.
    timer.unref();
  };

  // The app's pool has just migrated this database, so a failure here is real: report it at start.
  await connect();

  const settled = async (db: DbOrTx, timeoutMs = 2_000): Promise<void> => {
    if (client === null || closing) return;
    const id = randomUUID();
    let timeout: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      barriers.set(id, resolve);
      timeout = setTimeout(() => {
        log.warn({ timeoutMs }, 'bus marker not heard in time; going on');
        resolve();
      }, timeoutMs);
    });
    try {
      await db.execute(sql`select pg_notify(${BUS_BARRIER_CHANNEL}, ${id})`);
      await arrived;
    } finally {
      clearTimeout(timeout);
      barriers.delete(id);
    }
  };

  return {
    name: 'postgres',
    publish: publishInTx,
    subscribe: (orderId, listener) => subs.add(orderId, listener),
    onTokensRevoked: (listener) => revocations.add(listener),
    onCatalogueChanged: (listener) => catalogue.add(listener),
    settled,
    get listening() {
      return client !== null;
    },
    close: async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      subs.clear();
      revocations.clear();
      catalogue.clear();
      for (const resolve of barriers.values()) resolve();
      barriers.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => {});
      }
    },
  };
}
