import type { PGlite } from '@electric-sql/pglite';
import type { DbOrTx } from '../../db/client.ts';
import {
  CATALOGUE_CHANGED_CHANNEL,
  CatalogueChanges,
  ORDER_STATUS_CHANNEL,
  type OrderEvents,
  Revocations,
  Subscriptions,
  TOKENS_REVOKED_CHANNEL,
} from './order-events.ts';
import { StatusFeed, writeToOutbox } from './status-feed.ts';

type Log = ConstructorParameters<typeof Subscriptions>[0];

/** How often the status feed reads the outbox even if nothing asked it to (as on PostgreSQL). */
const SAFETY_POLL_MS = 1_000;

/**
 * The bus on PGlite: the database lives in this process, so PGlite's own `listen()` hears every
 * committed notification (it delivers them after the transaction commits, never for a rollback).
 * Nothing can be missed, so revocation listeners never hear 'maybe-missed' and catalogue listeners
 * never hear 'everything changed'.
 *
 * Status changes go through the outbox as on PostgreSQL (status-feed.ts): `publish` writes the row in
 * the caller's transaction and asks the feed to read at once. PGlite runs one statement or
 * transaction at a time, so that read waits for the publishing transaction to end and sees its row
 * exactly when it committed.
 */
export async function createPgliteOrderEvents(
  client: PGlite,
  options: { log: Log; db: DbOrTx },
): Promise<OrderEvents> {
  const subs = new Subscriptions(options.log);
  const feed = new StatusFeed(options.db, subs, options.log, { safetyMs: SAFETY_POLL_MS });
  await feed.start();
  // A NOTIFY on the status channel (by hand, say) makes the feed read too.
  const unlisten = await client.listen(ORDER_STATUS_CHANNEL, () => {
    setImmediate(() => void feed.poll());
  });
  const revocations = new Revocations(options.log);
  const unlistenRevocations = await client.listen(TOKENS_REVOKED_CHANNEL, (payload) => {
    setImmediate(() => revocations.dispatchPayload(payload));
  });
  const catalogue = new CatalogueChanges(options.log);
  // At once, not on the next turn: its listeners only drop cache entries and write to streams (no
  // database call), and so the writing request's next read in this process already misses the cache.
  const unlistenCatalogue = await client.listen(CATALOGUE_CHANGED_CHANNEL, (payload) =>
    catalogue.dispatchPayload(payload),
  );
  let closed = false;
  return {
    name: 'pglite',
    publish: async (tx, event) => {
      await writeToOutbox(tx, event);
      // On the next turn: the read then queues behind the publishing transaction (see above).
      setImmediate(() => void feed.poll());
    },
    published: async () => {
      setImmediate(() => void feed.poll());
    },
    subscribe: (orderId, listener) => subs.add(orderId, listener),
    onAnyStatus: (listener) => subs.addAll(listener),
    onTokensRevoked: (listener) => revocations.add(listener),
    onCatalogueChanged: (listener) => catalogue.add(listener),
    // The catalogue listener runs during the commit itself (above); statuses need one read.
    settled: () => feed.poll(),
    get listening() {
      return !closed && !client.closed;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      feed.close();
      subs.clear();
      revocations.clear();
      catalogue.clear();
      if (!client.closed) {
        await unlisten().catch(() => {});
        await unlistenRevocations().catch(() => {});
        await unlistenCatalogue().catch(() => {});
      }
    },
  };
}
