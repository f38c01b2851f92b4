import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { CurrentStatuses, OrderEvents } from './order-events.ts';
import { createPgliteOrderEvents } from './pglite.ts';
import { createPostgresOrderEvents } from './postgres.ts';

export type {
  AnyStatusListener,
  CatalogueChangeListener,
  CurrentStatuses,
  OrderEvents,
  OrderStatusListener,
  TokenRevocation,
  TokenRevocationListener,
} from './order-events.ts';
export {
  CATALOGUE_CHANGED_CHANNEL,
  EVERYTHING_CHANGED,
  ORDER_STATUS_CHANNEL,
  publishTokensRevoked,
  TOKENS_REVOKED_CHANNEL,
} from './order-events.ts';

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

/**
 * The status bus for the app's database: LISTEN on a connection of its own for PostgreSQL (opened with
 * the pool's settings), PGlite's listen() for the embedded database. Drizzle keeps the driver's client
 * as `$client`, so the bus follows whatever database the app was given (tests pass their own).
 */
export async function createOrderEvents(
  db: Db,
  deps: { log: Log; currentStatuses?: CurrentStatuses },
): Promise<OrderEvents> {
  // `$client` is on both Drizzle drivers but not on the driver-neutral PgDatabase type.
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return createPgliteOrderEvents(client, { log: deps.log, db });
  if (client instanceof pg.Pool) {
    // PoolOptions extends ClientConfig; the pool-only fields (max, idle timeouts) are ignored.
    return createPostgresOrderEvents({
      connection: client.options,
      db,
      log: deps.log,
      ...(deps.currentStatuses ? { currentStatuses: deps.currentStatuses } : {}),
    });
  }
  throw new Error('order events: the database is neither PGlite nor a pg Pool');
}
