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
  Revocations,
  Subscriptions,
  TOKENS_REVOKED_CHANNEL,
} from './order-events.ts';
import { StatusFeed, writeToOutbox } from './status-feed.ts';

type Log = ConstructorParameters<typeof Subscriptions>[0];

/**
 * How long after a publish this process sends its "read the outbox" NOTIFY: publishes of one tick
 * share one notification (sent outside any order's transaction), and the order's own transaction
 * has usually committed by then.
 */
export const NUDGE_TICK_MS = 20;
/** One more notification this long after the last one, for transactions that committed after it. */
export const NUDGE_TRAILING_MS = 150;
/** How often each process reads the outbox without being asked (a lost notification's bound). */
export const SAFETY_POLL_MS = 1_000;

export type PostgresOrderEventsOptions = {
  /** How to open the listening connection (the pool's own settings). */
  connection: pg.ClientConfig;
  /** The app's database: the status feed reads the outbox through it. */
  db: DbOrTx;
  log: Log;
  currentStatuses?: CurrentStatuses;
  /** SAFETY_POLL_MS unless given (tests). */
  safetyPollMs?: number;
  /** First delay before reconnecting, doubled on each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * The bus on PostgreSQL: one dedicated connection per process runs LISTEN (a pooled connection would
 * be handed to other queries and lose it). When that connection drops, it is opened again with
 * growing delays; the status feed then reads every outbox row it missed, and every subscribed order
 * also gets its current status (see catchUp: for changes written without the outbox).
 *
 * Status changes: `publish` writes an outbox row in the caller's transaction and no NOTIFY there
 * (PostgreSQL serialises the commits of notifying transactions: docs/perf/orders.md, round 3). A tick
 * later this process sends one `NOTIFY order_status` on its listening connection for all the
 * publishes of that tick, and every process's feed then reads the outbox (status-feed.ts). A
 * notification that is lost (a crash between commit and tick, a dropped connection) only delays the
 * change until the next read: the trailing notification, another publish's, or the safety timer.
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
  const feed = new StatusFeed(options.db, subs, log, { safetyMs: options.safetyPollMs ?? SAFETY_POLL_MS });
  let nudgeTimer: NodeJS.Timeout | null = null;
  let trailingTimer: NodeJS.Timeout | null = null;

  /** A nudge is on the listening connection; `nudgeWanted`: another was asked for meanwhile. */
  let nudgeInFlight = false;
  let nudgeWanted = false;
  const sendNudge = () => {
    const current = client;
    // While reconnecting, nobody here hears it; the other processes read on their safety timer.
    if (!current || closing) return;
    // One query at a time on the connection (pg queues a second one, deprecated, gone in pg 9): a nudge
    // asked for while one is under way is sent once it is answered, for every publish before it.
    if (nudgeInFlight) {
      nudgeWanted = true;
      return;
    }
    nudgeInFlight = true;
    current
      .query(`select pg_notify('${ORDER_STATUS_CHANNEL}', '')`)
      .catch((error: unknown) => log.warn({ err: error }, 'order status nudge failed'))
      .finally(() => {
        nudgeInFlight = false;
        if (nudgeWanted) {
          nudgeWanted = false;
          sendNudge();
        }
      });
  };
  /** After a publish: one notification at the next tick, and a trailing one after the last tick. */
  const nudge = () => {
    if (nudgeTimer || closing) return;
    nudgeTimer = setTimeout(() => {
      nudgeTimer = null;
      sendNudge();
      if (trailingTimer) clearTimeout(trailingTimer);
      trailingTimer = setTimeout(() => {
        trailingTimer = null;
        sendNudge();
      }, NUDGE_TRAILING_MS);
      trailingTimer.unref();
    }, NUDGE_TICK_MS);
    nudgeTimer.unref();
  };

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
      // The payload says nothing: the outbox has the changes.
      if (message.channel === ORDER_STATUS_CHANNEL) void feed.poll();
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
        // Every status change committed while deaf, in order, each once.
        await feed.poll();
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
  try {
    await feed.start();
  } catch (error) {
    closing = true;
    // Set by connect() above; TypeScript does not follow the assignment inside it.
    const opened = client as pg.Client | null;
    client = null;
    await opened?.end().catch(() => {});
    throw error;
  }

  const settled = async (db: DbOrTx, timeoutMs = 2_000): Promise<void> => {
    if (client === null || closing) return;
    // A read that starts now sees every status change committed before.
    await feed.poll();
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
    publish: async (tx, event) => {
      await writeToOutbox(tx, event);
      nudge();
    },
    published: async () => {
      nudge();
    },
    subscribe: (orderId, listener) => subs.add(orderId, listener),
    onAnyStatus: (listener) => subs.addAll(listener),
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
      if (nudgeTimer) clearTimeout(nudgeTimer);
      if (trailingTimer) clearTimeout(trailingTimer);
      nudgeTimer = null;
      trailingTimer = null;
      feed.close();
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
